/**
 * `npm run bench`: the portal at company scale on the embedded PGlite and on PostgreSQL.
 * Generates the data (fixed seed), starts the real server as a child process with its bench
 * probe on, and measures on this machine:
 *  - a bare Fastify sending the same headers, then /api/health through the whole plugin stack;
 *  - every list and calendar endpoint in a closed loop (50 connections kept open from warm-up to
 *    the end of the measurement; real tokens, 127.0.0.1 only), with CPU µs per request of the
 *    server, the database and the load generator, statements per request, event-loop delay and
 *    the load average; then in an open loop at half the rate reached;
 *  - simulated staff working through their day;
 *  - memory: the server's RSS with the demo company, idle, as `npm start` runs it, and at company
 *    scale after its start, the endpoints and the simulated staff;
 *  - the front-end budget and start-up;
 *  - Lighthouse (mobile preset) on the login page and the dashboard, against a server as `npm start`
 *    runs it with the demo company (not in the quick run).
 * Writes bench/REPORT.md and bench/report.json (a quick run writes to test-results/bench-quick/).
 * BENCH_QUICK=1: smaller data and short runs, a smoke test.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, arrayContains, arrayOverlaps, eq, like, ne, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, type Db, openPglite, openPostgres } from '../../server/src/platform/db.ts';
import { locations } from '../../server/src/modules/locations/locations.table.ts';
import { userGroups } from '../../server/src/modules/teams/teams.table.ts';
import { users } from '../../server/src/modules/users/users.table.ts';
import { sessions } from '../../server/src/modules/session/session.table.ts';
import { sha256 } from '../../server/src/platform/passwords.ts';
import { seedDemoIfEmpty } from '../../server/src/seed/demo.ts';
import { type Floor, roundTrips } from './floor.ts';
import { FULL_SCALE, generateScaleData, type GenerateResult, QUICK_SCALE } from './generate.ts';
import { type FrontendResult, measureFrontend } from './frontend.ts';
import { type LighthouseResult, measureLighthouse } from './lighthouse.ts';
import { Backends, Meter, type Snapshot, type Usage } from './gauges.ts';
import { type ClosedResult, CONNECTIONS, closedLoop, openLoop, type OpenResult } from './load.ts';
import { type Child, ROOT, startChild } from './processes.ts';
import { idleRss, rssMiB } from './memory.ts';
import { REFERENCE_ENDPOINTS } from './reference.ts';
import { writeReport } from './report.ts';
import { simulateStaff, type StaffMember, type StaffResult, STEPS } from './staff.ts';

const quick = process.env.BENCH_QUICK === '1';
const scale = quick ? QUICK_SCALE : FULL_SCALE;
/**
 * Seconds per part. PGlite needs seconds per endpoint before its memory and page cache settle,
 * hence the warm-up; the open loop follows its endpoint's closed loop on a warm server. `idleSeconds`:
 * how long the demo company's server is left alone before its memory is read.
 */
// The smoke run checks that every part still works (each endpoint answers, under load, without
// an error); a few hundred requests per endpoint show that as well as a few thousand.
const timing = quick
  ? { warmup: 0.1, seconds: 0.3, openLeadIn: 0.1, openSeconds: 0.3, floorSeconds: 0.5, staff: 4, staffSeconds: 3, thinkMs: [200, 600] as [number, number], idleSeconds: 2 }
  : { warmup: 3, seconds: 5, openLeadIn: 0.5, openSeconds: 3, floorSeconds: 5, staff: 200, staffSeconds: 45, thinkMs: [1000, 3000] as [number, number], idleSeconds: 20 };
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/filialportal_bench';
// The bench sends traffic to this machine only, the database included.
if (!/^(127\.0\.0\.1|localhost)$/.test(new URL(PG_URL).hostname)) throw new Error(`BENCH_DATABASE_URL muss auf 127.0.0.1 zeigen, nicht auf ${new URL(PG_URL).hostname}`);
const PORT = Number(process.env.BENCH_PORT ?? 3900);
// The portal as operators run it (`npm start`, `npm run start -w server`): its bundle, not the sources
// through tsx, which hold every module's source and map besides (about 70 MB at rest).
const SERVER = 'scripts/server.mjs';
const FROM_BUNDLE = { tsx: false };
const REFERENCE = 'bench/src/reference.ts';
const PASSWORD = 'demo1234';
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
const year = today.slice(0, 4);
/** The server believes X-Forwarded-For from the bench, so simulated staff come from their store's address. */
const TRUSTED_PROXY = '127.0.0.1';
/** Logins per address and minute the server allows (POST /token); a store's staff share its address. */
const MAX_STAFF_PER_LOCATION = 25;

/**
 * What an endpoint is, for the guide values of the goals: a single record, a page of a list,
 * the calendar week, the all-users list for the pickers (gzip) and its 304 answer.
 */
export type EndpointKind = 'record' | 'list' | 'week' | 'all' | 'notModified';

/** What generated ids a path names: the largest location, the benchmark's category, an EAN. */
export interface PathContext {
  largest: string;
  category: string;
  ean: string;
  /** Articles a write counts in turn, so parallel writes rarely meet on one row. */
  eans: string[];
  /** The library folder with the most documents. */
  folder: string;
}
export const pathContext = (d: GenerateResult): PathContext => ({ largest: d.largestLocationId, category: d.categoryId, ean: d.ean, eans: d.eans, folder: d.folderId });

export interface Endpoint {
  name: string;
  path: (ctx: PathContext) => string;
  as: string;
  kind: EndpointKind;
  /** Sends If-None-Match with the ETag of a first answer, so the server answers 304. */
  conditional?: boolean;
  /** A POST: the JSON bodies it sends in turn. */
  bodies?: (ctx: PathContext) => string[];
  /** A POST that only reads (the document search): check:queries holds it to the rules of reads. */
  reads?: boolean;
}

/** Every list and calendar endpoint built so far, with the filters people use. */
export const ENDPOINTS: Endpoint[] = [
  { name: 'Aktueller Benutzer', path: () => '/api/user', as: 'admin@example.com', kind: 'record' },
  { name: 'Benutzerliste, Suche „mül“', path: () => '/api/user/list/0?userSearch=m%C3%BCl', as: 'admin@example.com', kind: 'list' },
  { name: 'Urlaub Ansicht 1 (offen), alle Standorte', path: () => '/api/absence/0/all/1', as: 'admin@example.com', kind: 'list' },
  { name: 'Urlaub Ansicht 2 (akzeptiert), alle Standorte', path: () => '/api/absence/0/all/2', as: 'admin@example.com', kind: 'list' },
  { name: `Urlaub Ansicht 3 (vergangen), Jahr ${year}`, path: () => `/api/absence/0/all/3?year=${year}`, as: 'admin@example.com', kind: 'list' },
  { name: 'Urlaubsübersicht (Ansicht 4), alle', path: () => '/api/user/listallabsenceuseroverview?from=0&location=all', as: 'admin@example.com', kind: 'list' },
  { name: 'Neuigkeiten Allgemein (Ansicht 1), Verkauf', path: () => '/api/news/list/0?view=Allgemein', as: 'verkauf@example.com', kind: 'list' },
  { name: 'Neuigkeiten Dashboard (3 je Kategorie), Verkauf', path: () => '/api/news/list/0?view=Personal&limit=3', as: 'verkauf@example.com', kind: 'list' },
  { name: 'Krankmeldungen Ansicht 4, alle', path: () => '/api/sickreport/0/all/4', as: 'admin@example.com', kind: 'list' },
  { name: 'Krankheitstage je Mitarbeiter', path: () => '/api/sickreport/summary/0/all', as: 'admin@example.com', kind: 'list' },
  { name: 'Kalenderwoche des größten Standorts', path: (c) => `/api/calendar/${c.largest}/${today}`, as: 'admin@example.com', kind: 'week' },
  { name: 'Aufgaben, delegiert (Personalleitung)', path: () => '/api/task/list/0/all/all/0?taskview=3', as: 'personalleitung@example.com', kind: 'list' },
  { name: 'Aufgaben, eigene offene', path: () => '/api/task/list/0/all/all/0?taskview=2', as: 'admin@example.com', kind: 'list' },
  { name: 'Zähler offene Aufgaben', path: () => '/api/task/count', as: 'verkauf@example.com', kind: 'record' },
  { name: 'Login-Verlauf einer Person („schmidt“)', path: () => '/api/loginlog/list/0?term=schmidt', as: 'admin@example.com', kind: 'list' },
  { name: 'Standorte (alle)', path: () => '/api/location/list/9999', as: 'admin@example.com', kind: 'list' },
  { name: 'Benutzergruppen', path: () => '/api/team', as: 'admin@example.com', kind: 'record' },
  { name: 'Alle Benutzer (Auswahllisten)', path: () => '/api/user/listall', as: 'admin@example.com', kind: 'all' },
  { name: 'Hersteller', path: () => '/api/manufacturer/list', as: 'admin@example.com', kind: 'list' },
  { name: 'Feiertage und Schulferien NW', path: () => '/api/holidayapi/holidays/NW', as: 'admin@example.com', kind: 'list' },
  { name: 'Sondertermine', path: () => '/api/locationspecialappointment/list/0', as: 'admin@example.com', kind: 'list' },
  { name: 'Veranstaltungen Schulungen (kommende), Filialleitung', path: () => '/api/training/list/0/0?category=Schulungen', as: 'filialleitung@example.com', kind: 'list' },
  { name: `Veranstaltungen Übersicht des größten Standorts, Jahr ${year}`, path: (c) => `/api/trainingoverview/${c.largest}?year=${year}`, as: 'personalleitung@example.com', kind: 'list' },
  { name: 'Eigene Veranstaltungen (Dashboard)', path: () => '/api/usertrainings', as: 'verkauf@example.com', kind: 'record' },
  { name: 'Artikel eines Sortiments mit Bestand des größten Standorts', path: (c) => `/api/article/filter/${c.category}/null/null/null/0?location=${c.largest}`, as: 'admin@example.com', kind: 'list' },
  { name: 'Artikel gefiltert (Bezeichnung „eiche“, nach Preis)', path: (c) => `/api/article/filter/${c.category}/null/eiche/null/0?sorting=price&location=${c.largest}`, as: 'admin@example.com', kind: 'list' },
  { name: 'Artikel zu einer EAN (Scan)', path: (c) => `/api/article/ean/${c.ean}?location=${c.largest}`, as: 'admin@example.com', kind: 'record' },
  { name: 'Beanstandungen offen, alle Standorte (Buchhaltung)', path: () => '/api/claims/list/0?completed=false', as: 'buchhaltung@example.com', kind: 'list' },
  { name: 'Beanstandungen erledigt, alle Standorte (Buchhaltung)', path: () => '/api/claims/list/0?completed=true', as: 'buchhaltung@example.com', kind: 'list' },
  { name: 'Beanstandungen erledigt, größter Standort (Buchhaltung)', path: (c) => `/api/claims/list/0?completed=true&location=${c.largest}`, as: 'buchhaltung@example.com', kind: 'list' },
  { name: 'Beanstandungen offen, eigene Filiale (Verkauf)', path: () => '/api/claims/list/0?completed=false', as: 'verkauf@example.com', kind: 'list' },
  { name: 'Beanstandung nach Nummer („0042“)', path: () => '/api/claims/list/0?completed=true&number=0042', as: 'buchhaltung@example.com', kind: 'list' },
  { name: 'Dokumente: oberste Ordner (Verkauf)', path: () => '/api/folder/list', as: 'verkauf@example.com', kind: 'list' },
  { name: 'Dokumente: Ordner mit 300 Dokumenten (Verkauf)', path: (c) => `/api/folder/show/${c.folder}`, as: 'verkauf@example.com', kind: 'list' },
  { name: 'Dokumente: Ordnerauswahl, oberste Ebene (Verwaltung)', path: () => '/api/folder/tree', as: 'verwaltung@example.com', kind: 'list' },
  { name: 'Dokumente: Ordnerauswahl, geöffnet bis zum Ordner mit 300 Dokumenten (Verwaltung)', path: (c) => `/api/folder/tree?open=${c.folder}`, as: 'verwaltung@example.com', kind: 'list' },
  { name: 'Dokumentsuche Name und Volltext („Trittschalldämmung“, Verkauf)', path: () => '/api/documentsearch/Trittschalld%C3%A4mmung', as: 'verkauf@example.com', kind: 'list', bodies: () => ['{}'], reads: true },
  { name: 'Suche im Portal: Kollegin („schmidt“, alle Gruppen, Verkauf)', path: () => '/api/search?q=schmidt', as: 'verkauf@example.com', kind: 'list' },
  { name: 'Suche im Portal: Volltext („Trittschalldämmung“, alle Gruppen, Verkauf)', path: () => '/api/search?q=Trittschalld%C3%A4mmung', as: 'verkauf@example.com', kind: 'list' },
  { name: 'Suche im Portal: Tippfehler („Trittschaldämmung“, Verkauf)', path: () => '/api/search?q=Trittschald%C3%A4mmung', as: 'verkauf@example.com', kind: 'list' },
  { name: 'Suche im Portal: EAN (Admin)', path: (c) => `/api/search?q=${c.ean}`, as: 'admin@example.com', kind: 'list' },
  { name: 'Suche im Portal: zwei Buchstaben („ei“, Admin)', path: () => '/api/search?q=ei', as: 'admin@example.com', kind: 'list' },
  { name: 'Werbung, veröffentlichte (Verkauf)', path: () => '/api/advertising/list/0', as: 'verkauf@example.com', kind: 'list' },
  { name: 'Werbung, alle mit kommenden (Vertriebsleitung)', path: () => '/api/advertising/list/0', as: 'vertriebsleitung@example.com', kind: 'list' },
  { name: 'Benachrichtigungen, erste Seite mit ungelesenen (Verkauf)', path: () => '/api/notifications', as: 'verkauf@example.com', kind: 'list' },
  {
    name: 'Bestand ändern (Scan, gezählte Menge, mit clientChangeId und baseCount)',
    path: () => '/api/article/updatestock',
    as: 'admin@example.com',
    kind: 'record',
    bodies: (c) => stockCounts(c.eans, c.largest),
  },
];

/**
 * Counts as a device sends them (docs/decisions/stock-offline-zaehlen.md): each with an id of its
 * own and, from the second round over the EANs on, the stock the count before on the same EAN
 * left as its base, so the base holds when they arrive in order (about a thousand requests lie
 * between two counts of one EAN). Once the list is through, it starts again: those are repeats,
 * answered with their first result.
 */
function stockCounts(eans: string[], location: string): string[] {
  const rounds = Math.max(1, Math.ceil(STOCK_COUNTS / eans.length));
  const out: string[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const [i, ean] of eans.entries()) {
      const count = (i + round * 7) % 41;
      const base = round === 0 ? {} : { baseCount: (i + (round - 1) * 7) % 41 };
      out.push(JSON.stringify({ ean, location, count, clientChangeId: randomUUID(), ...base }));
    }
  }
  return out;
}
/** Distinct counts prepared: more than a full run's closed loop sends to one endpoint. */
const STOCK_COUNTS = 40_000;

/** The bench's list: ENDPOINTS and the all-users list once more as a browser that has it asks (304). */
export const MEASURED: Endpoint[] = [
  ...ENDPOINTS,
  { name: 'Alle Benutzer (Auswahllisten), unverändert (304)', path: () => '/api/user/listall', as: 'admin@example.com', kind: 'notModified', conditional: true },
];

/** Requests one after the other whose statements are counted, after each endpoint's run. */
const STATEMENT_SAMPLES = quick ? 3 : 10;

/** Endpoints with an open-loop run in a quick smoke run (a full run has one for each). */
const QUICK_OPEN_LOOP = new Set(['Aktueller Benutzer', 'Alle Benutzer (Auswahllisten), unverändert (304)']);

export type Measured = ClosedResult & {
  usage: Usage;
  /** SQL statements per request, counted over requests one after the other after the run (probe). */
  statementsPerRequest: number | null;
};

export interface EndpointResult {
  closed: Measured;
  open: OpenResult | null;
  /** The hand-written reference on the same data in the same run (bench/src/reference.ts). */
  reference?: Measured;
}

export interface TargetResult {
  kind: 'pglite' | 'postgres';
  generateSeconds: number;
  data: GenerateResult;
  /** `select 1` round trips from Node with 50 callers, no HTTP, and their CPU cost. */
  floor: Floor;
  /** The bare Fastify with the same headers, measured right before this target's /api/health. */
  bare: Measured;
  health: Measured;
  endpoints: Record<string, EndpointResult>;
  staff: (StaffResult & { usage: Usage; statementsPerRequest: number | null }) | null;
  /** RSS of the server in MiB: after its start, after the endpoints, after the simulated staff and after their second run. */
  rss: { start: number | null; afterEndpoints: number | null; afterStaff: number | null; afterSecondStaff?: number | null };
}

export interface BenchResult {
  date: string;
  quick: boolean;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string };
  connections: number;
  timing: typeof timing;
  scale: typeof scale;
  startup: { emptyMs: number; existingMs: number };
  /** RSS in MiB of the server as `npm start` runs it with the demo company, idle, per database. */
  demoIdleRss: { pglite: number | null; postgres: number | null };
  frontend: FrontendResult | null;
  lighthouse: LighthouseResult | null;
  targets: TargetResult[];
  endpoints: { name: string; kind: EndpointKind; path: string }[];
  skipped: string[];
  maxStaffPerLocation: number;
  seconds: number;
}

const started = performance.now();
const log = (msg: string) => console.log(`[bench ${String(Math.round((performance.now() - started) / 1000)).padStart(4)} s] ${msg}`);

async function tokenFor(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password: PASSWORD }) });
  if (!res.ok) throw new Error(`Anmeldung ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** A closed-loop run with CPU and probe readings around its measured window. */
async function measured(url: string, headers: Record<string, string>, meter: Meter, bodies?: string[], cursor?: { next: number }): Promise<Measured> {
  let a: Snapshot | null = null;
  let b: Snapshot | null = null;
  const r = await closedLoop({ url, headers, bodies, cursor }, { warmup: timing.warmup, seconds: timing.seconds, hooks: { start: async () => void (a = await meter.snap()), end: async () => void (b = await meter.snap()) } });
  return { ...r, usage: meter.usage(a!, b!, r.requests), statementsPerRequest: null };
}

const fmt = (r: Measured) =>
  `${Math.round(r.rps)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms${r.errors ? `, ${r.errors} Fehler` : ''}, Node ${r.usage.nodeUs?.toFixed(0) ?? '–'} µs, DB ${r.usage.dbUs?.toFixed(0) ?? '–'} µs${r.statementsPerRequest === null ? '' : `, ${r.statementsPerRequest.toFixed(2)} Anw.`}`;

/**
 * The staff to simulate: generated, active people whose group may request vacation and see the
 * tasks and the calendar; first those who may also edit their store's calendar (they set a
 * shift in the calendar step, the others look at the week), at most MAX_STAFF_PER_LOCATION per
 * store. Each store gets an address of its own (127.1.x.y) added to its IP list, which the
 * server requires of shop staff; the simulated staff log in from there.
 */
export async function prepareStaff(db: Db, count: number): Promise<StaffMember[]> {
  const edits = arrayOverlaps(userGroups.permissions, ['an_abwesenheit_in_eigener_filiale_bearbeiten', 'an_abwesenheit_von_allen_bearbeiten']);
  const candidates = await db
    .select({ userId: users.id, email: users.email, locationId: users.locationId, editsCalendar: sql<boolean>`${edits}` })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(
      and(
        eq(users.active, true),
        like(users.personalNumber, 'B%'),
        ne(userGroups.name, 'Admin'),
        arrayContains(userGroups.permissions, ['urlaub_menu_sehen', 'urlaub_antrag_stellen', 'aufgaben_menu_sehen', 'an_abwesenheit_menu_sehen']),
      ),
    )
    .orderBy(sql`${edits} desc`, users.personalNumber);
  const perLocation = new Map<string, number>();
  const staff = candidates
    .filter((c) => {
      const n = perLocation.get(c.locationId) ?? 0;
      if (n >= MAX_STAFF_PER_LOCATION) return false;
      perLocation.set(c.locationId, n + 1);
      return true;
    })
    .slice(0, count);
  if (staff.length < count) log(`  nur ${staff.length} von ${count} simulierten Personen`);
  const stores = [...new Set(staff.map((s) => s.locationId))];
  const address = new Map(stores.map((id, k) => [id, `127.1.${Math.floor(k / 250)}.${(k % 250) + 1}`]));
  for (const [id, ip] of address) {
    await db.update(locations).set({ ip: sql`case when ${locations.ip} = '' then ${ip} else ${locations.ip} || ', ' || ${ip} end` }).where(eq(locations.id, id));
  }
  return staff.map((s) => ({ ...s, editsCalendar: Boolean(s.editsCalendar), address: address.get(s.locationId)! }));
}

/** The endpoints the reference answers, with the people they are asked as. */
const referenced = () => MEASURED.filter((e) => (REFERENCE_ENDPOINTS as readonly string[]).includes(e.name));

/**
 * Sessions for the reference's requests, written as a login writes them: the reference has no
 * login of its own, and on PGlite it runs while the portal does not.
 */
async function referenceSessions(db: Db): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  for (const email of new Set(referenced().map((e) => e.as))) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const token = randomBytes(32).toString('base64url');
    // 'tablet': the longest idle limit of a group, so the session outlives the run without a touch.
    await db.insert(sessions).values({ tokenHash: sha256(token), userId: user!.id, clientKind: 'tablet', method: 'password' });
    tokens.set(email, token);
  }
  return tokens;
}

/** The reference's endpoints in closed loops, each on its own (used before the portal starts on PGlite). */
async function measureReference(reference: Child, tokens: Map<string, string>, data: GenerateResult, backends: Backends | undefined, only?: string): Promise<Record<string, Measured>> {
  const meter = new Meter({ serverPid: reference.pid, backends, inProcess: !backends });
  const out: Record<string, Measured> = {};
  for (const e of referenced().filter((x) => !only || x.name === only)) {
    const url = `${reference.url}${e.path(pathContext(data))}`;
    const headers = { accept: 'application/json', 'accept-encoding': 'gzip', authorization: `Bearer ${tokens.get(e.as)}` };
    const check = await fetch(url, { headers });
    if (!check.ok) throw new Error(`Referenz ${e.name}: ${check.status}`);
    out[e.name] = await measured(url, headers, meter);
    log(`  Referenz ${e.name}: ${fmt(out[e.name]!)}`);
  }
  return out;
}

async function generate(database: Database, backends?: Backends) {
  const t0 = performance.now();
  await seedDemoIfEmpty(database.db);
  const data = await generateScaleData(database.db, scale, today);
  const staff = await prepareStaff(database.db, timing.staff);
  const referenceTokens = await referenceSessions(database.db);
  // The state a running instance reaches: dead rows reclaimed, planner statistics fresh.
  await database.db.execute(sql`vacuum analyze`);
  const generateSeconds = (performance.now() - t0) / 1000;
  log(`  ${generateSeconds.toFixed(0)} s, größter Standort ${data.largestLocationPeople} Personen, ${staff.length} simulierte Personen (${staff.filter((m) => m.editsCalendar).length} bearbeiten den Kalender)`);
  const floor = await roundTrips(database, timing.floorSeconds, backends);
  log(`  select 1: ${Math.round(floor.perSecond)} Rundreisen/s, Node ${floor.nodeUs.toFixed(0)} µs, DB ${floor.dbUs.toFixed(0)} µs je Rundreise`);
  return { data, staff, floor, generateSeconds, referenceTokens };
}

async function measureTarget(
  server: Child,
  secret: string,
  hello: Child,
  kind: TargetResult['kind'],
  data: GenerateResult,
  staff: StaffMember[],
  reference: { measured: Record<string, Measured> } | { child: Child; tokens: Map<string, string> },
  backends?: Backends,
): Promise<Pick<TargetResult, 'bare' | 'health' | 'endpoints' | 'staff' | 'rss'>> {
  const rssAtStart = rssMiB(server.pid);
  const meter = new Meter({ serverPid: server.pid, probe: { url: server.url, secret }, backends, inProcess: kind === 'pglite' });
  const bareMeter = new Meter({ serverPid: hello.pid, inProcess: false });
  const plain = { accept: 'application/json', 'accept-encoding': 'gzip' };
  const bare = await measured(`${hello.url}/api/health`, plain, bareMeter);
  log(`  nacktes Fastify: ${fmt(bare)}`);
  const health = await measured(`${server.url}/api/health`, plain, meter);
  health.statementsPerRequest = await meter.statementsPerRequest(() => fetch(`${server.url}/api/health`, { headers: plain }).then((res) => res.arrayBuffer()), STATEMENT_SAMPLES);
  log(`  /api/health: ${fmt(health)}`);
  const tokens = new Map<string, string>();
  const endpoints: Record<string, EndpointResult> = {};
  for (const e of MEASURED) {
    if (!tokens.has(e.as)) tokens.set(e.as, await tokenFor(server.url, e.as));
    const ctx = pathContext(data);
    const url = `${server.url}${e.path(ctx)}`;
    const headers: Record<string, string> = { ...plain, authorization: `Bearer ${tokens.get(e.as)}` };
    const bodies = e.bodies?.(ctx);
    // One request as a browser sends it; a POST takes the next of its bodies, in one order with the load's.
    const cursor = { next: 0 };
    const once = () => (bodies ? fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: bodies[cursor.next++ % bodies.length] }) : fetch(url, { headers }));
    const check = await once();
    if (!check.ok) throw new Error(`${e.name}: ${check.status} ${await check.text()}`);
    if (e.conditional) {
      const etag = check.headers.get('etag');
      if (!etag) throw new Error(`${e.name}: keine ETag-Kopfzeile`);
      headers['if-none-match'] = etag;
      const again = await fetch(url, { headers });
      if (again.status !== 304) throw new Error(`${e.name}: ${again.status} statt 304 auf If-None-Match`);
    }
    const closed = await measured(url, headers, meter, bodies, cursor);
    closed.statementsPerRequest = await meter.statementsPerRequest(() => once().then((res) => res.arrayBuffer()), STATEMENT_SAMPLES);
    let open: OpenResult | null = null;
    if ((!quick || QUICK_OPEN_LOOP.has(e.name)) && closed.rps > 0) {
      open = await openLoop({ url, headers, bodies, cursor }, { rate: closed.rps / 2, seconds: timing.openSeconds, leadIn: timing.openLeadIn });
    }
    endpoints[e.name] = { closed, open };
    log(`  ${e.name}: ${fmt(closed)}${open ? `; offen bei ${Math.round(open.rate)}/s: p99 ${open.p99.toFixed(1)} ms` : ''}`);
    // The reference right after the portal's run of the same endpoint (PostgreSQL), or from its run before the portal started (PGlite).
    endpoints[e.name]!.reference = 'measured' in reference ? reference.measured[e.name] : (await measureReference(reference.child, reference.tokens, data, backends, e.name))[e.name];
  }

  const rssAfterEndpoints = rssMiB(server.pid);
  log(`  ${staff.length} simulierte Personen: Anmeldung, dann ${timing.staffSeconds} s Arbeit`);
  let a: Snapshot | null = null;
  let b: Snapshot | null = null;
  const sessions = new Map<string, string>();
  const staffOptions = { baseUrl: server.url, password: PASSWORD, staff, seconds: timing.staffSeconds, loginConcurrency: 4, thinkMs: timing.thinkMs, today };
  const simulated = await simulateStaff({
    ...staffOptions,
    sessions,
    hooks: { start: async () => void (a = await meter.snap()), end: async () => void (b = await meter.snap()) },
  });
  // Refusals are reported as missed goals. The smoke run stops where the simulation did not work
  // (a login refused, a step never answered), so CI notices.
  const broken = STEPS.filter((step) => simulated.completed[step] === 0);
  if (quick && (simulated.login.errors || broken.length)) {
    throw new Error(`Simulierte Belegschaft: ${simulated.login.errors} Anmeldungen gescheitert, ohne eine Antwort: ${broken.join(', ') || '–'}; ${simulated.errorSamples.join(' | ')}`);
  }
  const staffResult = { ...simulated, usage: meter.usage(a!, b!, simulated.requests), statementsPerRequest: Meter.statementsBetween(a!, b!) };
  log(
    `    Anmeldung ${simulated.loginSeconds.toFixed(0)} s; ${simulated.requests} Anfragen, p50 ${simulated.p50.toFixed(1)} ms, p99 ${simulated.p99.toFixed(1)} ms, ${simulated.errors} Fehler${simulated.errorSamples.length ? ` (${simulated.errorSamples[0]})` : ''}`,
  );
  const rssAfterStaff = rssMiB(server.pid);
  // The same day once more with the same sessions: memory that only grows shows as a difference.
  log(`  dieselben ${staff.length} Personen ein zweites Mal (${timing.staffSeconds} s)`);
  await simulateStaff({ ...staffOptions, sessions });
  const rss = { start: rssAtStart, afterEndpoints: rssAfterEndpoints, afterStaff: rssAfterStaff, afterSecondStaff: rssMiB(server.pid) };
  log(`    Speicher (RSS): ${[rss.start, rss.afterEndpoints, rss.afterStaff, rss.afterSecondStaff].map((v) => (v === null ? '–' : `${Math.round(v)} MiB`)).join(' → ')}`);
  return { bare, health, endpoints, staff: staffResult, rss };
}

/** An empty database at `url` (dropped first if there); null, or why PostgreSQL cannot be used. */
async function freshDatabase(url: string, opts: { drop?: boolean } = {}): Promise<string | null> {
  const target = new URL(url);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const name = target.pathname.slice(1);
    await client.query(`drop database if exists "${name}" with (force)`);
    if (!opts.drop) await client.query(`create database "${name}"`);
    return null;
  } catch (err) {
    return `PostgreSQL unter ${target.host} nicht erreichbar: ${(err as Error).message}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The demo company's database on PostgreSQL, beside the bench's own. */
const demoUrl = () => {
  const url = new URL(PG_URL);
  url.pathname = `${url.pathname}_demo`;
  return url.toString();
};

/** The headers of the portal's /api/health that the bare Fastify copies. */
async function healthHeaders(url: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/health`);
  const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-type']);
  return Object.fromEntries([...res.headers].filter(([k]) => !skip.has(k)));
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'filialportal-bench-'));
  const skipped: string[] = [];
  const secret = randomBytes(24).toString('base64url');
  const serverEnv = { SEED: 'none', BENCH_PROBE: secret, TRUST_PROXY: TRUSTED_PROXY };
  let hello: Child | null = null;
  try {
    log(`Start-up (leeres und vorhandenes Datenverzeichnis)`);
    const emptyDir = path.join(work, 'startup');
    let s = await startChild(SERVER, PORT, { DATA_DIR: emptyDir }, '/', FROM_BUNDLE);
    const emptyMs = s.startupMs;
    const headers = await healthHeaders(s.url);
    await s.stop();
    s = await startChild(SERVER, PORT, { DATA_DIR: emptyDir }, '/', FROM_BUNDLE);
    const existingMs = s.startupMs;
    await s.stop();
    log('Speicher: Demo-Firma im Leerlauf, wie npm start (PGlite)');
    const demoIdleRss: BenchResult['demoIdleRss'] = { pglite: await idleRss(PORT, { DATA_DIR: emptyDir }, timing.idleSeconds), postgres: null };

    // The yardstick runs beside the portal throughout and is measured right before each /api/health.
    hello = await startChild('bench/src/hello.ts', PORT + 1, { HELLO_HEADERS: JSON.stringify(headers) }, '/api/health');

    const targets: TargetResult[] = [];
    let frontend: FrontendResult | null = null;

    log(`PGlite: Daten erzeugen (${scale.users} Benutzer, ${scale.locations} Standorte, ${scale.years} Jahre)`);
    const dataDir = path.join(work, 'pglite');
    const lite = await openPglite(path.join(dataDir, 'db'));
    const liteGen = await generate(lite);
    await lite.close();
    // One process at a time owns a PGlite directory: the reference runs on it before the portal does.
    log('PGlite: Referenz');
    const liteReference = await startChild(REFERENCE, PORT + 3, { REFERENCE_PGLITE: path.join(dataDir, 'db'), REFERENCE_HEADERS: JSON.stringify(headers) }, '/api/health');
    let liteMeasured: Record<string, Measured>;
    try {
      liteMeasured = await measureReference(liteReference, liteGen.referenceTokens, liteGen.data, undefined);
    } finally {
      await liteReference.stop();
    }
    const liteServer = await startChild(SERVER, PORT, { ...serverEnv, DATA_DIR: dataDir }, '/', FROM_BUNDLE);
    try {
      targets.push({
        kind: 'pglite',
        generateSeconds: liteGen.generateSeconds,
        data: liteGen.data,
        floor: liteGen.floor,
        ...(await measureTarget(liteServer, secret, hello, 'pglite', liteGen.data, liteGen.staff, { measured: liteMeasured })),
      });
      log('Front-End (Chromium)');
      frontend = await measureFrontend(liteServer.url, { email: 'admin@example.com', password: PASSWORD });
    } finally {
      await liteServer.stop();
    }

    // Lighthouse measures what a person meets: the demo company of `npm start` on a server of its own.
    let lighthouseResult: LighthouseResult | null = null;
    if (!quick) {
      log('Lighthouse (Mobil): Anmeldeseite und Dashboard');
      lighthouseResult = await measureLighthouse({ port: PORT + 2, reportDir: path.join(ROOT, 'test-results/lighthouse'), log });
    }

    const pgProblem = await freshDatabase(PG_URL);
    if (pgProblem) {
      skipped.push(pgProblem);
      log(pgProblem);
    } else {
      log('Speicher: Demo-Firma im Leerlauf, wie npm start (PostgreSQL)');
      if (!(await freshDatabase(demoUrl()))) {
        try {
          // The first start seeds the demo company; measured is the second, as the PGlite one above.
          const env = { DATA_DIR: path.join(work, 'pg-demo-files'), DATABASE_URL: demoUrl() };
          await idleRss(PORT, env, 0);
          demoIdleRss.postgres = await idleRss(PORT, env, timing.idleSeconds);
        } finally {
          await freshDatabase(demoUrl(), { drop: true });
        }
      }
      log(`  PGlite ${demoIdleRss.pglite?.toFixed(0) ?? '–'} MiB, PostgreSQL ${demoIdleRss.postgres?.toFixed(0) ?? '–'} MiB`);
      log('PostgreSQL: Daten erzeugen');
      const backends = new Backends(PG_URL);
      try {
        const database = await openPostgres(PG_URL);
        const pgGen = await generate(database, backends);
        await database.close();
        const pgReference = await startChild(REFERENCE, PORT + 3, { DATABASE_URL: PG_URL, REFERENCE_HEADERS: JSON.stringify(headers) }, '/api/health');
        const pgServer = await startChild(SERVER, PORT, { ...serverEnv, DATA_DIR: path.join(work, 'pg-files'), DATABASE_URL: PG_URL }, '/', FROM_BUNDLE);
        try {
          const reference = { child: pgReference, tokens: pgGen.referenceTokens };
          targets.push({
            kind: 'postgres',
            generateSeconds: pgGen.generateSeconds,
            data: pgGen.data,
            floor: pgGen.floor,
            ...(await measureTarget(pgServer, secret, hello, 'postgres', pgGen.data, pgGen.staff, reference, backends)),
          });
        } finally {
          await pgServer.stop();
          await pgReference.stop();
        }
      } finally {
        await backends.close();
      }
    }

    const result: BenchResult = {
      date: new Date().toISOString(),
      quick,
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '', memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
      connections: CONNECTIONS,
      timing,
      scale,
      startup: { emptyMs, existingMs },
      demoIdleRss,
      frontend,
      lighthouse: lighthouseResult,
      targets,
      endpoints: MEASURED.map((e) => ({ name: e.name, kind: e.kind, path: e.path({ largest: ':standort', category: ':sortiment', ean: ':ean', eans: [], folder: ':ordner' }) })),
      skipped,
      maxStaffPerLocation: MAX_STAFF_PER_LOCATION,
      seconds: (performance.now() - started) / 1000,
    };
    const report = writeReport(result);
    console.log(`\n${report}`);
    log(`Dauer ${result.seconds.toFixed(0)} s`);
  } finally {
    await hello?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

// Run when started as the script (report.ts and check-queries import the types and endpoints only).
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\/bench\//, '/bench/'))) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
