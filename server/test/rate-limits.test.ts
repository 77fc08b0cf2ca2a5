import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { buildApp, type App } from '../src/app.ts';
import { readConfig } from '../src/config.ts';
import { createMailer } from '../src/platform/mail.ts';
import { countHit, deleteExpiredRateLimits } from '../src/platform/rate-limits.ts';
import { rateLimits } from '../src/platform/rate-limits.table.ts';
import { createLocalStorage } from '../src/platform/storage.ts';
import { buildTestApp, type TestContext } from './helpers.ts';

/** Rate limits count in the database, so every instance on it counts towards the same limit. */
let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
});
afterAll(() => t.close());

describe('counter', () => {
  it('counts parallel hits exactly once each and answers the rest of the window', async () => {
    const hits = await Promise.all(Array.from({ length: 20 }, () => countHit(t.db, 'parallel', 60_000)));
    expect(hits.map((h) => h.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const h of hits) {
      expect(h.ttl).toBeGreaterThan(55_000);
      expect(h.ttl).toBeLessThanOrEqual(60_000);
    }
  });

  it('starts an expired window afresh, and the cleanup deletes only expired counters', async () => {
    await countHit(t.db, 'old', 60_000);
    await countHit(t.db, 'old', 60_000);
    await t.db.update(rateLimits).set({ resetsAt: sql`now() - interval '1 second'` }).where(sql`${rateLimits.key} = 'old'`);
    expect((await countHit(t.db, 'old', 60_000)).current).toBe(1);
    await countHit(t.db, 'gone', 60_000);
    await t.db.update(rateLimits).set({ resetsAt: sql`now() - interval '1 second'` }).where(sql`${rateLimits.key} = 'gone'`);
    expect(await deleteExpiredRateLimits(t.db)).toBe(1);
    const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key).sort();
    expect(keys).toEqual(['old', 'parallel']);
  });
});

describe('routes', () => {
  // A body without fields is refused before any work; the limit counts it all the same.
  const forgotten = (app: App) => app.inject({ method: 'POST', url: '/api/password-forgotten', payload: {}, remoteAddress: '198.51.100.30' });

  it('keeps one count per route and address, shared by two apps on one database', async () => {
    const dataDir = path.join(os.tmpdir(), 'filialportal-rate-limits');
    const config = { ...readConfig({ DATA_DIR: dataDir, WEB_DIST: '' }), seed: 'none' as const };
    const other = await buildApp({
      db: t.db,
      config,
      mailer: createMailer({ smtpUrl: null, from: config.mailFrom, outboxDir: path.join(dataDir, 'outbox') }),
      storage: createLocalStorage(path.join(dataDir, 'files')),
    });
    try {
      const answers = [];
      for (let i = 0; i < 10; i++) answers.push(await forgotten(i % 2 ? other : t.app));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(400));
      expect(answers.map((a) => Number(a.headers['x-ratelimit-remaining']))).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
      for (const app of [t.app, other]) {
        const refused = await forgotten(app);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().error).toEqual({ code: 'rate_limited', message: MSG.tooManyRequests });
      }
      // The login route of the same address has a count of its own.
      const login = await t.app.inject({ method: 'POST', url: '/api/token', payload: {}, remoteAddress: '198.51.100.30' });
      expect(login.statusCode).toBe(400);
      expect(login.headers['x-ratelimit-remaining']).toBe('29');
    } finally {
      await other.close();
    }
  });
});
