import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEarly, takeEarly } from './early.ts';

describe('a GET started before the code that reads it', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('goes out once with the token and is taken once, by the same path only', async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const answer = new Response('{"user":{}}', { status: 200 });
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      return Promise.resolve(answer);
    });
    startEarly('/api/user', 'tok');
    startEarly('/api/user', 'tok');
    expect(calls).toHaveLength(1);
    expect(calls[0]![1]?.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer tok' });

    expect(takeEarly('/api/user/list/0')).toBeUndefined();
    expect(await takeEarly('/api/user')).toBe(answer);
    // The next call asks the server itself.
    expect(takeEarly('/api/user')).toBeUndefined();
  });

  it('is left when nobody took it within 10 s: a later call must not read old news', () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{}')));
    startEarly('/api/user', 'tok');
    vi.advanceTimersByTime(10_001);
    expect(takeEarly('/api/user')).toBeUndefined();
  });

  it('keeps a failure for the call that takes it, without an unhandled rejection', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    startEarly('/api/user', 'tok');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(takeEarly('/api/user')).rejects.toThrow('Failed to fetch');
  });
});
