import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';
import { SESSION_LOSS_RESET_MS } from '../api/session.ts';

/**
 * A query refused because the session ended waits (still loading) for the reset to the login
 * screen, which clears the cache and cancels the wait; it never settles as an error. So behind
 * the 'Sitzung abgelaufen' alert lists keep their skeleton rows instead of an empty state
 * ('Keine Anträge vorhanden') drawn from a failed call.
 */
export const SESSION_LOST_WAIT_MS = 2 * SESSION_LOSS_RESET_MS;

/** How often a refused query waits before it gives up (only if the reset never came). */
const SESSION_LOST_WAITS = 3;

/** Refusals (4xx) are final; a failed network or server call is tried once more; a lost session waits. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.sessionLost) return failureCount < SESSION_LOST_WAITS;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** The pause before the next try: the default back-off, or the wait for the reset after a session loss. */
export function retryDelay(failureCount: number, error: unknown): number {
  if (error instanceof ApiError && error.sessionLost) return SESSION_LOST_WAIT_MS;
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
