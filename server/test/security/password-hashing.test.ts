import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/platform/passwords.ts';

/**
 * Many people signing in at once (shift start) must not take every thread of libuv's pool, which
 * also reads the files people download: a file read waits at most for the pool's own queue, not
 * for a password hash of a quarter to a whole second.
 */
describe('password hashes at shift start', () => {
  it('leave threads for reading files while six are computed', async () => {
    const started = performance.now();
    const single = await hashPassword('calibration');
    const hashMs = performance.now() - started;
    expect(await verifyPassword('calibration', single)).toBe(true);

    const hashes = Array.from({ length: 6 }, (_, i) => hashPassword(`kennwort-${i}`));
    // Let the first hashes reach the pool before the files are asked for.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const reads: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await readFile(new URL(import.meta.url));
      reads.push(performance.now() - t0);
    }
    const stored = await Promise.all(hashes);
    expect(Math.max(...reads)).toBeLessThan(hashMs / 2);
    expect(await Promise.all(stored.map((h, i) => verifyPassword(`kennwort-${i}`, h)))).toEqual(Array(6).fill(true));
  }, 60_000);
});
