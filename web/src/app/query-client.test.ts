import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { retryDelay, SESSION_LOST_WAIT_MS, shouldRetry } from './query-client.ts';
import { SESSION_LOSS_RESET_MS } from '../api/session.ts';

const lost = new ApiError(401, 'Ihre Sitzung ist abgelaufen', '', true);

describe('query retries', () => {
  it('lets a query refused by a lost session wait for the reset instead of failing', () => {
    expect(shouldRetry(0, lost)).toBe(true);
    expect(retryDelay(0, lost)).toBe(SESSION_LOST_WAIT_MS);
    // The reset to the login screen clears the cache long before the wait ends.
    expect(SESSION_LOST_WAIT_MS).toBeGreaterThan(SESSION_LOSS_RESET_MS);
  });

  it('gives up waiting after a few rounds if no reset ever came', () => {
    expect(shouldRetry(3, lost)).toBe(false);
  });

  it('does not repeat refusals, and repeats a failed network or server call once', () => {
    expect(shouldRetry(0, new ApiError(403, 'Keine Berechtigung'))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'Nicht gefunden'))).toBe(false);
    expect(shouldRetry(0, new ApiError(0, 'Serverfehler', 'network'))).toBe(true);
    expect(shouldRetry(1, new ApiError(500, 'Serverfehler'))).toBe(false);
    expect(retryDelay(0, new ApiError(500, 'Serverfehler'))).toBe(1000);
  });
});
