import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { readConfig } from '../src/config.ts';
import { BENCH_PROBE_PATH, type BenchProbeReading, benchProbeSecret, countDatabase } from '../src/platform/bench-probe.ts';
import type { Database } from '../src/platform/db.ts';
import { createMailer } from '../src/platform/mail.ts';
import { createLocalStorage } from '../src/platform/storage.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { buildTestApp, freshDatabase } from './helpers.ts';

const SECRET = 'a-secret-of-the-bench-0123456789';

describe('bench probe (BENCH_PROBE)', () => {
  let database: Database;
  let app: App;
  let dataDir: string;

  beforeAll(async () => {
    database = await freshDatabase('seeded');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'filialportal-probe-'));
    const config = { ...readConfig({ DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web') }), seed: 'none' as const };
    app = await buildApp({
      db: database.db,
      config,
      mailer: createMailer({ smtpUrl: null, from: config.mailFrom, outboxDir: path.join(dataDir, 'outbox') }),
      storage: createLocalStorage(path.join(dataDir, 'files')),
      benchProbe: { secret: SECRET, counters: countDatabase(database) },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const read = async () => {
    const res = await app.inject({ method: 'GET', url: BENCH_PROBE_PATH, headers: { 'x-bench-probe': SECRET } });
    expect(res.statusCode).toBe(200);
    return res.json() as BenchProbeReading;
  };

  it('does not exist for a caller without the secret', async () => {
    expect((await app.inject({ method: 'GET', url: BENCH_PROBE_PATH })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: BENCH_PROBE_PATH, headers: { 'x-bench-probe': 'wrong' } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: BENCH_PROBE_PATH, headers: { 'x-bench-probe': `${SECRET.slice(0, -1)}x` } })).statusCode).toBe(404);
  });

  it('counts the API requests and the statements they send, not its own', async () => {
    const before = await read();
    const login = await app.inject({ method: 'POST', url: '/api/token', payload: { username: 'admin@example.com', password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(200);
    const user = await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${login.json().token}` } });
    expect(user.statusCode).toBe(200);
    const after = await read();
    expect(after.requests - before.requests).toBe(2);
    expect(after.statements - before.statements).toBeGreaterThanOrEqual(3);
    expect(after.cpuMicros).toBeGreaterThan(before.cpuMicros);
    if (database.kind === 'pglite') expect(after.engineMicros).toBeGreaterThan(before.engineMicros);
    else expect(after.engineMicros).toBe(0);
    // A statement run outside a request counts too: one, exactly.
    const quiet = await read();
    await database.db.execute(sql`select 1`);
    expect((await read()).statements - quiet.statements).toBe(1);
  });

  it('reports the event loop delay it measured since the last reading', async () => {
    await read();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { eventLoop } = await read();
    // Sampled every 10 ms: a reading without samples (the monitor not running) would be all zero.
    expect(eventLoop.p50).toBeGreaterThan(0);
    expect(eventLoop.p99).toBeGreaterThanOrEqual(eventLoop.p50);
    expect(eventLoop.max).toBeGreaterThanOrEqual(eventLoop.p99);
  });

  it('is off without BENCH_PROBE, and refuses a short secret', async () => {
    expect(benchProbeSecret({})).toBeNull();
    expect(benchProbeSecret({ BENCH_PROBE: SECRET })).toBe(SECRET);
    expect(() => benchProbeSecret({ BENCH_PROBE: 'short' })).toThrow(/16/);
    const t = await buildTestApp({ seed: false });
    try {
      expect((await t.app.inject({ method: 'GET', url: BENCH_PROBE_PATH, headers: { 'x-bench-probe': SECRET } })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
