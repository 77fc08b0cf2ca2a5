import { Worker } from 'node:worker_threads';

const workerUrl = new URL('./heic-worker.mjs', import.meta.url);
/** A photo decodes in a few seconds; a file that takes longer is refused rather than waited for. */
const TIMEOUT_MS = 60_000;

/** HEIC/HEIF → JPEG (quality 0.9) in a thread of its own; null when the bytes do not decode. */
export function heicToJpeg(bytes: Buffer): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const worker = new Worker(workerUrl, { workerData: { bytes }, resourceLimits: { maxOldGenerationSizeMb: 1024 } });
    const timer = setTimeout(() => void worker.terminate(), TIMEOUT_MS);
    let done = false;
    const finish = (value: Buffer | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(value);
      void worker.terminate();
    };
    worker.once('message', (m: { ok: boolean; jpeg?: Uint8Array }) => finish(m.ok && m.jpeg ? Buffer.from(m.jpeg) : null));
    worker.once('error', () => finish(null));
    worker.once('exit', () => finish(null));
  });
}
