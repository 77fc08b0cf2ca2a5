import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';

// What every storage backend promises and the metering they share; storage.ts picks the backend.

/** What a streamed upload left behind: its key, size, SHA-256 and first bytes (for the type). */
export interface StreamedFile {
  key: string;
  size: number;
  sha256: string;
  head: Buffer;
}

/** A streamed upload went past its size limit; nothing of it is kept. */
export class TooLargeError extends Error {
  constructor() {
    super('upload too large');
  }
}

/** Bytes kept from the start of a stream: enough for every magic number file-type reads. */
const HEAD_BYTES = 4100;

/**
 * Counts, hashes and keeps the head of a stream on its way through; fails past `maxBytes`.
 * `onTooLarge` runs once, when the limit is passed, so a backend can stop writing right away.
 */
export function meter(maxBytes: number, onTooLarge?: () => void) {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headSize = 0;
  let size = 0;
  let tooLarge = false;
  const transform = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      // Past the limit the rest is read and dropped: the client gets its answer once it has sent
      // its request, instead of a connection torn down mid-upload.
      if (size > maxBytes && !tooLarge) {
        tooLarge = true;
        onTooLarge?.();
      }
      if (tooLarge) return done();
      hash.update(chunk);
      if (headSize < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headSize));
        headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
      }
      done(null, chunk);
    },
  });
  return { transform, tooLarge: () => tooLarge, result: () => ({ size, sha256: hash.digest('hex'), head: Buffer.concat(head) }) };
}

/**
 * Where file bytes live. The `local` backend keeps them under DATA_DIR/files; several app
 * instances share an S3-compatible store instead (storage-s3.ts). server/test/storage.test.ts
 * holds both to the same contract.
 */
export interface Storage {
  put(bytes: Buffer): Promise<string>;
  /**
   * Streams bytes into storage without holding them in memory, up to `maxBytes`; past that the
   * stream is stopped, the partial file removed, and TooLargeError thrown.
   */
  putStream(source: Readable, maxBytes: number): Promise<StreamedFile>;
  get(key: string): Promise<Buffer>;
  /** The bytes as a stream, for downloads that should not sit in memory whole. */
  stream(key: string): Readable;
  remove(key: string): Promise<void>;
  /** Every stored key (for backups), in no particular order. */
  keys(): AsyncIterable<string>;
  /** Stores bytes under a given key, replacing what is there (for restoring a backup). */
  putAt(key: string, bytes: Buffer | Readable): Promise<void>;
}

/** Keys are UUIDs; anything else is refused before it reaches a path or an object name. */
export const isStorageKey = (key: string) => /^[0-9a-f-]{36}$/.test(key);
