import { Duplex } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { databaseBytes, sharedBuffersFor } from './pglite-memory.ts';
import type { FromWorker, ToWorker, WorkerOptions } from './pglite-worker.ts';

/**
 * The server's side of the database thread (pglite-worker.ts): starts it, gives node-postgres a
 * stream per connection that carries the wire protocol to it, and starts it again when it dies.
 */
export interface PgliteThread {
  /** A new connection for node-postgres (its `stream` option). */
  connect(): Duplex;
  /** Whether the database thread is up and answering. */
  available(): boolean;
  /** Called after the thread came back from a crash, before it counts as available again. */
  onRestart?: () => Promise<void>;
  /** CHECKPOINT, close the database and end the thread. */
  close(): Promise<void>;
  /** The thread now serving, null while it is being restarted or after close (tests, diagnosis). */
  worker(): Worker | null;
  /** The serving thread's id in the operating system (Linux; null elsewhere or while restarting), for measurements. */
  threadId(): number | null;
}

const RESTART_FIRST_MS = 100;
const RESTART_MAX_MS = 5_000;
/** How long a new connection waits for the thread to come back before it fails. */
const CONNECT_WAIT_MS = 30_000;
const CLOSE_WAIT_MS = 60_000;
/** The thread's JavaScript heap; above it only the thread ends, not the whole server. */
const HEAP_LIMIT_MB = 1024;
/**
 * The database thread's young generation: its JavaScript is a thin layer over PGlite's WebAssembly
 * memory, so the default semi-spaces (16 MB each) mostly sat idle, counting towards the resident
 * memory of an idle server.
 */
const YOUNG_GENERATION_MB = 4;
/** When the thread looks for tables due for VACUUM or ANALYZE (pglite-worker.ts, maintainIfDue). */
const MAINTENANCE = { firstMs: 5 * 60_000, everyMs: 10 * 60_000 };

const workerUrl = new URL('./pglite-worker.mjs', import.meta.url);

/**
 * Starts the database thread on `dir` (null: in memory, empty or from the dumped data directory
 * `load`); resolves once PGlite is open.
 */
export async function startPgliteThread(dir: string | null, load: string | null = null, maintenance = MAINTENANCE): Promise<PgliteThread> {
  // Sized once at start from the data as it is then; a database that grows gets more at the next start.
  const sharedBuffers = sharedBuffersFor(databaseBytes(dir));
  const options: WorkerOptions = { dir, load, maintenanceFirstMs: maintenance.firstMs, maintenanceEveryMs: maintenance.everyMs, sharedBuffers };
  const streams = new Map<number, WorkerStream>();
  let nextId = 1;
  let worker: Worker | null = null;
  let tid: number | null = null;
  let up = false;
  let available = false;
  let closing: Promise<void> | null = null;
  let restartDelay = RESTART_FIRST_MS;
  let restartTimer: NodeJS.Timeout | null = null;
  /** Connections waiting for the thread to be up. */
  let waiting: { resolve: () => void; reject: (err: Error) => void }[] = [];

  const post = (msg: ToWorker, transfer?: ArrayBuffer[]) => worker?.postMessage(msg, transfer);

  const thread: PgliteThread = {
    connect: () => new WorkerStream(nextId++, whenUp, streams, post),
    available: () => available,
    close,
    worker: () => worker,
    threadId: () => (up ? tid : null),
  };

  function whenUp(): Promise<void> {
    if (closing) return Promise.reject(new Error('Die Datenbank ist geschlossen.'));
    if (up) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const entry = { resolve, reject };
      waiting.push(entry);
      setTimeout(() => {
        if (!waiting.includes(entry)) return;
        waiting = waiting.filter((e) => e !== entry);
        reject(new Error('Die Datenbank ist nicht erreichbar.'));
      }, CONNECT_WAIT_MS).unref();
    });
  }

  function spawn(): Promise<void> {
    return new Promise((resolve, reject) => {
      let opened = false;
      let failure: Error | null = null;
      const w = new Worker(workerUrl, { workerData: options, resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
      worker = w;
      w.on('message', (msg: FromWorker) => {
        switch (msg.t) {
          case 'ready':
            tid = msg.tid;
            opened = true;
            up = true;
            resolve();
            break;
          case 'failed':
            failure = new Error(`Die eingebettete Datenbank${dir ? ` in ${dir}` : ''} lässt sich nicht öffnen: ${msg.message}`, { cause: Object.assign(new Error(msg.message), { name: msg.name }) });
            break;
          case 'data':
            streams.get(msg.id)?.receive(msg.data);
            break;
          case 'refused':
            streams.get(msg.id)?.destroy(new Error(msg.message));
            break;
          case 'closed':
            break;
        }
      });
      w.on('error', (err) => {
        failure ??= err;
      });
      w.on('exit', (code) => {
        if (worker === w) worker = null;
        up = false;
        available = false;
        if (!opened) {
          reject(failure ?? new Error(`Der Datenbank-Thread endete beim Öffnen (Code ${code}).`));
          return;
        }
        if (closing) return;
        // Died while serving: the queries it held fail, the next ones get a new thread.
        const cause = failure ? `: ${failure.message}` : '';
        console.error(`Datenbank-Thread unerwartet beendet (Code ${code}${cause}); Neustart in ${restartDelay} ms.`);
        const lost = new Error(`Der Datenbank-Thread endete während der Abfrage (Code ${code}${cause}); er wird neu gestartet.`);
        for (const s of [...streams.values()]) s.destroy(lost);
        scheduleRestart();
      });
    });
  }

  function scheduleRestart() {
    restartTimer = setTimeout(() => {
      restartTimer = null;
      spawn().then(
        async () => {
          restartDelay = RESTART_FIRST_MS;
          for (const w of waiting.splice(0)) w.resolve();
          try {
            await thread.onRestart?.();
          } catch (err) {
            console.error('Datenbank nach dem Neustart nicht bereit:', (err as Error).message);
          }
          if (up) {
            available = true;
            console.error('Datenbank-Thread neu gestartet.');
          }
        },
        (err: Error) => {
          if (closing) return;
          restartDelay = Math.min(restartDelay * 2, RESTART_MAX_MS);
          console.error(`Datenbank-Thread konnte nicht neu starten (${err.message}); neuer Versuch in ${restartDelay} ms.`);
          scheduleRestart();
        },
      );
    }, restartDelay);
  }

  function close(): Promise<void> {
    closing ??= (async () => {
      if (restartTimer) clearTimeout(restartTimer);
      for (const w of waiting.splice(0)) w.reject(new Error('Die Datenbank ist geschlossen.'));
      available = false;
      const w = worker;
      if (!w) return;
      const exited = new Promise<void>((resolve) => w.once('exit', () => resolve()));
      if (up) {
        w.postMessage({ t: 'close' } satisfies ToWorker);
        const timer = setTimeout(() => void w.terminate(), CLOSE_WAIT_MS);
        await exited;
        clearTimeout(timer);
      } else {
        await w.terminate();
        await exited;
      }
      for (const s of [...streams.values()]) s.destroy(new Error('Die Datenbank ist geschlossen.'));
    })();
    return closing;
  }

  await spawn();
  available = true;
  return thread;
}

/**
 * One node-postgres connection: what the client writes goes to the thread as one message per
 * write (corked writes of one query arrive together), what the thread answers is read here.
 * node-postgres also calls the socket methods `connect`, `setNoDelay`, `setKeepAlive`, `ref`
 * and `unref`.
 */
class WorkerStream extends Duplex {
  private connected = false;

  constructor(
    private readonly id: number,
    private readonly whenUp: () => Promise<void>,
    private readonly streams: Map<number, WorkerStream>,
    private readonly post: (msg: ToWorker, transfer?: ArrayBuffer[]) => void,
  ) {
    super();
  }

  connect(): this {
    this.whenUp().then(
      () => {
        if (this.destroyed) return;
        this.streams.set(this.id, this);
        this.connected = true;
        this.post({ t: 'connect', id: this.id });
        this.emit('connect');
      },
      (err: Error) => this.destroy(err),
    );
    return this;
  }

  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }

  receive(data: ArrayBuffer) {
    this.push(Buffer.from(data));
  }

  override _read() {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (err?: Error | null) => void) {
    this.send([chunk], chunk.length);
    callback();
  }

  override _writev(chunks: { chunk: Buffer }[], callback: (err?: Error | null) => void) {
    let total = 0;
    for (const c of chunks) total += c.chunk.length;
    this.send(
      chunks.map((c) => c.chunk),
      total,
    );
    callback();
  }

  private send(chunks: Buffer[], total: number) {
    if (!this.connected) return;
    // A copy into a buffer of its own, which is then moved to the thread without another copy
    // (the client's buffers may share memory with others).
    const out = new Uint8Array(total);
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.length;
    }
    this.post({ t: 'data', id: this.id, data: out.buffer }, [out.buffer]);
  }

  override _final(callback: (err?: Error | null) => void) {
    this.finish();
    this.push(null);
    callback();
  }

  override _destroy(err: Error | null, callback: (err?: Error | null) => void) {
    this.finish();
    callback(err);
  }

  private finish() {
    if (!this.streams.delete(this.id)) return;
    this.post({ t: 'end', id: this.id });
  }
}
