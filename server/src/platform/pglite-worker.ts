/**
 * The embedded database in a thread of its own: PGlite runs here, and the server talks to it in
 * the PostgreSQL wire protocol, one connection at a time (see pglite-thread.ts). Every query
 * PGlite answers blocks the thread it runs on for its whole duration; here that is this thread,
 * not the one that accepts HTTP connections.
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

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
 * A new connection gets the session as a fresh one would be: no open transaction (a previous
 * connection may have died inside one), no prepared statements (the new client prepares its own
 * under the same names), default settings.
 */
async function resetSession() {
  if (!sessionUsed) return;
  await execute(SYNC);
  if (status !== IDLE) await execute(simpleQuery('ROLLBACK'));
  await execute(simpleQuery('DISCARD ALL'));
  sessionUsed = false;
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
  conn.started = true;
  await resetSession();
  sessionUsed = true;
  // PGlite answers the start-up packet itself (authentication ok, parameters, ready for query).
  reply(conn.id, await execute(packet));
}

async function onMessages(conn: Connection, messages: Uint8Array) {
  // Terminate would end PGlite's single backend: the connection ends here instead.
  let end = messages.length;
  for (let at = 0; at < messages.length; ) {
    if (messages[at] === TERMINATE) {
      end = at;
      break;
    }
    at += 1 + (((messages[at + 1]! << 24) | (messages[at + 2]! << 16) | (messages[at + 3]! << 8) | messages[at + 4]!) >>> 0);
  }
  if (end > 0) reply(conn.id, await execute(end === messages.length ? messages : messages.subarray(0, end)));
  if (end < messages.length) await onEnd(conn.id);
  else await maintainIfDue();
}

async function onEnd(id: number) {
  connections.delete(id);
  // Do not leave a transaction of a gone client holding locks until the next one connects.
  if (status !== IDLE) {
    await execute(SYNC);
    if (status !== IDLE) await execute(simpleQuery('ROLLBACK'));
  }
  await maintainIfDue();
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
 * Only between transactions of the connection, never inside one.
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
  if ((!maintenanceDue && !maintenanceLeft.length) || status !== IDLE || closing) return;
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
      if (conn) enqueue(() => onData(conn, new Uint8Array(msg.data)));
      break;
    }
    case 'end':
      if (connections.has(msg.id)) enqueue(() => onEnd(msg.id));
      break;
    case 'close':
      enqueue(close);
      break;
  }
});

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
