/**
 * `npm run check:queries`: the query rules of every list endpoint
 * (docs/decisions/ci-abfrageregeln-in-ci.md), on PostgreSQL with the benchmark's company data.
 * Creates its own database, generates the data, builds the app in-process and for each endpoint of the
 * benchmark's ENDPOINTS that read checks
 *   1. statements per request besides the session lookup   ≤ 2
 *   2. each statement's plan: execution ≤ 0.5 ms, shared buffers hit + read ≤ 1,000
 *   3. Node CPU per request ≤ 150 µs + 1 µs per answer row (minus the inject overhead)
 * Prints a table, ends with "Abfrageregeln: N eingehalten, M verletzt", exits 1 on a violation.
 * QUERIES_DATABASE_URL names the database to create and drop (default: local PostgreSQL);
 * QUERIES_KEEP=1 keeps it afterwards; QUERIES_ONLY=<text> checks only the endpoints whose name holds it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ENDPOINTS, pathContext } from '../bench/src/bench.ts';
import { FULL_SCALE, generateScaleData } from '../bench/src/generate.ts';
import { buildApp, type App } from '../server/src/app.ts';
import { readConfig } from '../server/src/config.ts';
import { openPostgres } from '../server/src/platform/db.ts';
import { createMailer } from '../server/src/platform/mail.ts';
import { createLocalStorage } from '../server/src/platform/storage.ts';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../server/src/seed/demo.ts';
import { AUTH_STATEMENT, explain, isAuthStatement, type PlanResult, recordPool, type Statement } from './query-plans.ts';

const DB_URL = process.env.QUERIES_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/filialportal_queries';

const LIMIT = { statements: 2, executionMs: 0.5, buffers: 1000, nodeBaseUs: 150, nodePerRowUs: 1 };
/** Requests before recording: the first ones fill caches (Fastify's, pg's, PostgreSQL's pages). */
const WARMUP = 5;

type Rule = 'statements' | 'executionMs' | 'buffers' | 'node';
/**
 * Statements and buffers are the same on every machine and always decide. Times depend on the
 * machine's load (a shared 2-core CI runner measured the same endpoint at 2× to 5× its quiet
 * value), so they decide only with QUERIES_STRICT_TIME=1, on a quiet machine; otherwise they are
 * reported beside the limit.
 */
const TIME_RULES = new Set<Rule>(['executionMs', 'node']);
const STRICT_TIME = process.env.QUERIES_STRICT_TIME === '1';
/**
 * Sequential requests for the CPU time, in blocks that alternate with as many /api/health
 * requests: the baseline is measured next to each endpoint, so a change in the machine's load
 * during the run shifts both alike. A slow endpoint stops after CPU_BUDGET_MS (one block at least).
 * Where times only inform (not QUERIES_STRICT_TIME), fewer runs do: CI spends its minutes on rules
 * that decide.
 */
const CPU_RUNS = STRICT_TIME ? 200 : 60;
const BLOCK = 20;
const CPU_BUDGET_MS = STRICT_TIME ? 2000 : 600;
const RULE_NAMES: Record<Rule, string> = { statements: 'Anweisungen', executionMs: 'Ausführungszeit', buffers: 'Puffer', node: 'Node-Zeit' };

/**
 * Endpoints excused from one rule, each with its reason. Only the named rule is excused, the
 * others (the plan rules included) still apply; with `limit` the rule still holds at that higher
 * bound, so the endpoint cannot grow unnoticed. Keep this list short: an entry is a decision.
 */
const EXCEPTIONS: { path: RegExp; rule: Rule; limit?: number; reason: string }[] = [
  // Known misses, held at today's measured bound until fixed (see docs/decisions/ci-abfrageregeln-in-ci.md).
  {
    path: /^\/api\/absence\/0\/all\/2$/,
    rule: 'buffers',
    limit: 1200,
    reason: 'offen: die Daten hängen am Tag des Laufs; am 28.11.2026 wählt der Plan einen Index-Scan je Person auf users und die erste Seite der akzeptierten Anträge aller Standorte liest 1.087 Seiten (am Tag davor 281)',
  },
  {
    path: /^\/api\/user\/list\/0\?userSearch=m%C3%BCl$/,
    rule: 'buffers',
    limit: 1100,
    reason: 'offen: seit der Portalsuche trägt jede Zeile von users ihren Suchvektor; die Namenssuche liest über users_name_idx ~1.010 Seiten (am 29.11.2026 1.014)',
  },
  { path: /^\/api\/task\/list\/0\/all\/all\/0\?taskview=2$/, rule: 'buffers', limit: 1100, reason: 'offen: die offenen Aufgaben aller Personen (Admin) lesen ~1.050 Seiten' },
  {
    path: /^\/api\/article\/filter\/[^/]+\/null\/eiche\//,
    rule: 'buffers',
    limit: 1700,
    reason: 'offen: die Bezeichnung wird überall im Text gesucht; die ~500 Artikel eines Sortiments liegen auf ~500 Seiten verteilt (~1.600 Puffer)',
  },
  {
    path: /^\/api\/claims\/list\/0\?completed=true&number=0042$/,
    rule: 'buffers',
    limit: 1150,
    reason: 'offen: für „%0042%“ geht der Plan den Index der erledigten Beanstandungen nach Datum entlang und prüft die Nummer je Zeile (1.043 Seiten, gemessen am 29.11.2026; an früheren Tagen unter 1.000), statt den Trigramm-Index der Nummer zu nehmen',
  },
  {
    path: /^\/api\/documentsearch\//,
    rule: 'buffers',
    limit: 4200,
    reason:
      'offen: wer nur einige Ordner lesen darf, für den liest die Suche Treffer, bis 101 sichtbare feststehen (~240 von ~1.900 Dokumenten mit dem Wort), und prüft bei jedem die Ordner seines Pfads über ihren Primärschlüssel (~1.800 Puffer, alle im Speicher); dazu die Textstellen der 10 auf der Seite (am 30.11.2026 3.798 Puffer, 7 ms statt 12 ms mit der Zählung aller Treffer über alle sichtbaren Ordner)',
  },
  {
    path: /^\/api\/search\?q=Trittschal/,
    rule: 'buffers',
    limit: 3300,
    reason:
      'offen: wer nur einige Ordner lesen darf, für den liest die Dokumentgruppe Treffer, bis 101 sichtbare feststehen (~240 von ~1.900 Dokumenten mit dem Wort), und prüft bei jedem die Ordner seines Pfads über ihren Primärschlüssel (~1.900 Puffer, alle im Speicher; 3 ms statt 6 ms mit allen sichtbaren Ordnern vorher; 2.918 Puffer am 30.11.2026, 3.006 am 1.12.2026: die erzeugten Daten hängen vom Tag ab)',
  },
  {
    path: /^\/api\/calendar\//,
    rule: 'node',
    limit: 750,
    reason: 'keine Liste, sondern ein Raster: gut 80 Personen × 7 Tage ≈ 600 Zellen, Grenze 150 µs + 1 µs je Zelle',
  },
  {
    path: /^\/api\/user\/listall$/,
    rule: 'executionMs',
    reason: 'liefert bewusst alle 2.000 Benutzer ungeblättert für die Auswahllisten; die Pufferregel bewacht den Plan weiter',
  },
];

interface Result {
  name: string;
  url: string;
  /** The limits that applied, an exception's higher bound included. */
  limits: Record<Rule, number>;
  statements: number;
  plans: (PlanResult & { statement: Statement })[];
  rows: number;
  nodeUs: number;
  verdict: Record<Rule, 'ok' | 'fail' | 'excused'>;
  excused: string[];
}

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
const log = (msg: string) => console.log(`[abfragen] ${msg}`);

async function adminQuery(text: string) {
  const admin = new URL(DB_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Rows of an answer: the length of a bare array, or of its longest top-level array (the lists
 * are named after their content: `users`, `absences`, `tasks`, `list` …); one for a record.
 */
function answerRows(body: unknown): number {
  if (Array.isArray(body)) return body.length;
  const arrays = Object.values((body ?? {}) as Record<string, unknown>).filter(Array.isArray);
  return arrays.length ? Math.max(...arrays.map((a) => a.length)) : 1;
}

/**
 * Each rule's verdict for one endpoint, its exceptions applied. Where an exception with a bound
 * decides, `limits` is changed to that bound, so the table shows the limit that applied.
 */
function judge(url: string, measured: Record<Rule, number>, limits: Record<Rule, number>): Pick<Result, 'verdict' | 'excused'> {
  const verdict = {} as Result['verdict'];
  const excused: string[] = [];
  for (const rule of Object.keys(limits) as Rule[]) {
    const exception = EXCEPTIONS.find((x) => x.rule === rule && x.path.test(url));
    if (measured[rule] <= limits[rule]) {
      verdict[rule] = 'ok';
      continue;
    }
    if (TIME_RULES.has(rule) && !STRICT_TIME) {
      verdict[rule] = 'excused';
      excused.push(`${RULE_NAMES[rule]}: ${measured[rule].toFixed(rule === 'node' ? 0 : 2)} über ${limits[rule].toFixed(rule === 'node' ? 0 : 2)}; Zeitregeln sind nur mit QUERIES_STRICT_TIME=1 verbindlich`);
      continue;
    }
    if (exception?.limit !== undefined) limits[rule] = exception.limit;
    if (!exception || measured[rule] > (exception.limit ?? Infinity)) {
      verdict[rule] = 'fail';
      continue;
    }
    verdict[rule] = 'excused';
    excused.push(`${RULE_NAMES[rule]}${exception.limit === undefined ? '' : ` (Grenze ${exception.limit})`}: ${exception.reason}`);
  }
  return { verdict, excused };
}

/**
 * A full collection before each measurement (`--expose-gc` in the npm script): the data
 * generation leaves a large heap whose concurrent marking would otherwise run on V8's helper
 * threads during some endpoint's measurement and count as its CPU time.
 */
const collectGarbage = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

/** CPU µs of this process (user + system) for `n` sequential calls; PostgreSQL runs in its own. */
async function cpuOf(call: () => Promise<unknown>, n: number): Promise<number> {
  const before = process.cpuUsage();
  for (let i = 0; i < n; i++) await call();
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

/** Node CPU per request of `call` minus that of `baseline`, both per request in µs. */
async function nodeMicros(call: () => Promise<unknown>, baseline: () => Promise<unknown>): Promise<{ us: number; baselineUs: number }> {
  const started = performance.now();
  let callCpu = 0;
  let baseCpu = 0;
  let n = 0;
  while (n < CPU_RUNS && (n === 0 || performance.now() - started < CPU_BUDGET_MS)) {
    callCpu += await cpuOf(call, BLOCK);
    baseCpu += await cpuOf(baseline, BLOCK);
    n += BLOCK;
  }
  return { us: (callCpu - baseCpu) / n, baselineUs: baseCpu / n };
}

async function main() {
  const t0 = performance.now();
  const dbName = new URL(DB_URL).pathname.slice(1);
  // The database is dropped and created anew: a name without "queries" is refused, so a
  // mistyped URL cannot wipe a database that holds real data.
  if (!/queries/.test(dbName)) throw new Error(`QUERIES_DATABASE_URL: Datenbankname „${dbName}“ muss „queries“ enthalten (sie wird gelöscht und neu angelegt)`);
  await adminQuery(`drop database if exists "${dbName}" with (force)`);
  await adminQuery(`create database "${dbName}"`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'filialportal-queries-'));
  let database: Awaited<ReturnType<typeof openPostgres>> | null = null;
  let app: App | null = null;
  const explainer = new pg.Client({ connectionString: DB_URL });
  try {
    log(`Daten erzeugen (${FULL_SCALE.users} Benutzer, ${FULL_SCALE.locations} Standorte, ${FULL_SCALE.years} Jahre) in ${dbName}`);
    database = await openPostgres(DB_URL);
    await seedDemoIfEmpty(database.db);
    const data = await generateScaleData(database.db, FULL_SCALE, today);
    // The state a running instance reaches: dead rows reclaimed, planner statistics fresh.
    await database.db.execute(sql`vacuum analyze`);
    collectGarbage();
    log(`  ${((performance.now() - t0) / 1000).toFixed(0)} s`);

    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const recorder = recordPool(pool);
    const config = { ...readConfig({ DATA_DIR: work, WEB_DIST: '' }), seed: 'none' as const };
    // As in production: no response verification, no request log.
    app = await buildApp({
      db: database.db,
      config,
      mailer: createMailer({ smtpUrl: null, from: config.mailFrom, outboxDir: path.join(work, 'outbox') }),
      storage: createLocalStorage(path.join(work, 'files')),
      logger: false,
      verifyResponses: false,
    });
    await app.ready();
    await explainer.connect();
    const a = app;

    // inject has its own cost (request and response objects, routing, the app's hooks);
    // /api/health answers without the database, so its CPU time is the overhead subtracted.
    const health = () => a.inject({ method: 'GET', url: '/api/health' });
    for (let i = 0; i < 200; i++) await health();
    const baselines: number[] = [];
    // Not a rule, a yardstick for the reader: what one database round trip costs this process
    // here. On a busy machine it is several times what it is on an idle one.
    const roundTripUs = (await cpuOf(() => pool.query('select 1'), 200)) / 200;

    const tokens = new Map<string, string>();
    let authStatement: Statement | null = null;
    const results: Result[] = [];
    // The rules are those of lists and lookups; writes (a body to send) are measured by the bench only.
    // QUERIES_ONLY=<text> checks only the endpoints whose name holds it (while working on them).
    const only = process.env.QUERIES_ONLY;
    for (const e of ENDPOINTS.filter((x) => (!x.bodies || x.reads) && (!only || x.name.includes(only)))) {
      if (!tokens.has(e.as)) {
        const res = await a.inject({ method: 'POST', url: '/api/token', payload: { username: e.as, password: DEMO_PASSWORD } });
        if (res.statusCode !== 200) throw new Error(`Anmeldung ${e.as}: ${res.statusCode} ${res.body}`);
        tokens.set(e.as, (res.json() as { token: string }).token);
      }
      const url = e.path(pathContext(data));
      const body = e.bodies?.(pathContext(data))[0];
      const get = () =>
        body === undefined
          ? a.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens.get(e.as)}` } })
          : a.inject({ method: 'POST', url, payload: body, headers: { authorization: `Bearer ${tokens.get(e.as)}`, 'content-type': 'application/json' } });
      for (let i = 0; i < WARMUP; i++) {
        const res = await get();
        if (res.statusCode !== 200) throw new Error(`${e.name} (${url}): ${res.statusCode} ${res.body}`);
      }
      // The pool records every statement while the request runs, also one of work that merely
      // falls into that window (a notification still being delivered, a listener reconnecting):
      // the fewest of three recordings is the request's own.
      const record = async () => {
        const recording = recorder.start();
        const response = await get();
        const recorded = recording.stop();
        authStatement ??= recorded.find((s) => s.name === AUTH_STATEMENT) ?? null;
        return { res: response, own: recorded.filter((s) => !isAuthStatement(s)) };
      };
      let { res, own } = await record();
      for (let retry = 0; retry < 2 && own.length > LIMIT.statements; retry++) {
        const again = await record();
        if (again.own.length < own.length) ({ res, own } = again);
      }
      const plans = [];
      for (const s of own) plans.push({ ...(await explain(explainer, s)), statement: s });
      const rows = answerRows(res.json());
      collectGarbage();
      const node = await nodeMicros(get, health);
      baselines.push(node.baselineUs);
      const measured: Record<Rule, number> = {
        statements: own.length,
        executionMs: Math.max(0, ...plans.map((p) => p.executionMs)),
        buffers: Math.max(0, ...plans.map((p) => p.buffers)),
        node: node.us,
      };
      const limits: Record<Rule, number> = { statements: LIMIT.statements, executionMs: LIMIT.executionMs, buffers: LIMIT.buffers, node: LIMIT.nodeBaseUs + LIMIT.nodePerRowUs * rows };
      const { verdict, excused } = judge(url, measured, limits);
      results.push({ name: e.name, url, limits, statements: own.length, plans, rows, nodeUs: node.us, verdict, excused });
      log(`  ${e.name}: ${own.length} Anw., ${measured.executionMs.toFixed(2)} ms, ${measured.buffers} Puffer, ${node.us.toFixed(0)} µs (Grundlast ${node.baselineUs.toFixed(0)} µs)`);
    }

    // The session lookup runs before every request (unless an actor cache answers): its plan
    // must keep the rules too, checked once rather than per endpoint.
    const auth = authStatement ? await explain(explainer, authStatement) : null;
    const ok = report(results, auth, baselines, roundTripUs);
    log(`Dauer: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    return ok;
  } finally {
    // The database is dropped right after: a pool connection still closing would report the
    // termination as a lost connection, which is expected here.
    if (database) (database.db as unknown as { $client: pg.Pool }).$client.removeAllListeners('error').on('error', () => undefined);
    await app?.close();
    await explainer.end().catch(() => undefined);
    await database?.close();
    // QUERIES_KEEP=1 leaves the database for looking at plans by hand.
    if (process.env.QUERIES_KEEP === '1') log(`Datenbank bleibt: ${dbName}`);
    else await adminQuery(`drop database if exists "${dbName}" with (force)`).catch((err) => console.error(`Datenbank ${dbName} nicht gelöscht: ${(err as Error).message}`));
    fs.rmSync(work, { recursive: true, force: true });
  }
}

const MARK = { ok: '✓', fail: '✗', excused: 'A' } as const;
const ms = (n: number) => n.toFixed(2);

/** The German table, the details of each violation, the exceptions, and the summary line. */
function report(results: Result[], auth: PlanResult | null, baselines: number[], roundTripUs: number): boolean {
  const head = ['Endpunkt', 'Anw.', 'max. ms', 'max. Puffer', 'Node µs', 'Grenze µs', 'Zeilen'];
  const lines: string[][] = results.map((r) => [
    r.name,
    `${r.statements} ${MARK[r.verdict.statements]}`,
    `${ms(Math.max(0, ...r.plans.map((p) => p.executionMs)))} ${MARK[r.verdict.executionMs]}`,
    `${Math.max(0, ...r.plans.map((p) => p.buffers))} ${MARK[r.verdict.buffers]}`,
    `${r.nodeUs.toFixed(0)} ${MARK[r.verdict.node]}`,
    r.limits.node.toFixed(0),
    String(r.rows),
  ]);
  let passed = 0;
  let failed = 0;
  let excused = 0;
  // An exception's rule that holds at its bound counts as kept; the line above the sum says how many.
  for (const r of results) {
    for (const v of Object.values(r.verdict)) {
      if (v === 'fail') failed++;
      else passed++;
      if (v === 'excused') excused++;
    }
  }
  if (auth) {
    const msOk = auth.executionMs <= LIMIT.executionMs;
    const bufOk = auth.buffers <= LIMIT.buffers;
    lines.push([`Sitzungsprüfung (${AUTH_STATEMENT}, jede Anfrage)`, '–', `${ms(auth.executionMs)} ${msOk ? '✓' : '✗'}`, `${auth.buffers} ${bufOk ? '✓' : '✗'}`, '–', '–', '–']);
    for (const ok of [msOk, bufOk]) {
      if (ok) passed++;
      else failed++;
    }
  } else {
    lines.push([`Sitzungsprüfung (${AUTH_STATEMENT}): nicht ausgeführt (Cache)`, '–', '–', '–', '–', '–', '–']);
  }
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' │ ');
  console.log('');
  console.log(`Abfrageregeln (Grenzen: ≤ ${LIMIT.statements} Anweisungen außer der Sitzungsprüfung, ≤ ${LIMIT.executionMs} ms und ≤ ${LIMIT.buffers} Puffer je Anweisung,`);
  const mean = baselines.reduce((a, b) => a + b, 0) / Math.max(1, baselines.length);
  console.log(`≤ ${LIMIT.nodeBaseUs} µs + ${LIMIT.nodePerRowUs} µs je Zeile Node-CPU). Node µs: CPU dieses Prozesses je Anfrage abzüglich der Grundlast`);
  console.log(`von app.inject(/api/health), neben jedem Endpunkt gemessen: ${Math.min(...baselines).toFixed(0)}–${Math.max(...baselines).toFixed(0)} µs, Mittel ${mean.toFixed(0)} µs;`);
  console.log(`Zum Vergleich: eine Rundreise „select 1“ kostet hier ${roundTripUs.toFixed(0)} µs Node-CPU; Last des Rechners ${os.loadavg()[0]!.toFixed(1)} (1 min)`);
  console.log(`bei ${os.availableParallelism()} Kernen. Auf einem belegten Rechner sind alle µs-Werte höher.`);
  console.log(row(head));
  console.log(widths.map((w) => '─'.repeat(w)).join('─┼─'));
  for (const l of lines) console.log(row(l));
  console.log(`✓ eingehalten, ✗ verletzt, A verletzt, aber ausgenommen (Grund unten)`);

  const details: string[] = [];
  for (const r of results) {
    if (r.verdict.statements === 'fail') details.push(`✗ ${r.name}: ${r.statements} Anweisungen, Grenze ${r.limits.statements} (${r.url})`);
    for (const [i, p] of r.plans.entries()) {
      const slow = p.executionMs > r.limits.executionMs && r.verdict.executionMs === 'fail';
      if (!slow && !(p.buffers > r.limits.buffers && r.verdict.buffers === 'fail')) continue;
      const sqlHead = p.statement.text.replace(/\s+/g, ' ').slice(0, 140);
      details.push(`✗ ${r.name}, Anweisung ${i + 1}${p.statement.name ? ` (${p.statement.name})` : ''}: ${ms(p.executionMs)} ms, ${p.buffers} Puffer; ${p.top}\n    ${sqlHead}`);
    }
    if (r.verdict.node === 'fail') details.push(`✗ ${r.name}: ${r.nodeUs.toFixed(0)} µs Node-CPU, Grenze ${r.limits.node.toFixed(0)} µs (${r.rows} Zeilen)`);
  }
  if (details.length) console.log(`\nVerletzungen:\n${details.join('\n')}`);
  const exceptions = results.flatMap((r) => r.excused.map((x) => `A ${r.name}: ${x}`));
  if (exceptions.length) console.log(`\nAusnahmen (${excused} Regeln, unten als eingehalten gezählt):\n${exceptions.join('\n')}`);
  console.log(`\nAbfrageregeln: ${passed} eingehalten, ${failed} verletzt`);
  return failed === 0;
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
