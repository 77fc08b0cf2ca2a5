/**
 * A first load measurement: the real app on an in-memory PGlite with the demo company, a fixed
 * number of concurrent clients on 127.0.0.1 for a fixed time per endpoint. It prints req/s, p50
 * and p99 and writes bench/REPORT.md. The full company-scale benchmark builds on this.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../../server/src/app.ts';
import { readConfig } from '../../server/src/config.ts';
import { openPglite } from '../../server/src/platform/db.ts';
import { createMailer } from '../../server/src/platform/mail.ts';
import { createLocalStorage } from '../../server/src/platform/storage.ts';
import { seedDemoIfEmpty } from '../../server/src/seed/demo.ts';

const quick = process.env.BENCH_QUICK === '1';
const SECONDS = quick ? 3 : 10;
const CONNECTIONS = 50;

async function measure(url: string, headers: Record<string, string>) {
  const latencies: number[] = [];
  let errors = 0;
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < until) {
        const start = performance.now();
        const res = await fetch(url, { headers }).catch(() => null);
        if (!res || !res.ok) errors++;
        await res?.arrayBuffer();
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / SECONDS, p50: at(0.5), p99: at(0.99), errors };
}

async function main() {
  const tmp = fs.mkdtempSync('/tmp/filialportal-bench-');
  const database = await openPglite(null);
  await seedDemoIfEmpty(database.db);
  const config = { ...readConfig({ DATA_DIR: tmp, WEB_DIST: path.join(tmp, 'none') }), seed: 'none' as const };
  const app = await buildApp({
    db: database.db,
    config,
    mailer: createMailer({ smtpUrl: null, from: config.mailFrom, outboxDir: path.join(tmp, 'outbox') }),
    storage: createLocalStorage(path.join(tmp, 'files')),
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@example.com', password: 'demo1234' }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const endpoints = [
    ['GET /api/health', '/api/health', {}],
    ['GET /api/user', '/api/user', auth],
    ['GET /api/user/list/0?userSearch=er', '/api/user/list/0?userSearch=er', auth],
    ['GET /api/location/list/9999', '/api/location/list/9999', auth],
  ] as const;
  const rows: string[] = [];
  for (const [name, url, headers] of endpoints) {
    const r = await measure(`${address}${url}`, headers);
    const line = `| ${name} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`;
    console.log(line);
    rows.push(line);
  }
  await app.close();
  await database.close();
  fs.rmSync(tmp, { recursive: true, force: true });
  const report = [
    '# Benchmark',
    '',
    `Gemessen am ${new Date().toISOString()} auf PGlite (im Speicher) mit der Demo-Firma, ${CONNECTIONS} gleichzeitige Verbindungen, ${SECONDS} s je Endpunkt, Last nur auf 127.0.0.1.`,
    '',
    '| Endpunkt | req/s | p50 ms | p99 ms | Fehler |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  fs.writeFileSync(new URL('../REPORT.md', import.meta.url), report);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
