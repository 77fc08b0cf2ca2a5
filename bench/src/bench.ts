/**
 * `npm run bench`: the portal at company scale on the embedded PGlite and on PostgreSQL.
 * Generates the data (fixed seed), starts the real server as a child process, loads every list
 * and calendar endpoint with autocannon (real tokens, 127.0.0.1 only), measures the front-end
 * budget and start-up, and writes bench/REPORT.md and bench/report.json from the run (a quick
 * run writes to test-results/bench-quick/).
 * BENCH_QUICK=1: smaller data and short runs, a smoke test of about a minute.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres } from '../../server/src/platform/db.ts';
import { seedDemoIfEmpty } from '../../server/src/seed/demo.ts';
import { FULL_SCALE, generateScaleData, type GenerateResult, QUICK_SCALE } from './generate.ts';
import { roundTripsPerSecond } from './floor.ts';
import { type FrontendResult, measureFrontend } from './frontend.ts';
import { CONNECTIONS, load, type LoadResult } from './load.ts';
import { type Child, startChild } from './processes.ts';
import { writeReport } from './report.ts';

const quick = process.env.BENCH_QUICK === '1';
const scale = quick ? QUICK_SCALE : FULL_SCALE;
// PGlite needs seconds per endpoint before its memory and page cache settle (first-run p99 in seconds).
const timing = quick ? { warmup: 0, seconds: 1 } : { warmup: 3, seconds: 5 };
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/filialportal_bench';
// The bench sends traffic to this machine only, the database included.
if (!/^(127\.0\.0\.1|localhost)$/.test(new URL(PG_URL).hostname)) throw new Error(`BENCH_DATABASE_URL muss auf 127.0.0.1 zeigen, nicht auf ${new URL(PG_URL).hostname}`);
const PORT = Number(process.env.BENCH_PORT ?? 3900);
const SERVER = 'server/src/main.ts';
const PASSWORD = 'demo1234';
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
const year = today.slice(0, 4);

export interface Endpoint {
  name: string;
  path: (ctx: { largest: string }) => string;
  as: string;
}

/** Every list and calendar endpoint built so far, with the filters people use. */
export const ENDPOINTS: Endpoint[] = [
  { name: 'Aktueller Benutzer', path: () => '/api/user', as: 'admin@example.com' },
  { name: 'Benutzerliste, Suche „mül“', path: () => '/api/user/list/0?userSearch=m%C3%BCl', as: 'admin@example.com' },
  { name: 'Urlaub Ansicht 1 (offen), alle Standorte', path: () => '/api/absence/0/all/1', as: 'admin@example.com' },
  { name: 'Urlaub Ansicht 2 (akzeptiert), alle Standorte', path: () => '/api/absence/0/all/2', as: 'admin@example.com' },
  { name: `Urlaub Ansicht 3 (vergangen), Jahr ${year}`, path: () => `/api/absence/0/all/3?year=${year}`, as: 'admin@example.com' },
  { name: 'Urlaubsübersicht (Ansicht 4), alle', path: () => '/api/user/listallabsenceuseroverview?from=0&location=all', as: 'admin@example.com' },
  { name: 'Krankmeldungen Ansicht 4, alle', path: () => '/api/sickreport/0/all/4', as: 'admin@example.com' },
  { name: 'Krankheitstage je Mitarbeiter', path: () => '/api/sickreport/summary/0/all', as: 'admin@example.com' },
  { name: 'Kalenderwoche des größten Standorts', path: (c) => `/api/calendar/${c.largest}/${today}`, as: 'admin@example.com' },
  { name: 'Aufgaben, delegiert (Personalleitung)', path: () => '/api/task/list/0/all/all/0?taskview=3', as: 'personalleitung@example.com' },
  { name: 'Aufgaben, eigene offene', path: () => '/api/task/list/0/all/all/0?taskview=2', as: 'admin@example.com' },
  { name: 'Zähler offene Aufgaben', path: () => '/api/task/count', as: 'verkauf@example.com' },
  { name: 'Login-Verlauf einer Person („schmidt“)', path: () => '/api/loginlog/list/0?term=schmidt', as: 'admin@example.com' },
  { name: 'Standorte (alle)', path: () => '/api/location/list/9999', as: 'admin@example.com' },
  { name: 'Benutzergruppen', path: () => '/api/team', as: 'admin@example.com' },
  { name: 'Alle Benutzer (Auswahllisten)', path: () => '/api/user/listall', as: 'admin@example.com' },
  { name: 'Hersteller', path: () => '/api/manufacturer/list', as: 'admin@example.com' },
  { name: 'Feiertage und Schulferien NW', path: () => '/api/holidayapi/holidays/NW', as: 'admin@example.com' },
  { name: 'Sondertermine', path: () => '/api/locationspecialappointment/list/0', as: 'admin@example.com' },
];

export interface TargetResult {
  kind: 'pglite' | 'postgres';
  generateSeconds: number;
  data: GenerateResult;
  /** `select 1` round trips per second from Node with 50 callers, no HTTP. */
  roundTrips: number;
  health: LoadResult;
  endpoints: Record<string, LoadResult>;
  /** PostgreSQL only: statements per request, from the database's commit counter. */
  queriesPerRequest: Record<string, number>;
}

export interface BenchResult {
  date: string;
  quick: boolean;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string };
  connections: number;
  timing: typeof timing;
  scale: typeof scale;
  hello: LoadResult;
  startup: { emptyMs: number; existingMs: number };
  frontend: FrontendResult | null;
  targets: TargetResult[];
  skipped: string[];
}

const log = (msg: string) => console.log(`[bench] ${msg}`);

async function tokenFor(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password: PASSWORD }) });
  if (!res.ok) throw new Error(`Anmeldung ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** Committed transactions of the bench database: with autocommit, one per query. */
async function pgCommits(): Promise<number> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    // Backends report their counters about once a second; wait for them.
    await new Promise((r) => setTimeout(r, 1500));
    const res = await client.query('select xact_commit::float as n from pg_stat_database where datname = current_database()');
    return Number(res.rows[0].n);
  } finally {
    await client.end();
  }
}

async function measureTarget(server: Child, data: GenerateResult, commits?: () => Promise<number>): Promise<Pick<TargetResult, 'health' | 'endpoints' | 'queriesPerRequest'>> {
  const health = await load(`${server.url}/api/health`, {}, timing);
  log(`  /api/health ${health.rps.toFixed(0)} req/s`);
  const tokens = new Map<string, string>();
  const endpoints: Record<string, LoadResult> = {};
  const queriesPerRequest: Record<string, number> = {};
  for (const e of ENDPOINTS) {
    if (!tokens.has(e.as)) tokens.set(e.as, await tokenFor(server.url, e.as));
    const url = `${server.url}${e.path({ largest: data.largestLocationId })}`;
    const check = await fetch(url, { headers: { authorization: `Bearer ${tokens.get(e.as)}` } });
    if (!check.ok) throw new Error(`${e.name}: ${check.status} ${await check.text()}`);
    const before = commits ? await commits() : 0;
    endpoints[e.name] = await load(url, { authorization: `Bearer ${tokens.get(e.as)}` }, timing);
    if (commits) queriesPerRequest[e.name] = (await commits()) - before;
    log(`  ${e.name}: ${endpoints[e.name]!.rps.toFixed(0)} req/s, p99 ${endpoints[e.name]!.p99} ms`);
  }
  // The warm-up's requests count too: divide by all requests of both runs.
  for (const name of Object.keys(queriesPerRequest)) queriesPerRequest[name] = queriesPerRequest[name]! / (endpoints[name]!.requests + endpoints[name]!.warmupRequests);
  return { health, endpoints, queriesPerRequest };
}

async function postgresAvailable(): Promise<string | null> {
  const target = new URL(PG_URL);
  const admin = new URL(PG_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const name = target.pathname.slice(1);
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
    return null;
  } catch (err) {
    return `PostgreSQL unter ${target.host} nicht erreichbar: ${(err as Error).message}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'filialportal-bench-'));
  const skipped: string[] = [];
  try {
    log(`Start-up (leeres und vorhandenes Datenverzeichnis)`);
    const emptyDir = path.join(work, 'startup');
    let s = await startChild(SERVER, PORT, { DATA_DIR: emptyDir });
    const emptyMs = s.startupMs;
    await s.stop();
    s = await startChild(SERVER, PORT, { DATA_DIR: emptyDir });
    const existingMs = s.startupMs;
    await s.stop();

    log('Hello-World (Obergrenze)');
    const helloChild = await startChild('bench/src/hello.ts', PORT + 1, {});
    const hello = await load(`${helloChild.url}/`, {}, timing);
    await helloChild.stop();
    log(`  ${hello.rps.toFixed(0)} req/s, p99 ${hello.p99} ms`);

    const targets: TargetResult[] = [];
    let frontend: FrontendResult | null = null;

    log(`PGlite: Daten erzeugen (${scale.users} Benutzer, ${scale.locations} Standorte, ${scale.years} Jahre)`);
    const dataDir = path.join(work, 'pglite');
    let t0 = performance.now();
    const lite = await openPglite(path.join(dataDir, 'db'));
    await seedDemoIfEmpty(lite.db);
    const liteData = await generateScaleData(lite.db, scale, today);
    // The state a running instance reaches: dead rows reclaimed, planner statistics fresh.
    await lite.db.execute(sql`vacuum analyze`);
    const liteSeconds = (performance.now() - t0) / 1000;
    const liteTrips = await roundTripsPerSecond(lite, timing.seconds);
    await lite.close();
    log(`  ${liteSeconds.toFixed(0)} s, größter Standort ${liteData.largestLocationPeople} Personen`);
    const liteServer = await startChild(SERVER, PORT, { DATA_DIR: dataDir, SEED: 'none' });
    try {
      targets.push({ kind: 'pglite', generateSeconds: liteSeconds, data: liteData, roundTrips: liteTrips, ...(await measureTarget(liteServer, liteData)) });
      log('Front-End (Chromium)');
      frontend = await measureFrontend(liteServer.url, { email: 'admin@example.com', password: PASSWORD });
    } finally {
      await liteServer.stop();
    }

    const pgProblem = await postgresAvailable();
    if (pgProblem) {
      skipped.push(pgProblem);
      log(pgProblem);
    } else {
      log('PostgreSQL: Daten erzeugen');
      t0 = performance.now();
      const database = await openPostgres(PG_URL);
      await seedDemoIfEmpty(database.db);
      const pgData = await generateScaleData(database.db, scale, today);
      await database.db.execute(sql`vacuum analyze`);
      const pgSeconds = (performance.now() - t0) / 1000;
      const pgTrips = await roundTripsPerSecond(database, timing.seconds);
      await database.close();
      log(`  ${pgSeconds.toFixed(0)} s`);
      const pgServer = await startChild(SERVER, PORT, { DATA_DIR: path.join(work, 'pg-files'), DATABASE_URL: PG_URL, SEED: 'none' });
      try {
        targets.push({ kind: 'postgres', generateSeconds: pgSeconds, data: pgData, roundTrips: pgTrips, ...(await measureTarget(pgServer, pgData, quick ? undefined : pgCommits)) });
      } finally {
        await pgServer.stop();
      }
    }

    const result: BenchResult = {
      date: new Date().toISOString(),
      quick,
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '', memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
      connections: CONNECTIONS,
      timing,
      scale,
      hello,
      startup: { emptyMs, existingMs },
      frontend,
      targets,
      skipped,
    };
    const report = writeReport(result, ENDPOINTS.map((e) => e.name));
    console.log(`\n${report}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

// Run when started as the script (report.ts imports the types and endpoint names only).
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\/bench\//, '/bench/'))) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
