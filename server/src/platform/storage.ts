import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.ts';
import { createS3Storage } from './storage-s3.ts';
import { isStorageKey, meter, TooLargeError, type Storage } from './storage-contract.ts';

export { isStorageKey, TooLargeError, type Storage, type StreamedFile } from './storage-contract.ts';

export function createLocalStorage(root: string): Storage {
  const pathOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error('invalid storage key');
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
    async putStream(source, maxBytes) {
      const key = randomUUID();
      const file = pathOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const m = meter(maxBytes);
      const out = createWriteStream(file);
      try {
        await pipeline(source, m.transform, out);
        if (m.tooLarge()) throw new TooLargeError();
      } catch (err) {
        // A source that fails at once can end the pipeline before the file is even open; the
        // stream opens (and creates) it afterwards. Removed once closed, nothing is left behind.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await fs.rm(file, { force: true });
        throw err;
      }
      return { key, ...m.result() };
    },
    get: (key) => fs.readFile(pathOf(key)),
    stream: (key) => createReadStream(pathOf(key)),
    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },
    async *keys() {
      const dirs = await fs.readdir(root).catch(() => [] as string[]);
      for (const dir of dirs.sort()) {
        const names = await fs.readdir(path.join(root, dir)).catch(() => [] as string[]);
        for (const name of names.sort()) if (isStorageKey(name) && name.startsWith(dir)) yield name;
      }
    },
    async putAt(key, bytes) {
      const file = pathOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      if (Buffer.isBuffer(bytes)) await fs.writeFile(file, bytes);
      else await pipeline(bytes, createWriteStream(file));
    },
  };
}

/** The storage the configuration names: the local folder DATA_DIR/files unless object storage is set. */
export function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'files'));
}
