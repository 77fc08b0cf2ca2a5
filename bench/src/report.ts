/** bench/REPORT.md and bench/report.json, built only from the numbers of the run. */
import fs from 'node:fs';
import type { BenchResult, EndpointKind, Measured, TargetResult } from './bench.ts';
import { lighthouseSection } from './lighthouse.ts';
import type { STEPS } from './staff.ts';

export const GOALS = {
  /** Every endpoint reaches this share of its own ceiling (PostgreSQL and PGlite alike). */
  ceilingShare: 0.5,
  /** /api/health through the whole plugin stack against a bare Fastify sending the same headers. */
  healthVsBare: 0.9,
  /** p99 at most this multiple of p50 on connections kept open. */
  p99OverP50: 3,
  /** Open loop at half the rate reached: p99 at most this. */
  openLoopP99Ms: 20,
  /** PGlite under 50 connections: event-loop delay p99 at most this. */
  eventLoopP99Ms: 20,
  /** The searches (the portal's and the documents page's) under 50 connections, per database. */
  searchRps: { pglite: 100, postgres: 300 },
  /** A search at half the rate reached: p99 at most this. */
  searchOpenP99Ms: 50,
  /** Simulated staff: p50 and p99 of every request. */
  staffP50Ms: 50,
  staffP99Ms: { pglite: 200, postgres: 50 },
  loginJsGzipKiB: 300,
  /** The login page's script as the server sends it (Brotli), issue 35. */
  loginJsBrotliKiB: 120,
  chunkKB: 500,
  lcpMs: 1000,
  /** RSS of the server with the demo company, idle, as `npm start` runs it (MiB, issue 41). */
  idleRssMiB: { pglite: 250, postgres: 150 },
  /** After the simulated staff at company scale: at most this multiple of the idle goal. */
  afterStaffRssFactor: 1.5,
  /** A second run of the simulated staff may add at most this much memory (noise), not more. */
  secondRunGrowthPercent: 5,
  /** Issue 41: the portal reaches this share of the hand-written reference's req/s (bench/src/reference.ts). */
  referenceShare: 0.7,
  /** Issue 41: req/s under 50 connections at company scale, per kind of answer and database. */
  rps: {
    list: { pglite: 600, postgres: 1500 },
    currentUser: { pglite: 1200, postgres: 3000 },
    week: { pglite: 250, postgres: 600 },
  },
  /** Issue 41: the server's CPU per page of a list (µs). */
  nodeUsPerPage: 400,
};

/** Guide values per kind of endpoint, about half the ceiling on this machine (from the issue). */
export const GUIDE: Record<EndpointKind, number> = { record: 8000, list: 3000, week: 800, all: 1000, notModified: 10000 };
const KIND_LABEL: Record<EndpointKind, string> = {
  record: 'Einzeldatensatz',
  list: 'Listenseite',
  week: 'Kalenderwoche',
  all: 'alle Benutzer, gzip',
  notModified: 'alle Benutzer, 304',
};
/** CPU µs per KB of answer (serialising, copying, sending) in the ceiling. */
const US_PER_KB = 2;

const n0 = (v: number) => Math.round(v).toLocaleString('de-DE');
const n1 = (v: number) => v.toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const n2 = (v: number) => v.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const ms = (v: number) => (v < 10 ? n1(v) : n0(v));
const us = (v: number | null) => (v === null ? '–' : n0(v));
const mark = (ok: boolean) => (ok ? '✓' : '✗');
const kb = (bytes: number) => (bytes / 1000).toLocaleString('de-DE', { maximumFractionDigits: 1 });
const dbName = (t: TargetResult) => (t.kind === 'pglite' ? 'PGlite' : 'PostgreSQL');

/** The parts of the ceiling of one endpoint on one target, all in CPU µs per request. */
export interface Ceiling {
  helloUs: number;
  statements: number;
  roundTripUs: number;
  executionUs: number;
  bytesUs: number;
  /** Sum of the parts, and the ceiling in req/s: the machine's CPU µs per second divided by it. */
  totalUs: number;
  rps: number;
  /**
   * The parts that run on one thread – the server's JavaScript (its share of the hello world,
   * the Node side of the round trips, the answer's bytes) and, on PGlite, the database thread
   * (the database side of the round trips and the execution) – and what the busier of them
   * could answer per second on its own; the ceiling is the lower of this and the cores' bound.
   */
  threadUs: number;
  threadRps: number;
}

/** CPU µs per request of the bare Fastify: its server and the load generator. */
const helloUs = (t: TargetResult) => (t.bare.usage.nodeUs ?? 0) + t.bare.usage.clientUs;

/**
 * The ceiling of an endpoint on this machine: cores × 1,000,000 CPU-µs/s ÷ (hello-world µs +
 * k × round-trip µs + execution µs + 2 µs per KB), with k its statements per request, the
 * round trip as `select 1` costs it (Node and database), the execution as what the database
 * spent per request beyond k round trips.
 */
export function ceiling(result: BenchResult, t: TargetResult, r: Measured): Ceiling | null {
  const k = r.statementsPerRequest;
  if (k === null || r.usage.dbUs === null || !r.requests) return null;
  const roundTripUs = t.floor.nodeUs + t.floor.dbUs;
  const executionUs = Math.max(0, r.usage.dbUs - k * t.floor.dbUs);
  const bytesUs = (US_PER_KB * r.bytesPerRequest) / 1000;
  const totalUs = helloUs(t) + k * roundTripUs + executionUs + bytesUs;
  const serverThreadUs = (t.bare.usage.nodeUs ?? 0) + k * t.floor.nodeUs + bytesUs;
  const databaseThreadUs = t.kind === 'pglite' ? k * t.floor.dbUs + executionUs : 0;
  const threadUs = Math.max(serverThreadUs, databaseThreadUs);
  const threadRps = 1e6 / threadUs;
  // A thread cannot use more than one core: on PGlite the database thread bounds lists first.
  return { helloUs: helloUs(t), statements: k, roundTripUs, executionUs, bytesUs, totalUs, rps: Math.min((result.machine.cpus * 1e6) / totalUs, threadRps), threadUs, threadRps };
}

export interface Verdict {
  goal: string;
  target: string;
  ok: boolean;
  /** The measured numbers behind the verdict. */
  detail: string;
}

function kindOf(result: BenchResult, name: string): EndpointKind {
  return result.endpoints.find((e) => e.name === name)?.kind ?? 'list';
}

/** Every goal on every target, with the numbers it was judged by. */
export function verdicts(result: BenchResult): Verdict[] {
  const out: Verdict[] = [];
  for (const t of result.targets) {
    const target = dbName(t);
    const hv = t.health.rps / Math.max(1, t.bare.rps);
    out.push({
      goal: `/api/health ≥ ${n1(GOALS.healthVsBare)}× nacktes Fastify`,
      target,
      ok: hv >= GOALS.healthVsBare,
      detail: `${n2(hv)}× (${n0(t.health.rps)} gegen ${n0(t.bare.rps)} req/s; Server ${us(t.health.usage.nodeUs)} gegen ${us(t.bare.usage.nodeUs)} µs je Anfrage)`,
    });
    for (const [name, e] of Object.entries(t.endpoints)) {
      const r = e.closed;
      const cap = ceiling(result, t, r);
      if (cap) {
        const share = r.rps / cap.rps;
        out.push({
          goal: `≥ ${n1(GOALS.ceilingShare)}× des eigenen Deckels`,
          target,
          ok: share >= GOALS.ceilingShare,
          detail: `${name}: ${n2(share)}× (${n0(r.rps)} von ${n0(cap.rps)} req/s; gemessen ${n0(measuredUs(r))} µs je Anfrage, der Deckel rechnet ${n0(cap.totalUs)}; ein Thread allein schafft höchstens ${n0(cap.threadRps)} req/s)`,
        });
      }
      const guide = GUIDE[kindOf(result, name)];
      out.push({ goal: 'Richtwert req/s', target, ok: r.rps >= guide, detail: `${name}: ${n0(r.rps)} req/s, Richtwert ${n0(guide)} (${KIND_LABEL[kindOf(result, name)]})` });
      out.push({
        goal: `p99 ≤ ${GOALS.p99OverP50}× p50 (Verbindungen offen)`,
        target,
        ok: r.p99 <= GOALS.p99OverP50 * r.p50,
        detail: `${name}: p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms (${n1(r.p99 / Math.max(0.001, r.p50))}×)`,
      });
      if (e.open) {
        out.push({
          goal: `offene Schleife bei halber Kapazität: p99 ≤ ${GOALS.openLoopP99Ms} ms`,
          target,
          ok: e.open.p99 <= GOALS.openLoopP99Ms && e.open.errors === 0,
          detail: `${name}: ${n0(e.open.rate)}/s, p50 ${ms(e.open.p50)} ms, p99 ${ms(e.open.p99)} ms${e.open.errors ? `, ${e.open.errors} Fehler` : ''}`,
        });
      }
      out.push(...issue41(t, name, kindOf(result, name), e));
      if (r.usage.eventLoop) {
        out.push({
          goal: `Eventloop-Verzögerung p99 ≤ ${GOALS.eventLoopP99Ms} ms unter ${result.connections} Verbindungen`,
          target,
          ok: r.usage.eventLoop.p99 <= GOALS.eventLoopP99Ms,
          detail: `${name}: p99 ${ms(r.usage.eventLoop.p99)} ms, höchstens ${ms(r.usage.eventLoop.max)} ms`,
        });
      }
      if (isSearch(name)) {
        const goal = GOALS.searchRps[t.kind];
        out.push({ goal: `Suche: ≥ ${n0(GOALS.searchRps.pglite)} req/s auf PGlite, ≥ ${n0(GOALS.searchRps.postgres)} auf PostgreSQL`, target, ok: r.rps >= goal, detail: `${name}: ${n0(r.rps)} req/s` });
        if (e.open) {
          out.push({ goal: `Suche: offene Schleife p99 ≤ ${GOALS.searchOpenP99Ms} ms`, target, ok: e.open.p99 <= GOALS.searchOpenP99Ms && e.open.errors === 0, detail: `${name}: ${n0(e.open.rate)}/s, p99 ${ms(e.open.p99)} ms` });
        }
      }
      if (r.errors) out.push({ goal: 'keine Fehler', target, ok: false, detail: `${name}: ${r.errors} Fehler (${JSON.stringify(r.statuses)})` });
    }
    if (t.staff) {
      const s = t.staff;
      const who = `${s.staff} Personen`;
      out.push({ goal: `Belegschaft: p50 ≤ ${GOALS.staffP50Ms} ms`, target, ok: s.p50 <= GOALS.staffP50Ms && s.requests > 0, detail: `${who}: p50 ${ms(s.p50)} ms über ${n0(s.requests)} Anfragen` });
      const p99Goal = GOALS.staffP99Ms[t.kind];
      out.push({ goal: `Belegschaft: p99 ≤ ${GOALS.staffP99Ms.postgres} ms auf PostgreSQL, ≤ ${GOALS.staffP99Ms.pglite} auf PGlite`, target, ok: s.p99 <= p99Goal && s.requests > 0, detail: `${who}: p99 ${ms(s.p99)} ms` });
      if (s.errors || s.login.errors) out.push({ goal: 'keine Fehler', target, ok: false, detail: `Belegschaft: ${s.errors} Fehler, ${s.login.errors} gescheiterte Anmeldungen; ${s.errorSamples.join(' | ')}` });
    }
    const idle = result.demoIdleRss?.[t.kind] ?? null;
    const idleGoal = GOALS.idleRssMiB[t.kind];
    if (idle !== null) out.push({ goal: `Speicher: Demo-Firma im Leerlauf ≤ ${GOALS.idleRssMiB.pglite} MiB auf PGlite, ≤ ${GOALS.idleRssMiB.postgres} auf PostgreSQL`, target, ok: idle <= idleGoal, detail: `${n0(idle)} MiB, Ziel ${idleGoal} MiB` });
    const after = t.rss?.afterStaff ?? null;
    const afterGoal = GOALS.afterStaffRssFactor * idleGoal;
    if (after !== null && t.staff) out.push({ goal: `Speicher nach der Belegschaft ≤ ${n1(GOALS.afterStaffRssFactor)}× Leerlauf-Ziel`, target, ok: after <= afterGoal, detail: `${n0(after)} MiB, Ziel ${n0(afterGoal)} MiB` });
    const second = t.rss?.afterSecondStaff ?? null;
    if (after !== null && second !== null && second !== undefined) {
      out.push({ goal: `Speicher wächst nicht über zwei Läufe der Belegschaft (≤ ${n0(GOALS.secondRunGrowthPercent)} %)`, target, ok: second <= after * (1 + GOALS.secondRunGrowthPercent / 100), detail: `${n0(after)} → ${n0(second)} MiB` });
    }
  }
  return out;
}

/** The req/s goal of issue 41 for an endpoint, or null where it sets none (searches have their own). */
function rpsGoal(name: string, kind: EndpointKind, db: TargetResult['kind']): number | null {
  if (name === 'Aktueller Benutzer') return GOALS.rps.currentUser[db];
  if (kind === 'week') return GOALS.rps.week[db];
  if (kind === 'list' && !isSearch(name)) return GOALS.rps.list[db];
  return null;
}

/**
 * Issue 41's goals for one endpoint: its share of the reference, its req/s and the server's CPU
 * per page. A req/s goal the reference misses too in the same run becomes the reference's figure.
 */
function issue41(t: TargetResult, name: string, kind: EndpointKind, e: { closed: Measured; reference?: Measured }): Verdict[] {
  const out: Verdict[] = [];
  const target = dbName(t);
  const r = e.closed;
  const ref = e.reference;
  if (ref) {
    const share = r.rps / Math.max(1, ref.rps);
    out.push({ goal: `≥ ${n1(GOALS.referenceShare)}× der Referenz`, target, ok: share >= GOALS.referenceShare, detail: `${name}: ${n2(share)}× (${n0(r.rps)} gegen ${n0(ref.rps)} req/s)` });
  }
  const goal = rpsGoal(name, kind, t.kind);
  if (goal !== null) {
    const reached = ref && ref.rps < goal ? ref.rps : goal;
    out.push({
      goal: `req/s: Listen ≥ ${n0(GOALS.rps.list.postgres)} / ${n0(GOALS.rps.list.pglite)}, Benutzer ≥ ${n0(GOALS.rps.currentUser.postgres)} / ${n0(GOALS.rps.currentUser.pglite)}, Woche ≥ ${n0(GOALS.rps.week.postgres)} / ${n0(GOALS.rps.week.pglite)} (PostgreSQL / PGlite)`,
      target,
      ok: r.rps >= reached,
      detail: `${name}: ${n0(r.rps)} req/s, Ziel ${n0(reached)}${reached !== goal ? ` (die Referenz schafft ${n0(ref!.rps)} statt ${n0(goal)})` : ''}`,
    });
  }
  if (kind === 'list' && r.usage.nodeUs !== null) {
    out.push({ goal: `Node ≤ ${n0(GOALS.nodeUsPerPage)} µs je Listenseite`, target, ok: r.usage.nodeUs <= GOALS.nodeUsPerPage, detail: `${name}: ${n0(r.usage.nodeUs)} µs` });
  }
  return out;
}

/** Reference and portal side by side, per endpoint and database. */
function referenceSection(result: BenchResult): string[] {
  const names = [...new Set(result.targets.flatMap((t) => Object.entries(t.endpoints).filter(([, e]) => e.reference).map(([n]) => n)))];
  if (!names.length) return ['Nicht gemessen.'];
  const ts = result.targets;
  return [
    `Für diese Antworten läuft im selben Lauf eine von Hand geschriebene Minimalfassung (\`bench/src/reference.ts\`): nacktes Fastify, node-postgres, eine SQL-Anweisung je Antwort, die auch Sitzung und Recht prüft; das JSON baut die Anweisung selbst (Beanstandungen) oder der Handler aus ihrer einen Zeile, wo das Portal rechnet (Urlaubskonto, Quote, Zellen der Woche) mit dessen reinen Funktionen; dieselben Bytes wie das Portal (\`bench/test/reference.test.ts\`). Auf PostgreSQL läuft sie neben dem Portal und wird direkt nach dessen Lauf desselben Endpunkts gemessen; auf PGlite gehört ein Datenverzeichnis nur einem Prozess, dort läuft sie vor dem Start des Portals auf denselben Daten. Ziel: Portal ≥ ${n1(GOALS.referenceShare)}× Referenz.`,
    '',
    `| Endpunkt | ${ts.map((t) => `${dbName(t)} Portal req/s | Referenz req/s | Portal ÷ Referenz`).join(' | ')} |`,
    `|---|${ts.map(() => '---:|---:|---:').join('|')}|`,
    ...names.map((name) => `| ${name} | ${ts.map((t) => {
      const e = t.endpoints[name];
      if (!e?.reference) return '– | – | –';
      const share = e.closed.rps / Math.max(1, e.reference.rps);
      return `${n0(e.closed.rps)} | ${n0(e.reference.rps)} | ${n2(share)} ${mark(share >= GOALS.referenceShare)}`;
    }).join(' | ')} |`),
  ];
}

/** RSS of the server: the demo company idle as `npm start` runs it, and at company scale. */
function memorySection(result: BenchResult): string[] {
  const ts = result.targets;
  if (!ts.length || !result.demoIdleRss) return ['Nicht gemessen.'];
  const mib = (v: number | null | undefined) => (v === null || v === undefined ? '–' : `${n0(v)} MiB`);
  const line = (label: string, f: (t: TargetResult) => string) => `| ${label} | ${ts.map(f).join(' | ')} |`;
  return [
    'Resident Set Size des Server-Prozesses aus /proc (bei PGlite samt Datenbank-Thread; die Prozesse von PostgreSQL zählen nicht). Die Demo-Firma läuft wie `npm start` aus dem Bündel und bleibt nach der ersten Antwort ' +
      `${result.timing.idleSeconds} s unberührt; die Firmengröße läuft wie alle Messungen hier ebenso aus dem Bündel. Ziel: Demo-Firma im Leerlauf ≤ ${GOALS.idleRssMiB.pglite} MiB auf PGlite, ≤ ${GOALS.idleRssMiB.postgres} MiB auf PostgreSQL; nach der simulierten Belegschaft höchstens das ${n1(GOALS.afterStaffRssFactor)}-Fache davon, und ein zweiter Lauf derselben Personen (mit ihren Sitzungen) lässt ihn um höchstens ${n0(GOALS.secondRunGrowthPercent)} % wachsen.`,
    '',
    `| | ${ts.map(dbName).join(' | ')} |`,
    `|---|${ts.map(() => '---:').join('|')}|`,
    line('Demo-Firma im Leerlauf', (t) => {
      const v = result.demoIdleRss[t.kind];
      return v === null ? '–' : `${mib(v)} ${mark(v <= GOALS.idleRssMiB[t.kind])}`;
    }),
    line('Firmengröße: nach dem Start', (t) => mib(t.rss?.start)),
    line('nach den Endpunkten', (t) => mib(t.rss?.afterEndpoints)),
    line('nach der simulierten Belegschaft', (t) => {
      const v = t.rss?.afterStaff ?? null;
      return v === null ? '–' : `${mib(v)} ${mark(v <= GOALS.afterStaffRssFactor * GOALS.idleRssMiB[t.kind])}`;
    }),
    line('nach ihrem zweiten Lauf (dieselben Sitzungen)', (t) => {
      const v = t.rss?.afterSecondStaff ?? null;
      const first = t.rss?.afterStaff ?? null;
      return v === null || v === undefined || first === null ? '–' : `${mib(v)} ${mark(v <= first * (1 + GOALS.secondRunGrowthPercent / 100))}`;
    }),
  ];
}

/** The portal search and the documents page's search, which have goals of their own. */
const isSearch = (name: string) => name.startsWith('Suche im Portal') || name.startsWith('Dokumentsuche');

/** Measured CPU µs per request: server, database, load generator. */
const measuredUs = (r: Measured) => (r.usage.nodeUs ?? 0) + (r.usage.dbUs ?? 0) + r.usage.clientUs;

function endpointTable(result: BenchResult, t: TargetResult): string[] {
  const lite = t.kind === 'pglite';
  const head = ['Endpunkt', 'req/s', 'p50 ms', 'p99 ms', 'p99 ÷ p50', 'Fehler', 'KB/Antwort', 'Anw./Anfr.', 'µs Node', `µs ${lite ? 'PGlite' : 'DB'}`, 'Deckel req/s', 'erreicht', 'Richtwert', ...(lite ? ['Eventloop p99 ms'] : []), 'Last', 'fremd'];
  const lines = [`| ${head.join(' | ')} |`, `|---|${head.slice(1).map(() => '---:').join('|')}|`];
  const row = (name: string, r: Measured, withCeiling: boolean) => {
    const cap = withCeiling ? ceiling(result, t, r) : null;
    const share = cap ? r.rps / cap.rps : null;
    const guide = withCeiling ? GUIDE[kindOf(result, name)] : null;
    const eld = r.usage.eventLoop;
    const cells = [
      name,
      n0(r.rps),
      ms(r.p50),
      ms(r.p99),
      withCeiling ? `${n1(r.p99 / Math.max(0.001, r.p50))} ${mark(r.p99 <= GOALS.p99OverP50 * r.p50)}` : n1(r.p99 / Math.max(0.001, r.p50)),
      String(r.errors),
      kb(r.bytesPerRequest),
      r.statementsPerRequest === null ? '–' : n2(r.statementsPerRequest),
      us(r.usage.nodeUs),
      us(r.usage.dbUs),
      cap ? n0(cap.rps) : '–',
      share === null ? '–' : `${n2(share)} ${mark(share >= GOALS.ceilingShare)}`,
      guide === null ? '–' : `${n0(guide)} ${mark(r.rps >= guide)}`,
      ...(lite ? [eld ? `${ms(eld.p99)}${withCeiling ? ` ${mark(eld.p99 <= GOALS.eventLoopP99Ms)}` : ''}` : '–'] : []),
      n1(r.usage.load),
      `${Math.round(r.usage.foreign * 100)} %`,
    ];
    return `| ${cells.join(' | ')} |`;
  };
  lines.push(row('/api/health', t.health, false));
  for (const [name, e] of Object.entries(t.endpoints)) lines.push(row(name, e.closed, true));
  return lines;
}

function openLoopTable(result: BenchResult): string[] {
  const names = result.endpoints.map((e) => e.name).filter((n) => result.targets.some((t) => t.endpoints[n]?.open));
  if (!names.length) return ['Nicht gemessen.'];
  const head = ['Endpunkt', ...result.targets.flatMap((t) => [`${dbName(t)}: Rate/s`, 'p50 ms', 'p99 ms', 'höchstens ms'])];
  const lines = [`| ${head.join(' | ')} |`, `|---|${head.slice(1).map(() => '---:').join('|')}|`];
  for (const name of names) {
    const cells = result.targets.flatMap((t) => {
      const o = t.endpoints[name]?.open;
      if (!o) return ['–', '–', '–', '–'];
      return [n0(o.rate), ms(o.p50), `${ms(o.p99)} ${mark(o.p99 <= GOALS.openLoopP99Ms && o.errors === 0)}${o.errors ? ` (${o.errors} Fehler)` : ''}`, ms(o.max)];
    });
    lines.push(`| ${name} | ${cells.join(' | ')} |`);
  }
  return lines;
}

function staffSection(result: BenchResult): string[] {
  const ts = result.targets.filter((t) => t.staff);
  if (!ts.length) return ['Nicht gemessen.'];
  const head = ['', ...ts.map(dbName)];
  const line = (label: string, f: (t: TargetResult & { staff: NonNullable<TargetResult['staff']> }) => string) => `| ${label} | ${ts.map((t) => f(t as never)).join(' | ')} |`;
  const out = [
    `| ${head.join(' | ')} |`,
    `|---|${ts.map(() => '---:').join('|')}|`,
    line('Personen (davon bearbeiten den Kalender)', (t) => `${n0(t.staff.staff)} (${n0(t.staff.editors)})`),
    line('Anmeldung: bis alle angemeldet', (t) => `${n0(t.staff.loginSeconds)} s`),
    line('Anmeldung: p50 / p99', (t) => `${ms(t.staff.login.p50)} / ${ms(t.staff.login.p99)} ms`),
    line('Messfenster', (t) => `${n0(t.staff.windowSeconds)} s`),
    line('Anfragen im Fenster (je Sekunde)', (t) => `${n0(t.staff.requests)} (${n0(t.staff.rps)}/s)`),
    line(`p50 (Ziel ≤ ${GOALS.staffP50Ms} ms)`, (t) => `${ms(t.staff.p50)} ms ${mark(t.staff.p50 <= GOALS.staffP50Ms && t.staff.requests > 0)}`),
    line('p90', (t) => `${ms(t.staff.p90)} ms`),
    line(`p99 (Ziel ≤ ${GOALS.staffP99Ms.postgres} ms auf PostgreSQL, ≤ ${GOALS.staffP99Ms.pglite} auf PGlite)`, (t) => `${ms(t.staff.p99)} ms ${mark(t.staff.p99 <= GOALS.staffP99Ms[t.kind] && t.staff.requests > 0)}`),
    line('höchstens', (t) => `${ms(t.staff.max)} ms`),
    line('ohne die erste Runde: ab Sekunde / Anfragen', (t) => `${n0(t.staff.settled.fromSeconds)} / ${n0(t.staff.settled.requests)}`),
    line('ohne die erste Runde: p50 / p99', (t) => `${ms(t.staff.settled.p50)} / ${ms(t.staff.settled.p99)} ms`),
    line('Fehler (im ganzen Lauf)', (t) => `${t.staff.errors}${t.staff.login.errors ? ` (+ ${t.staff.login.errors} Anmeldungen)` : ''}`),
    line('Runden im Fenster / gesetzte Schichten', (t) => `${n0(t.staff.rounds)} / ${n0(t.staff.calendarEdits)}`),
    line('CPU µs je Anfrage: Node / Datenbank', (t) => `${us(t.staff.usage.nodeUs)} / ${us(t.staff.usage.dbUs)}`),
    line('Anweisungen je Anfrage (unter Last gezählt)', (t) => (t.staff.statementsPerRequest === null ? '–' : n2(t.staff.statementsPerRequest))),
    line('Eventloop-Verzögerung p99', (t) => (t.staff.usage.eventLoop ? `${ms(t.staff.usage.eventLoop.p99)} ms` : '–')),
    line('Last (1 min) / fremd', (t) => `${n1(t.staff.usage.load)} / ${Math.round(t.staff.usage.foreign * 100)} %`),
    '',
    `| Schritt | ${ts.map((t) => `${dbName(t)}: Anfragen | p50 ms | p99 ms`).join(' | ')} |`,
    `|---|${ts.map(() => '---:|---:|---:').join('|')}|`,
  ];
  for (const step of Object.keys(ts[0]!.staff!.steps) as (typeof STEPS)[number][]) {
    const cells = ts.map((t) => {
      const s = t.staff!.steps[step];
      return `${n0(s.requests)} | ${ms(s.p50)} | ${ms(s.p99)}`;
    });
    out.push(`| ${step} | ${cells.join(' | ')} |`);
  }
  const errs = ts.flatMap((t) => t.staff!.errorSamples.map((e) => `${dbName(t)}: ${e}`));
  if (errs.length) out.push('', 'Erste Fehler:', '', ...errs.map((e) => `- \`${e}\``));
  return out;
}

function goalTable(result: BenchResult, found: Verdict[]): string[] {
  const goals = [...new Set(found.map((v) => v.goal))];
  const head = ['Ziel', ...result.targets.map(dbName)];
  const lines = [`| ${head.join(' | ')} |`, `|---|${result.targets.map(() => '---').join('|')}|`];
  for (const goal of goals) {
    const cells = result.targets.map((t) => {
      const vs = found.filter((v) => v.goal === goal && v.target === dbName(t));
      if (!vs.length) return '–';
      const met = vs.filter((v) => v.ok).length;
      if (vs.length === 1) return `${mark(vs[0]!.ok)} ${vs[0]!.detail.replace(/^[^:]*: /, '')}`;
      return `${mark(met === vs.length)} ${met} von ${vs.length}`;
    });
    lines.push(`| ${goal} | ${cells.join(' | ')} |`);
  }
  return lines;
}

export function writeReport(result: BenchResult): string {
  const pgl = result.targets.find((t) => t.kind === 'pglite');
  const pgs = result.targets.find((t) => t.kind === 'postgres');
  const fe = result.frontend;
  const found = verdicts(result);
  const missed = found.filter((v) => !v.ok);
  const cpuBudget = result.machine.cpus * 1e6;
  const tm = result.timing;
  const md = [
    '# Benchmark',
    '',
    `Lauf vom ${result.date}${result.quick ? ' (BENCH_QUICK: kleine Daten, kurze Läufe – nur ein Rauchtest, die Zahlen taugen nicht als Messung)' : ''}, Dauer ${n0(result.seconds / 60)} min. Maschine: ${result.machine.cpus} Kerne (${result.machine.cpuModel}), ${result.machine.memoryGiB} GiB, Node ${result.machine.node}.`,
    '',
    `Geschlossene Schleife: ${result.connections} Verbindungen, die vom Aufwärmen (${n1(tm.warmup)} s) bis zum Ende der Messung (${n1(tm.seconds)} s) offen bleiben; am Ende wartet der Lastgenerator alle laufenden Antworten ab, so läuft nichts in die nächste Messung. Offene Schleife: feste Ankunftsrate (die Hälfte der gemessenen req/s), ${n1(tm.openSeconds)} s gemessen, Latenz ab dem Zeitpunkt, zu dem die Anfrage fällig war. Nur 127.0.0.1; der Server läuft als eigener Prozess mit LOG_LEVEL=warn und echten Tokens; alle Anfragen mit \`Accept-Encoding: gzip\` wie ein Browser.`,
    '',
    'Auf einem geteilten Rechner schwanken req/s mit der Arbeit anderer; die CPU-Zeit je Anfrage hält besser. Deshalb stehen neben req/s:',
    '',
    '- **µs Node**: CPU-Zeit des Server-Prozesses je Anfrage im Messfenster (alle Threads; der Server liest sie mit den Zählern seiner Messsonde, das nackte Fastify aus /proc), bei PGlite ohne den Datenbank-Thread; **µs DB**: CPU-Zeit der PostgreSQL-Backends der Bench-Datenbank je Anfrage (/proc/<pid>/schedstat), bei PGlite die des Datenbank-Threads, in dem PGlite läuft.',
    '- **Anw./Anfr.**: SQL-Anweisungen je Anfrage, im Server gezählt (Messsonde `BENCH_PROBE`, nur im Benchmark an), Sitzungsprüfung, `begin` und `commit` eingeschlossen.',
    `- **Deckel**: ${result.machine.cpus} Kerne × 1.000.000 = ${n0(cpuBudget)} CPU-µs/s ÷ (Hello-World-µs + k × Rundreise-µs + Ausführungs-µs + ${US_PER_KB} µs je KB), k = Anw./Anfr.; Hello-World-µs = CPU je Anfrage des nackten Fastify samt Lastgenerator, Rundreise-µs = CPU je \`select 1\` (Node und Datenbank), Ausführungs-µs = µs DB je Anfrage abzüglich k Rundreisen auf Datenbankseite. **erreicht** = req/s ÷ Deckel, Ziel ≥ ${n1(GOALS.ceilingShare)}.`,
    `- Der Server rechnet sein JavaScript in einem Thread, PGlite in einem zweiten: was in einem davon liegt (Server: sein Teil des Hello World, die Node-Seite der Rundreisen, die Bytes; PGlite: die Datenbankseite der Rundreisen und die Ausführung), begrenzt ihn schon bei 1.000.000 µs/s, denn ein Thread nutzt höchstens einen Kern. Der Deckel ist das Kleinere von beidem; bei PGlite begrenzt meist der Datenbank-Thread die Listen.`,
    `- **Richtwert**: das Ziel in req/s für diese Maschine, etwa die Hälfte des Deckels (Einzeldatensätze ${n0(GUIDE.record)}, Listenseiten ${n0(GUIDE.list)}, Kalenderwoche ${n0(GUIDE.week)}, alle Benutzer mit gzip ${n0(GUIDE.all)}, als 304 ${n0(GUIDE.notModified)}).`,
    '- **Last**: Load Average (1 min) am Ende des Messfensters; **fremd**: Anteil der Rechner-CPU, den im Messfenster andere Prozesse als Server, Datenbank-Backends und Lastgenerator brauchten.',
    '',
    '## Daten',
    '',
    `${result.scale.locations} Standorte, ${result.scale.users} Benutzer in allen Gruppen, ${result.scale.years} Jahre Urlaub und Krankmeldungen, ${n0(result.scale.tasks)} Aufgaben, ${n0(result.scale.loginLog)} Login-Einträge (fester Seed).`,
    '',
    '| Tabelle | Zeilen (zusätzlich zur Demo-Firma) |',
    '|---|---:|',
    ...Object.entries((pgl ?? pgs)?.data.rows ?? {}).map(([k, v]) => `| ${k} | ${n0(v)} |`),
    '',
    ...result.targets.map((t) => `Erzeugt auf ${dbName(t)} in ${n0(t.generateSeconds)} s; größter Standort: ${t.data.largestLocationPeople} Personen.`),
    '',
    '## Ziele',
    '',
    ...goalTable(result, found),
    '',
    ...(result.targets.length ? [] : ['Keine Datenbank gemessen.']),
    '## Bausteine des Deckels',
    '',
    '| Datenbank | nacktes Fastify req/s | Hello-World µs (Server + Lastgenerator) | `select 1` Rundreisen/s | Rundreise µs Node | Rundreise µs DB |',
    '|---|---:|---:|---:|---:|---:|',
    ...result.targets.map((t) => `| ${dbName(t)} | ${n0(t.bare.rps)} | ${n0(helloUs(t))} (${us(t.bare.usage.nodeUs)} + ${n0(t.bare.usage.clientUs)}) | ${n0(t.floor.perSecond)} | ${n0(t.floor.nodeUs)} | ${n0(t.floor.dbUs)} |`),
    '',
    '`select 1` mit 50 gleichzeitigen Aufrufern aus Node ohne HTTP (PostgreSQL über einen Pool wie im Server, 10 Verbindungen; PGlite über seine eine Verbindung zum Datenbank-Thread).',
    '',
    '## /api/health gegen nacktes Fastify',
    '',
    `Das nackte Fastify antwortet auf \`/api/health\` mit demselben Körper und denselben Kopfzeilen (Sicherheits-Header, Cache-Control) wie das Portal; gemessen direkt vor dem \`/api/health\` des jeweiligen Servers. Ziel: ≥ ${n1(GOALS.healthVsBare)}×.`,
    '',
    '| Datenbank | nacktes Fastify req/s | µs Server | µs Lastgenerator | /api/health req/s | µs Server | µs Lastgenerator | Verhältnis req/s | Verhältnis der Server-µs |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...result.targets.map((t) => {
      const ratio = t.health.rps / Math.max(1, t.bare.rps);
      const cpu = t.bare.usage.nodeUs && t.health.usage.nodeUs ? n2(t.bare.usage.nodeUs / t.health.usage.nodeUs) : '–';
      return `| ${dbName(t)} | ${n0(t.bare.rps)} | ${us(t.bare.usage.nodeUs)} | ${n0(t.bare.usage.clientUs)} | ${n0(t.health.rps)} | ${us(t.health.usage.nodeUs)} | ${n0(t.health.usage.clientUs)} | ${n2(ratio)} ${mark(ratio >= GOALS.healthVsBare)} | ${cpu} |`;
    }),
    '',
    'Die Verhältnisse der req/s schwanken mit der Last anderer auf dem Rechner; das der Server-µs je Anfrage (nackt ÷ Portal) zeigt, was der Plugin-Stapel kostet, und hält auch dann.',
    '',
    ...(pgs ? ['## PostgreSQL', '', ...endpointTable(result, pgs), ''] : []),
    ...(pgl ? ['## PGlite (eingebettet)', '', `Die Eventloop-Verzögerung meldet der Server selbst (\`monitorEventLoopDelay\`, 10 ms Auflösung) über die Messsonde, für das Messfenster jedes Laufs mit ${result.connections} Verbindungen. Ziel: p99 ≤ ${GOALS.eventLoopP99Ms} ms.`, '', ...endpointTable(result, pgl), ''] : []),
    ...result.skipped.map((s) => `> Nicht gemessen: ${s}`),
    '',
    '## Offene Schleife bei halber Kapazität',
    '',
    `Feste Ankunftsrate: die Hälfte der req/s, die der Endpunkt in der geschlossenen Schleife erreicht hat; neue Verbindungen, wenn alle belegt sind (höchstens 256). Ziel: p99 ≤ ${GOALS.openLoopP99Ms} ms.${result.quick ? ' Im Rauchtest nur für einige Endpunkte.' : ''}`,
    '',
    ...openLoopTable(result),
    '',
    '## Simulierte Belegschaft',
    '',
    `Jede Person meldet sich einmal an (von der Adresse ihres Standorts, als X-Forwarded-For hinter 127.0.0.1 als vertrautem Proxy) und arbeitet dann in einer Schleife mit ${n1(result.timing.thinkMs[0] / 1000)}–${n1(result.timing.thinkMs[1] / 1000)} s Denkzeit zwischen den Schritten: Dashboard (eigener Benutzer, Aufgabenzähler, eigene offene Aufgaben), Listen (offene und akzeptierte Urlaubsanträge), Urlaubsantrag (zwei Tage im Sommer in zwei Jahren), Kalender (Woche des eigenen Standorts; wer den Kalender bearbeiten darf, setzt eine Schicht an einem eigenen Tag), Zurücknehmen (Antrag gelöscht, Schicht entfernt). Simuliert werden erzeugte Personen, deren Gruppe Urlaub beantragen, Aufgaben und den Kalender sehen darf, zuerst alle, die den Kalender ihres Standorts bearbeiten dürfen (Filialleitung, Franchise, Zentrallager- und Personalleitung), dann die übrigen; höchstens ${result.maxStaffPerLocation} je Standort (jeder Standort hat seine Adresse, und der Server nimmt je Adresse höchstens 30 Anmeldungen in der Minute an). Alle melden sich zuerst an (wie zu Schichtbeginn, je eine scrypt-Prüfung, vier zugleich); ihre Zeiten stehen getrennt. Dann beginnt jede Person nach einer eigenen Denkzeit; gemessen wird jede Anfrage, sobald alle begonnen haben. Weil alle innerhalb einer Denkzeit beginnen, kommen die Schritte der ersten Runde als Wellen aller zugleich; „ohne die erste Runde“ zeigt dasselbe Fenster ab der zweiten, wenn sich die Personen verteilt haben (das Ziel gilt für das ganze Fenster). Ziel: p50 ≤ ${GOALS.staffP50Ms} ms, p99 ≤ ${GOALS.staffP99Ms.postgres} ms auf PostgreSQL und ≤ ${GOALS.staffP99Ms.pglite} ms auf PGlite.`,
    '',
    ...staffSection(result),
    '',
    '## Front-End',
    '',
    ...(fe
      ? [
          `| Messung | Wert | Ziel |`,
          `|---|---:|---|`,
          `| JavaScript der Anmeldeseite (gzip, ${fe.loginJsFiles} Dateien) | ${n2(fe.loginJsGzipKiB)} KiB | ≤ ${GOALS.loginJsGzipKiB} KiB ${mark(fe.loginJsGzipKiB <= GOALS.loginJsGzipKiB)} |`,
          `| JavaScript der Anmeldeseite (Brotli, wie gesendet) | ${n2(fe.loginJsBrotliKiB)} KiB | ≤ ${GOALS.loginJsBrotliKiB} KiB ${mark(fe.loginJsBrotliKiB <= GOALS.loginJsBrotliKiB)} |`,
          `| JavaScript des Dashboards (Brotli, wie gesendet) | ${n2(fe.dashboardJsBrotliKiB)} KiB | – |`,
          `| zod im Dashboard (Schemas erst mit einem Formular) | ${fe.dashboardLoadsZod ? 'ja' : 'nein'} | nein ${mark(!fe.dashboardLoadsZod)} |`,
          `| Größter Chunk (minifiziert, ${fe.largestChunk.file}) | ${n2(fe.largestChunk.kB)} kB | ≤ ${GOALS.chunkKB} kB ${mark(fe.largestChunk.kB <= GOALS.chunkKB)} |`,
          `| LCP Anmeldeseite | ${fe.lcpLoginMs === null ? '–' : `${n0(fe.lcpLoginMs)} ms`} | ≤ ${GOALS.lcpMs} ms ${fe.lcpLoginMs === null ? '' : mark(fe.lcpLoginMs <= GOALS.lcpMs)} |`,
          `| LCP Dashboard nach Anmeldung | ${fe.lcpDashboardMs === null ? '–' : `${n0(fe.lcpDashboardMs)} ms`} | ≤ ${GOALS.lcpMs} ms ${fe.lcpDashboardMs === null ? '' : mark(fe.lcpDashboardMs <= GOALS.lcpMs)} |`,
          '',
          `Gemessen in Chromium ${fe.browser} (Debian), 1280×800, über PerformanceObserver.`,
        ]
      : ['Nicht gemessen.']),
    '',
    '## Lighthouse (Mobil)',
    '',
    ...(result.quick ? ['Im Rauchtest nicht gemessen (`npm run lighthouse -w bench` misst allein).'] : lighthouseSection(result.lighthouse)),
    '',
    '## Start',
    '',
    `| Datenverzeichnis | bis die Anmeldeseite antwortet |`,
    `|---|---:|`,
    `| leer (Migrationen und Demo-Firma) | ${n0(result.startup.emptyMs)} ms |`,
    `| vorhanden | ${n0(result.startup.existingMs)} ms |`,
    '',
    '## Referenz',
    '',
    ...referenceSection(result),
    '',
    '## Speicher',
    '',
    ...memorySection(result),
    '',
    '## Verfehlte Ziele',
    '',
    ...(missed.length ? [...missedLines(missed), '', 'Die gemessenen Ursachen stehen in docs/decisions/performance-stand-des-benchmarks.md.'] : ['Keine.']),
    '',
  ].join('\n');
  // A quick smoke run must not overwrite the committed report of a full run.
  const dir = result.quick ? new URL('../../test-results/bench-quick/', import.meta.url) : new URL('../', import.meta.url);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(new URL('REPORT.md', dir), md);
  const ceilings = Object.fromEntries(result.targets.map((t) => [t.kind, Object.fromEntries(Object.entries(t.endpoints).map(([name, e]) => [name, ceiling(result, t, e.closed)]))]));
  fs.writeFileSync(new URL('report.json', dir), `${JSON.stringify({ ...result, goals: GOALS, guide: GUIDE, ceilings, verdicts: found }, null, 2)}\n`);
  return md;
}

/** One line per goal and database, naming each miss with its numbers. */
function missedLines(missed: Verdict[]): string[] {
  const groups = new Map<string, Verdict[]>();
  for (const v of missed) {
    const key = `${v.target}: ${v.goal}`;
    groups.set(key, [...(groups.get(key) ?? []), v]);
  }
  return [...groups].map(([key, vs]) => `- **${key}** – ${vs.map((v) => v.detail).join('; ')}`);
}
