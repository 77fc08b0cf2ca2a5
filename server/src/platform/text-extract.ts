import { Worker } from 'node:worker_threads';
import type { TextKind, TextRequest, TextResponse } from './text-extract-worker.ts';

const workerUrl = new URL('./text-extract-worker.mjs', import.meta.url);
/** Ordinary files take well under a second; one that takes longer than this is hostile or broken. */
const TIMEOUT_MS = 20_000;
/** A thread with pdf.js loaded holds some 100 MB; ended when no file came for this long. */
const IDLE_MS = 30_000;
/** Caps what a hostile file can make the parser allocate: the thread dies, the file gets ''. */
const HEAP_MB = 512;

/**
 * The thread is kept between files (starting one and loading pdf.js costs about a second) and
 * handles one file at a time: documents are indexed one after another, and several parsers at
 * once would multiply the memory a batch of large uploads takes. A thread that timed out, crashed
 * or ran out of memory is ended and the next file starts a new one.
 */
let thread: Worker | null = null;
let idleTimer: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();
let lastId = 0;

function acquire(): Worker {
  clearTimeout(idleTimer);
  if (!thread) {
    const worker = new Worker(workerUrl, { resourceLimits: { maxOldGenerationSizeMb: HEAP_MB } });
    // Listeners for the whole life of the thread: an 'error' without a listener would be thrown
    // in the server, and a thread that is gone must not be handed the next file.
    worker.on('error', () => discard(worker));
    worker.on('exit', () => discard(worker));
    thread = worker;
  }
  thread.ref();
  return thread;
}

function release(worker: Worker): void {
  if (thread !== worker) return;
  // An idle thread neither keeps the process alive nor stays around for long.
  worker.unref();
  idleTimer = setTimeout(() => discard(worker), IDLE_MS);
  idleTimer.unref();
}

function discard(worker: Worker): void {
  if (thread === worker) {
    thread = null;
    clearTimeout(idleTimer);
  }
  void worker.terminate();
}

function runOne(bytes: Buffer, kind: TextKind): Promise<string> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = acquire();
    } catch {
      resolve('');
      return;
    }
    const id = ++lastId;
    let settled = false;
    const finish = (text: string, healthy: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onFailure);
      worker.off('exit', onFailure);
      if (healthy) release(worker);
      else discard(worker);
      resolve(text);
    };
    const onMessage = (m: TextResponse) => {
      if (m?.id === id) finish(typeof m.text === 'string' ? m.text : '', true);
    };
    const onFailure = () => finish('', false);
    const timer = setTimeout(onFailure, TIMEOUT_MS);
    worker.on('message', onMessage);
    worker.on('error', onFailure);
    worker.on('exit', onFailure);
    // A copy of exactly this file's bytes (a Buffer may be a view into a larger one), handed
    // over to the thread rather than copied a second time.
    const copy = new Uint8Array(bytes);
    try {
      worker.postMessage({ id, kind, bytes: copy } satisfies TextRequest, [copy.buffer]);
    } catch {
      onFailure();
    }
  });
}

/**
 * The plain text of a PDF, DOCX or XLSX for the document search: whitespace collapsed to single
 * spaces and line breaks, at most 200,000 characters, PDFs read up to page 500. Parsed in a
 * worker thread with a time limit of 20 s, so the event loop stays free. Resolves to '' for a
 * file without text and for one that cannot be read (corrupt, encrypted, too large, too slow);
 * never rejects, since uploads come from users and any bytes are possible.
 */
export async function extractText(bytes: Buffer, kind: 'pdf' | 'docx' | 'xlsx'): Promise<string> {
  if (!Buffer.isBuffer(bytes) || bytes.length === 0 || !['pdf', 'docx', 'xlsx'].includes(kind)) return '';
  const result = queue.then(() => runOne(bytes, kind));
  queue = result;
  return result;
}
