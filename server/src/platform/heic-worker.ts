import { parentPort, workerData } from 'node:worker_threads';

/**
 * Decodes one HEIC/HEIF image to JPEG at quality 0.9 (spec 2 §5, 3 §5). heic-convert decodes in
 * WebAssembly for a second or more per photo, so it runs here and not on the server's event loop.
 */
const { bytes } = workerData as { bytes: Uint8Array };
try {
  const convert = (await import('heic-convert')).default;
  const jpeg = await convert({ buffer: Buffer.from(bytes) as unknown as ArrayBuffer, format: 'JPEG', quality: 0.9 });
  const out = Buffer.from(jpeg);
  parentPort!.postMessage({ ok: true, jpeg: out }, []);
} catch (e) {
  parentPort!.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) });
}
