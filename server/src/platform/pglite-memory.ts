import fs from 'node:fs';
import path from 'node:path';

const MB = 1024 * 1024;
/** PostgreSQL's own default, and enough for the company-scale bench (its hot pages fit). */
const MAX_BUFFERS_MB = 128;
const MIN_BUFFERS_MB = 16;

/**
 * PGlite's page cache (shared_buffers) for a database of this many bytes: half of it, between 16
 * and 128 MB (docs/decisions/pglite-speicher.md). The cache lives in the WebAssembly memory of the
 * process and is never given back, so a fixed 128 MB held a small company's whole database three
 * times over; the file system's cache keeps the pages that do not fit.
 */
export function sharedBuffersFor(databaseBytes: number): string {
  const mb = Math.min(MAX_BUFFERS_MB, Math.max(MIN_BUFFERS_MB, Math.ceil(databaseBytes / 2 / MB)));
  return `${mb}MB`;
}

/** Bytes of the tables and indexes in a PGlite data directory (its `base`); 0 when there is none yet. */
export function databaseBytes(dir: string | null): number {
  if (!dir) return 0;
  let total = 0;
  const walk = (at: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) total += fs.statSync(full).size;
    }
  };
  try {
    walk(path.join(dir, 'base'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  return total;
}
