import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

/**
 * Where file bytes live. The `local` backend keeps them under DATA_DIR/files; several app
 * instances need a shared backend (an S3-compatible store implementing the same interface).
 */
export interface Storage {
  put(bytes: Buffer): Promise<string>;
  get(key: string): Promise<Buffer>;
  /** The bytes as a stream, for downloads that should not sit in memory whole. */
  stream(key: string): Readable;
  remove(key: string): Promise<void>;
}

export function createLocalStorage(root: string): Storage {
  const pathOf = (key: string) => {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error('invalid storage key');
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(bytes) {
      const key = randomUUID();
      const file = pathOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, bytes);
      return key;
    },
    get: (key) => fs.readFile(pathOf(key)),
    stream: (key) => createReadStream(pathOf(key)),
    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },
  };
}
