/**
 * HTTP load for the bench, on connections kept open:
 * - closed loop: N connections, each sends its next request as soon as the answer is in. Warm-up
 *   and measurement run on the same connections without a break, so nothing abandoned at the end
 *   of the warm-up runs into the measured window; at the end no new request goes out and every
 *   answer still under way is awaited, so nothing runs into the next run either.
 * - open loop: requests at fixed times (a given rate, evenly spaced), each on a free connection
 *   (more are opened when all are busy); latency counts from the time a request was due, so a
 *   server that falls behind shows it instead of slowing the sender down.
 * A request is prepared once as bytes (a POST with several bodies as one request per body, sent in
 * turn); an answer is read only as far as needed to find its end
 * (Content-Length, chunked, or no body for 204/304). Loopback only.
 */
import net from 'node:net';

export interface Target {
  url: string;
  headers: Record<string, string>;
  /** A POST sends these JSON bodies in turn (one after the other, over all connections). */
  bodies?: string[];
  /**
   * Where in `bodies` the next request continues, shared with whoever else sends them (the
   * bench's single requests), so a body that must be sent once (a count with its own id) is.
   */
  cursor?: { next: number };
}

export interface Latencies {
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export interface ClosedResult extends Latencies {
  /** Answers per second in the measured window. */
  rps: number;
  /** Answers in the measured window. */
  requests: number;
  /** Answers during the warm-up, on the same connections. */
  warmupRequests: number;
  /** Answers with another status than 2xx or 304, failed connections and answers never received. */
  errors: number;
  /** Average size of an answer in bytes (head and body, as sent: compressed if compressed). */
  bytesPerRequest: number;
  statuses: Record<string, number>;
  windowSeconds: number;
}

export interface OpenResult extends Latencies {
  /** The rate asked for and the rate of answers in the measured window. */
  rate: number;
  achieved: number;
  requests: number;
  errors: number;
  /** Most connections open at once. */
  connections: number;
  windowSeconds: number;
}

export const CONNECTIONS = 50;
/** Longest wait for the answers still under way at the end of a run. */
const DRAIN_MS = 30_000;

const ok = (status: number) => (status >= 200 && status < 300) || status === 304;

/** Percentiles of latencies in ms (nearest rank). */
export function percentiles(values: number[]): Latencies {
  if (!values.length) return { p50: 0, p90: 0, p99: 0, max: 0 };
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return { p50: at(50), p90: at(90), p99: at(99), max: sorted[sorted.length - 1]! };
}

function requestBytes(target: Target): { host: string; port: number; next: () => Buffer } {
  const u = new URL(target.url);
  if (!/^(127\.0\.0\.1|localhost)$/.test(u.hostname)) throw new Error(`Last nur auf 127.0.0.1, nicht auf ${target.url}`);
  const head = (method: string, extra: string[]) => [`${method} ${u.pathname}${u.search} HTTP/1.1`, `Host: ${u.host}`, ...Object.entries(target.headers).map(([k, v]) => `${k}: ${v}`), ...extra];
  const host = u.hostname;
  const port = Number(u.port || 80);
  if (!target.bodies?.length) {
    const bytes = Buffer.from(`${head('GET', []).join('\r\n')}\r\n\r\n`, 'latin1');
    return { host, port, next: () => bytes };
  }
  const all = target.bodies.map((body) => {
    const payload = Buffer.from(body, 'utf8');
    const lines = head('POST', ['Content-Type: application/json', `Content-Length: ${payload.length}`]);
    return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
  });
  const cursor = target.cursor ?? { next: 0 };
  return { host, port, next: () => all[cursor.next++ % all.length]! };
}

type Done = (conn: Connection, status: number, bytes: number, startedAt: number) => void;
type Failed = (conn: Connection, startedAt: number) => void;

const HEAD_END = Buffer.from('\r\n\r\n');

/** One kept-open HTTP/1.1 connection with at most one request under way. */
class Connection {
  readonly socket: net.Socket;
  busy = false;
  closed = false;
  private startedAt = 0;
  private head: Buffer | null = null;
  private status = 0;
  /** Once the head is read: bytes of the answer so far, and its total (-1: chunked, read the body). */
  private received = 0;
  private total = 0;
  private chunked: Buffer | null = null;

  constructor(
    host: string,
    port: number,
    private readonly request: () => Buffer,
    private readonly done: Done,
    private readonly failed: Failed,
  ) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    const lost = () => {
      if (this.closed) return;
      this.closed = true;
      if (this.busy) {
        this.busy = false;
        this.failed(this, this.startedAt);
      }
    };
    this.socket.on('error', lost);
    this.socket.on('close', lost);
  }

  /** Sends the request; `startedAt` is when it counts as sent (open loop: when it was due). */
  send(startedAt: number) {
    this.busy = true;
    this.startedAt = startedAt;
    this.head = null;
    this.status = 0;
    this.received = 0;
    this.total = 0;
    this.chunked = null;
    this.socket.write(this.request());
  }

  close() {
    this.closed = true;
    this.socket.destroy();
  }

  private onData(chunk: Buffer) {
    if (!this.busy) return;
    if (this.status === 0) {
      this.head = this.head ? Buffer.concat([this.head, chunk]) : chunk;
      const end = this.head.indexOf(HEAD_END);
      if (end < 0) return;
      const headLength = end + 4;
      const head = this.head;
      const status = (head[9]! - 48) * 100 + (head[10]! - 48) * 10 + (head[11]! - 48);
      const length = contentLength(head, end);
      if (status === 204 || status === 304 || (status >= 100 && status < 200)) this.total = headLength;
      else if (length >= 0) this.total = headLength + length;
      else if (/\r\ntransfer-encoding:[^\r]*chunked/.test(head.toString('latin1', 0, end).toLowerCase())) this.total = -1;
      else return this.fail();
      this.status = status;
      this.received = this.head.length;
      if (this.total === -1) this.chunked = this.head.subarray(headLength);
      this.head = null;
    } else {
      this.received += chunk.length;
      if (this.total === -1) this.chunked = Buffer.concat([this.chunked!, chunk]);
    }
    if (this.total === -1) {
      if (!chunkedComplete(this.chunked!)) return;
    } else if (this.received < this.total) {
      return;
    }
    this.busy = false;
    this.done(this, this.status, this.received, this.startedAt);
  }

  private fail() {
    this.busy = false;
    this.failed(this, this.startedAt);
    this.close();
  }
}

const LENGTH_NAMES = [Buffer.from('\r\ncontent-length:'), Buffer.from('\r\nContent-Length:')];

/** The Content-Length of a head (Fastify writes the name in lower case, Node capitalised), or -1. */
function contentLength(head: Buffer, end: number): number {
  let at = -1;
  let name = LENGTH_NAMES[0]!;
  for (const n of LENGTH_NAMES) {
    at = head.indexOf(n);
    name = n;
    if (at >= 0 && at < end) break;
  }
  if (at < 0 || at >= end) {
    const m = /\r\ncontent-length:\s*(\d+)/.exec(head.toString('latin1', 0, end).toLowerCase());
    return m ? Number(m[1]) : -1;
  }
  let i = at + name.length;
  while (head[i] === 0x20) i++;
  let v = 0;
  for (let c = head[i]!; c >= 48 && c <= 57; c = head[++i]!) v = v * 10 + (c - 48);
  return v;
}

/** Whether a chunked body is complete: walks the chunk sizes up to the last (empty) chunk. */
function chunkedComplete(body: Buffer): boolean {
  let pos = 0;
  for (;;) {
    const eol = body.indexOf('\r\n', pos);
    if (eol < 0) return false;
    const size = parseInt(body.toString('latin1', pos, eol), 16);
    if (size === 0) return body.indexOf('\r\n', eol + 2) >= 0;
    pos = eol + 2 + size + 2;
    if (pos > body.length) return false;
  }
}

function waitUntilConnected(conns: Connection[]): Promise<void> {
  return Promise.all(
    conns.map(
      (c) =>
        new Promise<void>((resolve, reject) => {
          c.socket.once('connect', resolve);
          c.socket.once('error', reject);
        }),
    ),
  ).then(() => undefined);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function drain(isIdle: () => boolean): Promise<boolean> {
  const until = Date.now() + DRAIN_MS;
  while (!isIdle()) {
    if (Date.now() > until) return false;
    await sleep(5);
  }
  return true;
}

export interface WindowHooks {
  /** Awaited right before the measured window opens and right after it closes, while the load still runs. */
  start?(): void | Promise<void>;
  end?(): void | Promise<void>;
}

/** Closed loop: `connections` kept-open connections, warm-up then measurement on the same ones. */
export async function closedLoop(target: Target, opts: { connections?: number; warmup: number; seconds: number; hooks?: WindowHooks }): Promise<ClosedResult> {
  const { host, port, next: request } = requestBytes(target);
  const n = opts.connections ?? CONNECTIONS;
  let running = true;
  let windowStart = Infinity;
  let windowEnd = Infinity;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let warmupRequests = 0;
  let errors = 0;
  let bytesIn = 0;
  const conns: Connection[] = [];
  const next = (conn: Connection) => {
    if (running && !conn.closed) conn.send(performance.now());
  };
  const done: Done = (conn, status, size, startedAt) => {
    const now = performance.now();
    if (now >= windowStart && now <= windowEnd) {
      latencies.push(now - startedAt);
      statuses[status] = (statuses[status] ?? 0) + 1;
      bytesIn += size;
      if (!ok(status)) errors++;
    } else if (now < windowStart) {
      warmupRequests++;
    }
    next(conn);
  };
  const failed: Failed = (conn) => {
    const now = performance.now();
    if (now >= windowStart && now <= windowEnd) errors++;
    // A lost connection is replaced, so the number of connections stays.
    if (running) {
      const fresh = new Connection(host, port, request, done, failed);
      const at = conns.indexOf(conn);
      if (at >= 0) conns[at] = fresh;
      else conns.push(fresh);
      fresh.socket.once('connect', () => next(fresh));
    }
  };
  for (let i = 0; i < n; i++) conns.push(new Connection(host, port, request, done, failed));
  await waitUntilConnected(conns);
  for (const c of conns) next(c);
  if (opts.warmup > 0) await sleep(opts.warmup * 1000);
  // The window opens once the start readings are taken, and closes before the end readings.
  await opts.hooks?.start?.();
  windowStart = performance.now();
  await sleep(opts.seconds * 1000);
  windowEnd = performance.now();
  await opts.hooks?.end?.();
  running = false;
  const drained = await drain(() => conns.every((c) => !c.busy || c.closed));
  const stillBusy = conns.filter((c) => c.busy && !c.closed).length;
  for (const c of conns) c.close();
  const windowSeconds = (windowEnd - windowStart) / 1000;
  const answered = latencies.length;
  return {
    rps: answered / windowSeconds,
    requests: answered,
    warmupRequests,
    errors: errors + (drained ? 0 : stillBusy),
    bytesPerRequest: answered ? bytesIn / answered : 0,
    statuses,
    windowSeconds,
    ...percentiles(latencies),
  };
}

/** Open loop: `rate` requests per second at fixed times for `seconds`, the first `leadIn` seconds not counted. */
export async function openLoop(target: Target, opts: { rate: number; seconds: number; leadIn: number; maxConnections?: number }): Promise<OpenResult> {
  const { host, port, next: request } = requestBytes(target);
  const maxConnections = opts.maxConnections ?? 256;
  const interval = 1000 / opts.rate;
  const idle: Connection[] = [];
  const all = new Set<Connection>();
  const backlog: number[] = [];
  const latencies: number[] = [];
  let errors = 0;
  let connecting = 0;
  let most = 0;
  const t0 = performance.now() + 20;
  const windowStart = t0 + opts.leadIn * 1000;
  const end = t0 + (opts.leadIn + opts.seconds) * 1000;
  let outstanding = 0;

  const release = (conn: Connection) => {
    const due = backlog.shift();
    if (due !== undefined) conn.send(due);
    else idle.push(conn);
  };
  const done: Done = (conn, status, _size, due) => {
    outstanding--;
    if (due >= windowStart) {
      latencies.push(performance.now() - due);
      if (!ok(status)) errors++;
    }
    release(conn);
  };
  const failed: Failed = (conn, due) => {
    outstanding--;
    all.delete(conn);
    if (due >= windowStart) errors++;
    if (backlog.length > connecting && all.size < maxConnections) open();
  };
  const open = () => {
    const conn = new Connection(host, port, request, done, failed);
    all.add(conn);
    most = Math.max(most, all.size);
    connecting++;
    conn.socket.once('connect', () => {
      connecting--;
      release(conn);
    });
  };
  const dispatch = (due: number) => {
    outstanding++;
    let conn = idle.pop();
    while (conn?.closed) {
      all.delete(conn);
      conn = idle.pop();
    }
    if (conn) return conn.send(due);
    backlog.push(due);
    // A new connection for each request that finds none free, as far as the limit allows.
    if (all.size < maxConnections && connecting < backlog.length) open();
  };

  const warm: Connection[] = [];
  for (let i = 0; i < Math.min(16, maxConnections); i++) {
    const c = new Connection(host, port, request, done, failed);
    all.add(c);
    warm.push(c);
  }
  await waitUntilConnected(warm);
  idle.push(...warm);
  most = all.size;

  let i = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      for (let due = t0 + i * interval; due <= now && due < end; due = t0 + ++i * interval) dispatch(due);
      if (t0 + i * interval >= end) return resolve();
      setTimeout(tick, Math.max(0, Math.min(1, t0 + i * interval - performance.now())));
    };
    setTimeout(tick, Math.max(0, t0 - performance.now()));
  });
  const drained = await drain(() => outstanding === 0);
  for (const c of all) c.close();
  const windowSeconds = (end - windowStart) / 1000;
  return {
    rate: opts.rate,
    achieved: latencies.length / windowSeconds,
    requests: latencies.length,
    errors: errors + (drained ? 0 : outstanding),
    connections: most,
    windowSeconds,
    ...percentiles(latencies),
  };
}
