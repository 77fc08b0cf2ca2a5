/** bench/REPORT.md and bench/report.json, built only from the numbers of the run. */
import fs from 'node:fs';
import type { BenchResult, TargetResult } from './bench.ts';
import type { LoadResult } from './load.ts';

export const GOALS = {
  healthVsHello: 0.6,
  endpointVsHello: 0.25,
  p99VsHello: 4,
  pgliteVsPostgres: 0.35,
  loginJsGzipKiB: 300,
  chunkKB: 500,
  lcpMs: 1000,
};

const n0 = (v: number) => Math.round(v).toLocaleString('de-DE');
const n2 = (v: number) => v.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const mark = (ok: boolean) => (ok ? '✓' : '✗');
const kb = (r: LoadResult) => (r.bytesPerRequest ? (r.bytesPerRequest / 1000).toLocaleString('de-DE', { maximumFractionDigits: 1 }) : '–');
/** Responses this large cost more in JSON and transfer than in the database. */
const LARGE_RESPONSE = 100_000;

/** Throughput of a run as a share of the ceiling's; p99 as a multiple of the ceiling's p99 (at least 1 ms). */
const vsHello = (r: LoadResult, hello: LoadResult) => ({ rps: r.rps / hello.rps, p99: r.p99 / Math.max(1, hello.p99) });

/**
 * What an endpoint could reach at best on this machine, from measured parts: the HTTP stack
 * (health) plus its statements per request, each at the database's round-trip rate.
 */
export function ceiling(t: TargetResult, name: string, queries: Record<string, number>): number | null {
  const q = queries[name];
  if (q === undefined) return null;
  return 1 / (1 / t.health.rps + q / t.roundTrips);
}

/** Statements per request come from PostgreSQL's counter; the same code runs on PGlite. */
const queriesOf = (result: BenchResult) => result.targets.find((t) => t.kind === 'postgres')?.queriesPerRequest ?? {};

export interface Miss {
  target: string;
  endpoint: string;
  goal: string;
  /** The measured reason, from the run's own numbers. */
  cause: string;
}

export function misses(result: BenchResult, names: string[]): Miss[] {
  const out: Miss[] = [];
  const pgl = result.targets.find((t) => t.kind === 'pglite');
  const pgs = result.targets.find((t) => t.kind === 'postgres');
  const queries = queriesOf(result);
  const hello = result.hello;
  for (const t of result.targets) {
    const h = vsHello(t.health, hello);
    if (h.rps < GOALS.healthVsHello) {
      out.push({
        target: t.kind,
        endpoint: '/api/health',
        goal: `≥ ${GOALS.healthVsHello}× Hello-World`,
        cause: `der Plugin-Stapel (Sicherheits-Header, Zugriffsprüfung, Fehlerbehandlung) kostet ${n0(1e6 / t.health.rps - 1e6 / hello.rps)} µs je Anfrage mehr als das nackte Fastify (${n2(h.rps)}×).`,
      });
    }
  }
  if (pgs) {
    for (const name of names) {
      const r = pgs.endpoints[name]!;
      const v = vsHello(r, hello);
      const cap = ceiling(pgs, name, queries);
      const size = r.bytesPerRequest > LARGE_RESPONSE ? ` Jede Antwort ist ${kb(r)} KB groß: Serialisieren und Übertragen kosten mehr als die Abfragen.` : '';
      const capCause =
        cap === null
          ? ''
          : cap < GOALS.endpointVsHello * hello.rps
            ? `mit ${n2(queries[name]!)} Anweisungen je Aufruf liegt der Deckel bei ${n0(cap)} req/s (${n2(cap / hello.rps)}× Hello-World), davon erreicht ${Math.round((r.rps / cap) * 100)} %; das Ziel ist nur mit weniger Datenbank-Rundreisen je Aufruf erreichbar.`
            : `der Deckel läge bei ${n0(cap)} req/s, erreicht sind ${Math.round((r.rps / cap) * 100)} %: die Abfragen selbst kosten Zeit (Ausführung in PostgreSQL, Datenmenge).`;
      if (v.rps < GOALS.endpointVsHello) out.push({ target: 'postgres', endpoint: name, goal: `≥ ${GOALS.endpointVsHello}× Hello-World req/s`, cause: capCause + size });
      if (v.p99 > GOALS.p99VsHello) {
        out.push({
          target: 'postgres',
          endpoint: name,
          goal: `p99 ≤ ${GOALS.p99VsHello}× Hello-World`,
          cause: `bei ${n0(r.rps)} req/s warten ${result.connections} Verbindungen im Mittel ${n0((result.connections / r.rps) * 1000)} ms (p50 ${r.p50} ms); p99 folgt dem Durchsatz.`,
        });
      }
    }
  }
  if (pgl && pgs) {
    for (const name of names) {
      const ratio = pgl.endpoints[name]!.rps / pgs.endpoints[name]!.rps;
      if (ratio < GOALS.pgliteVsPostgres) {
        out.push({
          target: 'pglite',
          endpoint: name,
          goal: `≥ ${GOALS.pgliteVsPostgres}× PostgreSQL`,
          cause: `PGlite schafft ${n0(pgl.roundTrips)} Rundreisen/s, PostgreSQL ${n0(pgs.roundTrips)} (${n2(pgl.roundTrips / pgs.roundTrips)}×), und PGlite beantwortet alle Anweisungen nacheinander über eine Verbindung; bei ${queries[name] === undefined ? 'mehreren' : n2(queries[name]!)} Anweisungen je Aufruf erreicht es ${n2(ratio)}×.`,
        });
      }
    }
  }
  return out;
}

function targetTable(t: TargetResult, result: BenchResult, names: string[], other?: TargetResult): string[] {
  const lines = [
    `| Endpunkt | req/s | p50 ms | p99 ms | Fehler | KB/Antwort | ÷ Hello-World | p99 ÷ Hello-World |${other ? ' PGlite ÷ PostgreSQL |' : ''} Deckel req/s | erreicht |`,
    `|---|---:|---:|---:|---:|---:|---:|---:|${other ? '---:|' : ''}---:|---:|`,
  ];
  const queries = queriesOf(result);
  const q = (name: string) => (queries[name] === undefined ? '' : ` (${n2(queries[name]!)} Abfr.)`);
  const row = (name: string, r: LoadResult, goal: number, ratio?: number) => {
    const v = vsHello(r, result.hello);
    const ratioCell = other ? ` ${ratio === undefined ? '' : `${n2(ratio)} ${mark(ratio >= GOALS.pgliteVsPostgres)}`} |` : '';
    const p99Ok = name === '/api/health' ? '' : ` ${mark(v.p99 <= GOALS.p99VsHello)}`;
    const cap = ceiling(t, name, queries);
    const capCells = cap === null ? '' : ` ${n0(cap)} | ${Math.round((r.rps / cap) * 100)} % |`;
    return `| ${name}${q(name)} | ${n0(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${kb(r)} | ${n2(v.rps)} ${mark(v.rps >= goal)} | ${n2(v.p99)}${p99Ok} |${ratioCell}${capCells}`;
  };
  lines.push(row('/api/health', t.health, GOALS.healthVsHello, other ? t.health.rps / other.health.rps : undefined).replace(/\|$/, ' – | – |'));
  for (const name of names) lines.push(row(name, t.endpoints[name]!, GOALS.endpointVsHello, other ? t.endpoints[name]!.rps / other.endpoints[name]!.rps : undefined));
  return lines;
}

export function writeReport(result: BenchResult, names: string[]): string {
  const pgl = result.targets.find((t) => t.kind === 'pglite');
  const pgs = result.targets.find((t) => t.kind === 'postgres');
  const fe = result.frontend;
  const found = misses(result, names);
  const md = [
    '# Benchmark',
    '',
    `Lauf vom ${result.date}${result.quick ? ' (BENCH_QUICK: kleine Daten, kurze Läufe – nur ein Rauchtest)' : ''}. Maschine: ${result.machine.cpus} Kerne (${result.machine.cpuModel}), ${result.machine.memoryGiB} GiB, Node ${result.machine.node}.`,
    `Last mit autocannon, ${result.connections} Verbindungen, ${result.timing.warmup} s Aufwärmen und ${result.timing.seconds} s Messung je Endpunkt, nur 127.0.0.1. Der Server läuft als eigener Prozess mit LOG_LEVEL=warn; Anmeldung mit echten Tokens.`,
    '',
    '## Daten',
    '',
    `${result.scale.locations} Standorte, ${result.scale.users} Benutzer in allen Gruppen, ${result.scale.years} Jahre Urlaub und Krankmeldungen, ${n0(result.scale.tasks)} Aufgaben, ${n0(result.scale.loginLog)} Login-Einträge (fester Seed).`,
    '',
    '| Tabelle | Zeilen (zusätzlich zur Demo-Firma) |',
    '|---|---:|',
    ...Object.entries((pgl ?? pgs)?.data.rows ?? {}).map(([k, v]) => `| ${k} | ${n0(v)} |`),
    '',
    ...result.targets.map((t) => `Erzeugt auf ${t.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} in ${n0(t.generateSeconds)} s; größter Standort: ${t.data.largestLocationPeople} Personen.`),
    '',
    '## Obergrenzen',
    '',
    `Fastify „Hello World“ im selben Node: **${n0(result.hello.rps)} req/s**, p50 ${result.hello.p50} ms, p99 ${result.hello.p99} ms.`,
    '',
    'Datenbank ohne HTTP: `select 1` mit 50 gleichzeitigen Aufrufern aus Node (PostgreSQL über den Pool des Servers, 10 Verbindungen; PGlite über seine eine Verbindung zum Datenbank-Thread). Ein Endpunkt mit k Abfragen kommt höchstens auf diesen Wert geteilt durch k.',
    '',
    '| Datenbank | Rundreisen/s | ÷ Hello-World |',
    '|---|---:|---:|',
    ...result.targets.map((t) => `| ${t.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} | ${n0(t.roundTrips)} | ${n2(t.roundTrips / result.hello.rps)} |`),
    '',
    ...(pgs ? ['## PostgreSQL', '', ...targetTable(pgs, result, names), ''] : []),
    ...(pgl ? ['## PGlite (eingebettet)', '', ...targetTable(pgl, result, names, pgs), ''] : []),
    ...result.skipped.map((s) => `> Nicht gemessen: ${s}`),
    '',
    '## Front-End',
    '',
    ...(fe
      ? [
          `| Messung | Wert | Ziel |`,
          `|---|---:|---|`,
          `| JavaScript der Anmeldeseite (gzip, ${fe.loginJsFiles} Dateien) | ${n2(fe.loginJsGzipKiB)} KiB | ≤ ${GOALS.loginJsGzipKiB} KiB ${mark(fe.loginJsGzipKiB <= GOALS.loginJsGzipKiB)} |`,
          `| Größter Chunk (minifiziert, ${fe.largestChunk.file}) | ${n2(fe.largestChunk.kB)} kB | ≤ ${GOALS.chunkKB} kB ${mark(fe.largestChunk.kB <= GOALS.chunkKB)} |`,
          `| LCP Anmeldeseite | ${fe.lcpLoginMs === null ? '–' : `${n0(fe.lcpLoginMs)} ms`} | ≤ ${GOALS.lcpMs} ms ${fe.lcpLoginMs === null ? '' : mark(fe.lcpLoginMs <= GOALS.lcpMs)} |`,
          `| LCP Dashboard nach Anmeldung | ${fe.lcpDashboardMs === null ? '–' : `${n0(fe.lcpDashboardMs)} ms`} | ≤ ${GOALS.lcpMs} ms ${fe.lcpDashboardMs === null ? '' : mark(fe.lcpDashboardMs <= GOALS.lcpMs)} |`,
          '',
          `Gemessen in Chromium ${fe.browser} (Debian), 1280×800, über PerformanceObserver.`,
        ]
      : ['Nicht gemessen.']),
    '',
    '## Start',
    '',
    `| Datenverzeichnis | bis die Anmeldeseite antwortet |`,
    `|---|---:|`,
    `| leer (Migrationen und Demo-Firma) | ${n0(result.startup.emptyMs)} ms |`,
    `| vorhanden | ${n0(result.startup.existingMs)} ms |`,
    '',
    '## Verfehlte Ziele',
    '',
    ...(found.length
      ? found.map((m) => `- ${m.target === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${m.endpoint} – Ziel ${m.goal}. Gemessen: ${m.cause}`)
      : ['Keine.']),
    '',
  ].join('\n');
  // A quick smoke run must not overwrite the committed report of a full run.
  const dir = result.quick ? new URL('../../test-results/bench-quick/', import.meta.url) : new URL('../', import.meta.url);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(new URL('REPORT.md', dir), md);
  fs.writeFileSync(new URL('report.json', dir), `${JSON.stringify({ ...result, goals: GOALS, misses: found }, null, 2)}\n`);
  return md;
}
