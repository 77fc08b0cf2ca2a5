import pg from 'pg';
import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import { buildApp } from '../server/src/app.ts';
import { readConfig } from '../server/src/config.ts';
import { openPostgres } from '../server/src/platform/db.ts';
import { createMailer } from '../server/src/platform/mail.ts';
import { createLocalStorage } from '../server/src/platform/storage.ts';
import { ENDPOINTS } from '../bench/src/bench.ts';

const largest = process.env.LARGEST!;
const only = process.env.ONLY;
const d = await openPostgres('postgres://postgres@127.0.0.1:5432/fp_perf', 4);
const pool = (d.db as any).$client as pg.Pool;
let rec: { text: string; values: unknown[] }[] | null = null;
const orig = pool.query.bind(pool);
(pool as any).query = (...args: any[]) => {
  if (rec) { const a = args[0]; rec.push(typeof a === 'string' ? { text: a, values: args[1] ?? [] } : { text: a.text, values: a.values ?? args[1] ?? [] }); }
  return (orig as any)(...args);
};
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trace-'));
const config = { ...readConfig({ DATA_DIR: dataDir }), seed: 'none' as const };
const app = await buildApp({ db: d.db, config, mailer: createMailer({ smtpUrl: null, from: 'x@y', outboxDir: dataDir }), storage: createLocalStorage(dataDir), verifyResponses: false });
await app.ready();
const tokens = new Map<string, string>();
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/fp_perf' });
await admin.connect();
for (const e of ENDPOINTS) {
  if (only && !e.name.includes(only)) continue;
  if (!tokens.has(e.as)) tokens.set(e.as, (await app.inject({ method: 'POST', url: '/api/token', payload: { username: e.as, password: 'demo1234' } })).json().token);
  const url = e.path({ largest });
  const headers = { authorization: `Bearer ${tokens.get(e.as)}` };
  for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url, headers });
  rec = [];
  const res = await app.inject({ method: 'GET', url, headers });
  const stmts = rec; rec = null;
  const N = Number(process.env.N ?? 100);
  const c0 = process.cpuUsage(); const t0 = performance.now();
  for (let i = 0; i < N; i++) await app.inject({ method: 'GET', url, headers });
  const c = process.cpuUsage(c0); const wall = (performance.now() - t0) / N;
  console.log(`\n## ${e.name} ${res.statusCode} ${res.body.length} B  node ${((c.user + c.system) / N).toFixed(0)} µs  wall ${(wall * 1000).toFixed(0)} µs  stmts ${stmts.length}`);
  for (const s of stmts) {
    let best = Infinity, buf = 0;
    for (let i = 0; i < 3; i++) {
      const r = await admin.query({ text: 'explain (analyze, buffers, format json) ' + s.text, values: s.values as any[] });
      const plan = r.rows[0]['QUERY PLAN'][0];
      if (plan['Execution Time'] < best) { best = plan['Execution Time']; buf = plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks']; }
    }
    console.log(`  ${best.toFixed(3)} ms ${buf} buf | ${s.text.replace(/\s+/g, " ").slice(0, 220)}`); if (process.env.DUMP) fs.appendFileSync(process.env.DUMP, JSON.stringify(s) + "\n");
  }
}
await app.close(); await admin.end(); await d.close();
