/**
 * The embedded database in a thread of its own: PGlite runs here, and the server talks to it in
 * the PostgreSQL wire protocol (see pglite-thread.ts). Every query PGlite answers blocks the thread
 * it runs on for its whole duration; here that is this thread, not the one that accepts HTTP
 * connections.
 *
 * PGlite has one session, which several connections share (docs/decisions/pglite-verbindungen.md):
 * what they send waits here and runs in arrival order, so the database goes from one query to the
 * next without waiting for the server's thread to answer the last one first. A connection inside
 * a transaction, or between the messages of one query, owns the session until it is done. Named
 * statements belong to the session: one connection's Parse of a name another already prepared is
 * answered here, since our names stand for one text each (platform/prepared.ts).
 */
import fs from 'node:fs';
import v8 from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CLOSE, CLOSE_COMPLETE, messagesOf, namedStatement, PARSE, PARSE_COMPLETE, QUERY, skippingAfter, startsWithParseComplete, SYNC_TYPE } from './pglite-session.ts';

export interface WorkerOptions {
  /** Data directory, or null for a database in memory. */
  dir: string | null;
  /**
   * A data directory dumped as tar (PGlite's dumpDataDir) that a database in memory starts from:
   * the tests open every database from one migrated (and one seeded) copy instead of building it.
   */
  load: string | null;
  /** First look for tables due for VACUUM or ANALYZE after this many ms, then every `maintenanceEveryMs`. */
  maintenanceFirstMs: number;
  maintenanceEveryMs: number;
  /** PGlite's page cache, as PostgreSQL writes a size ('32MB'); see pglite-memory.ts. */
  sharedBuffers: string;
}

/** From the server to the database thread. */
export type ToWorker =
  | { t: 'connect'; id: number }
  | { t: 'data'; id: number; data: ArrayBuffer }
  | { t: 'end'; id: number }
  | { t: 'close' };

/** From the database thread to the server. */
export type FromWorker =
  /** `tid`: the thread's id in the operating system (Linux), for measuring its CPU time. */
  | { t: 'ready'; tid: number | null }
  | { t: 'failed'; name: string; message: string }
  | { t: 'data'; id: number; data: ArrayBuffer }
  | { t: 'refused'; id: number; message: string }
  | { t: 'closed' };

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const TERMINATE = 0x58; // 'X'
const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I'

const port = parentPort!;
const options = workerData as WorkerOptions;
const send = (msg: FromWorker, transfer?: ArrayBuffer[]) => port.postMessage(msg, transfer);

interface Connection {
  id: number;
  /** Bytes received that do not yet form a whole message. */
  pending: Uint8Array;
  started: boolean;
}

let db: PGlite;
const connections = new Map<number, Connection>();
/** Transaction status of the one PostgreSQL session, from the last ReadyForQuery: I, T or E. */
let status = IDLE;
/** Whether PostgreSQL skips messages until a Sync (an error in the extended protocol). */
let skipping = false;
/** The connection inside a transaction or between the messages of one query: only it may run now. */
let owner: Connection | null = null;
/** What connections sent and has not run yet, in arrival order. */
const arrivals: { conn: Connection; data: Uint8Array }[] = [];
/** Named statements prepared in the session, with their text. */
const prepared = new Map<string, string>();
/** PGlite's answer to the first start-up packet, given to every later connection as well. */
let startupAnswer: Uint8Array | null = null;
/** Whether a connection has used the session since it was last reset. */
let sessionUsed = false;
let maintenanceDue = false;
let closing = false;
/** All work on the database, one piece after the other, in arrival order. */
let queue: Promise<unknown>;

function enqueue(work: () => Promise<void>) {
  queue = queue.then(work).catch(fatal);
}

/** PGlite threw instead of answering: its state is unknown, so the thread ends and is restarted. */
function fatal(err: unknown) {
  console.error('Datenbank-Thread: nicht behebbarer Fehler:', err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
}

/** This thread's id in Linux (/proc/thread-self points to <pid>/task/<tid>), null elsewhere. */
function ownThreadId(): number | null {
  try {
    return Number(fs.readlinkSync('/proc/thread-self').split('/').pop()) || null;
  } catch {
    return null;
  }
}

const concat = (parts: Uint8Array[], total: number) => {
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** Runs protocol messages through PGlite and returns its answer as one fresh buffer. */
async function execute(message: Uint8Array): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let total = 0;
  // The raw stream hands out views into PGlite's memory, which the next call overwrites; copy.
  // Unlike execProtocolRaw it does not also parse every message of the answer.
  await db.execProtocolRawStream(message, {
    onRawData: (chunk: Uint8Array) => {
      parts.push(chunk.slice());
      total += chunk.length;
    },
  });
  const out = parts.length === 1 ? parts[0]! : concat(parts, total);
  const n = out.length;
  if (n >= 6 && out[n - 6] === READY_FOR_QUERY && out[n - 2] === 5) status = out[n - 1]!;
  skipping = skippingAfter(out, skipping);
  return out;
}

const simpleQuery = (text: string) => {
  const body = Buffer.from(text + '\0', 'utf8');
  const msg = Buffer.alloc(5 + body.length);
  msg[0] = 0x51; // 'Q'
  msg.writeInt32BE(4 + body.length, 1);
  body.copy(msg, 5);
  return new Uint8Array(msg);
};
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);

/**
 * The first connection after all others ended gets the session as a fresh one would be: no
 * prepared statements, default settings. While others are open, the session stays as it is.
 */
async function resetSession() {
  if (!sessionUsed || [...connections.values()].some((c) => c.started)) return;
  await execute(SYNC);
  if (status !== IDLE) await execute(simpleQuery('ROLLBACK'));
  await execute(simpleQuery('DISCARD ALL'));
  prepared.clear();
  sessionUsed = false;
}

/** The next arrival that may run: the owner's, or with no owner the oldest. */
function nextArrival() {
  const at = owner ? arrivals.findIndex((a) => a.conn === owner) : 0;
  return at < 0 ? undefined : arrivals.splice(at, 1)[0];
}

/** Runs what may run, then looks whether maintenance is due. */
async function drain() {
  for (let next = nextArrival(); next; next = nextArrival()) {
    if (connections.has(next.conn.id)) await onData(next.conn, next.data);
  }
  await maintainIfDue();
}

function takeMessages(conn: Connection, incoming: Uint8Array): Uint8Array | null {
  let buf = incoming;
  if (conn.pending.length) buf = concat([conn.pending, incoming], conn.pending.length + incoming.length);
  let end = 0;
  while (true) {
    // The start-up packet has no type byte, every later message has one.
    const head = conn.started ? 1 : 0;
    if (buf.length - end < head + 4) break;
    const len = ((buf[end + head]! << 24) | (buf[end + head + 1]! << 16) | (buf[end + head + 2]! << 8) | buf[end + head + 3]!) >>> 0;
    if (buf.length - end < head + len) break;
    end += head + len;
    if (!conn.started) break;
  }
  conn.pending = end < buf.length ? buf.slice(end) : new Uint8Array(0);
  return end ? buf.subarray(0, end) : null;
}

async function onData(conn: Connection, data: Uint8Array) {
  let messages = takeMessages(conn, data);
  while (messages) {
    if (!conn.started) await onStartup(conn, messages);
    else await onMessages(conn, messages);
    if (!connections.has(conn.id)) return;
    messages = takeMessages(conn, new Uint8Array(0));
  }
}

async function onStartup(conn: Connection, packet: Uint8Array) {
  const code = new DataView(packet.buffer, packet.byteOffset, packet.byteLength).getInt32(4);
  if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
    // No encryption between two threads of one process: 'N', then the real start-up follows.
    reply(conn.id, new Uint8Array([0x4e]));
    return;
  }
  if (code === CANCEL_REQUEST) {
    // A running query cannot be interrupted from outside here; the request just ends.
    connections.delete(conn.id);
    send({ t: 'refused', id: conn.id, message: 'Abbrechen einer Abfrage wird nicht unterstützt.' });
    return;
  }
  await resetSession();
  conn.started = true;
  sessionUsed = true;
  // PGlite answers the start-up packet itself (authentication ok, parameters, ready for query);
  // the session it opens is the one all connections share.
  startupAnswer ??= await execute(packet);
  reply(conn.id, startupAnswer.slice());
}

async function onMessages(conn: Connection, messages: Uint8Array) {
  const all = messagesOf(messages);
  // Terminate would end PGlite's single backend: the connection ends here instead.
  const terminate = all.findIndex((m) => m.type === TERMINATE);
  const run = terminate < 0 ? all : all.slice(0, terminate);
  if (run.length) {
    reply(conn.id, await executeShared(messages, run));
    const last = run[run.length - 1]!.type;
    // Done with the session once a query ended (Sync, or a simple Query) outside a transaction.
    owner = status === IDLE && !skipping && (last === SYNC_TYPE || last === QUERY) ? null : conn;
  }
  if (terminate >= 0) await onEnd(conn.id);
}

/**
 * Runs messages of one connection in the shared session. A Parse of a name the session already
 * holds (with the same text) and a Close of it are answered here instead: the statement stays for
 * the other connections. A Parse of a new name runs first in its piece, so its own answer tells
 * whether the session now holds it.
 */
async function executeShared(buf: Uint8Array, run: ReturnType<typeof messagesOf>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let from = run[0]!.start;
  let fresh: { name: string; text: string } | null = null;
  const flush = async (to: number) => {
    if (to <= from) return;
    const answer = await execute(buf.subarray(from, to));
    if (fresh && startsWithParseComplete(answer)) prepared.set(fresh.name, fresh.text);
    fresh = null;
    parts.push(answer);
  };
  for (const m of run) {
    const named = m.type === PARSE || m.type === CLOSE ? namedStatement(buf, m) : null;
    if (!named) continue;
    const known = prepared.get(named.name);
    if (known === undefined || (m.type === PARSE && known !== named.text)) {
      // New (or, against our naming, another text under a held name: PostgreSQL says so).
      await flush(m.start);
      from = m.start;
      if (m.type === PARSE) fresh = named;
      continue;
    }
    await flush(m.start);
    from = m.end;
    // PostgreSQL would skip the message after an error until the Sync, and answer nothing.
    if (!skipping) parts.push((m.type === PARSE ? PARSE_COMPLETE : CLOSE_COMPLETE).slice());
  }
  await flush(run[run.length - 1]!.end);
  const total = parts.reduce((n, p) => n + p.length, 0);
  return parts.length === 1 ? parts[0]! : concat(parts, total);
}

async function onEnd(id: number) {
  const conn = connections.get(id);
  connections.delete(id);
  for (let at = arrivals.findIndex((a) => a.conn === conn); at >= 0; at = arrivals.findIndex((a) => a.conn === conn)) arrivals.splice(at, 1);
  // Do not leave a transaction, or a query half sent, of a gone client holding the session.
  if (conn && owner === conn) {
    owner = null;
    await execute(SYNC);
    if (status !== IDLE) await execute(simpleQuery('ROLLBACK'));
  }
}

function reply(id: number, data: Uint8Array) {
  if (!data.length || !connections.has(id)) return;
  const buffer = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? (data.buffer as ArrayBuffer) : data.slice().buffer;
  send({ t: 'data', id, data: buffer }, [buffer]);
}

/**
 * PGlite runs PostgreSQL as a single process without the autovacuum workers: nobody would
 * reclaim dead rows (every session touch leaves one) or refresh the planner's statistics. This
 * does their job as autovacuum would: every few minutes it asks the statistics which tables are
 * due (autovacuum's own thresholds) and treats them one at a time, each as its own turn in the
 * queue, so queries that arrived meanwhile run between two tables; a VACUUM ANALYZE of the whole
 * database made every query wait until all tables were done, and it read tables nobody changed.
 * Only when no connection owns the session (inside a transaction or a query), never inside one.
 */
const TABLES_DUE = `
  select format('%I.%I', s.schemaname, s.relname) as name,
    s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0) as vacuum
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
    or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
    or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
  order by s.relname`;
/** Tables still to be treated in this round, with whether they need a VACUUM or only an ANALYZE. */
let maintenanceLeft: { name: string; vacuum: boolean }[] = [];

async function maintainIfDue() {
  if ((!maintenanceDue && !maintenanceLeft.length) || owner || status !== IDLE || closing) return;
  await execute(SYNC);
  try {
    if (maintenanceDue) {
      maintenanceDue = false;
      maintenanceLeft = (await db.query<{ name: string; vacuum: boolean }>(TABLES_DUE)).rows;
    }
    const table = maintenanceLeft.shift();
    if (table) await db.exec(`${table.vacuum ? 'VACUUM (ANALYZE)' : 'ANALYZE'} ${table.name}`);
  } catch (err) {
    console.error('Wartung der Datenbank fehlgeschlagen:', (err as Error).message);
  }
  // The next table behind whatever waits now.
  if (maintenanceLeft.length) setImmediate(() => enqueue(maintainIfDue));
}

function scheduleMaintenance() {
  const due = () => {
    maintenanceDue = true;
    enqueue(maintainIfDue);
  };
  setTimeout(due, options.maintenanceFirstMs).unref();
  setInterval(due, options.maintenanceEveryMs).unref();
}

async function close() {
  closing = true;
  connections.clear();
  if (status !== IDLE) await execute(simpleQuery('ROLLBACK')).catch(() => undefined);
  // CHECKPOINT writes everything to the data files so the next start needs no recovery.
  await db.exec('CHECKPOINT').catch(() => undefined);
  await db.close();
  send({ t: 'closed' });
  port.close();
}

port.on('message', (msg: ToWorker) => {
  if (closing) return;
  switch (msg.t) {
    case 'connect':
      connections.set(msg.id, { id: msg.id, pending: new Uint8Array(0), started: false });
      break;
    case 'data': {
      const conn = connections.get(msg.id);
      if (!conn) break;
      arrivals.push({ conn, data: new Uint8Array(msg.data) });
      enqueue(drain);
      break;
    }
    case 'end':
      if (connections.has(msg.id)) enqueue(() => onEnd(msg.id).then(drain));
      break;
    case 'close':
      enqueue(close);
      break;
  }
});

// V8 compiles PGlite's 9 MB of WebAssembly on as many of its background threads as it has (four
// in Node); each thread's allocations land in a malloc arena of its own, which keeps the freed
// compile memory. One compile task leaves one such arena: about 35 MB less for the whole life of
// the process, at no cost to the start (docs/decisions/pglite-speicher.md).
v8.setFlagsFromString('--wasm-num-compilation-tasks=1');
const loadDataDir = options.load ? new Blob([fs.readFileSync(options.load)]) : undefined;
queue = PGlite.create(options.dir ?? undefined, {
  extensions: { pg_trgm, btree_gist },
  loadDataDir,
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`],
}).then(
  (opened) => {
    db = opened;
    scheduleMaintenance();
    send({ t: 'ready', tid: ownThreadId() });
  },
  (err: Error) => {
    send({ t: 'failed', name: err?.name ?? 'Error', message: err?.message ?? String(err) });
    process.exit(1);
  },
);
