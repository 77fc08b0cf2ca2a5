import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseBytes, sharedBuffersFor } from '../src/platform/pglite-memory.ts';

const MB = 1024 * 1024;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-memory-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('PGlite page cache by the size of the data', () => {
  it('is half the data, between 16 and 128 MB', () => {
    expect(sharedBuffersFor(0)).toBe('16MB');
    expect(sharedBuffersFor(32 * MB)).toBe('16MB');
    expect(sharedBuffersFor(100 * MB)).toBe('50MB');
    expect(sharedBuffersFor(101 * MB)).toBe('51MB');
    expect(sharedBuffersFor(830 * MB)).toBe('128MB');
    expect(sharedBuffersFor(Number.MAX_SAFE_INTEGER)).toBe('128MB');
  });

  it('measures the tables and indexes of a data directory; none for a new one or in memory', () => {
    expect(databaseBytes(null)).toBe(0);
    expect(databaseBytes(path.join(dir, 'new'))).toBe(0);
    fs.mkdirSync(path.join(dir, 'db/base/5'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'db/base/5/1259'), Buffer.alloc(8192));
    fs.writeFileSync(path.join(dir, 'db/base/5/1259_fsm'), Buffer.alloc(4096));
    // The write-ahead log is not data the cache would hold.
    fs.mkdirSync(path.join(dir, 'db/pg_wal'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'db/pg_wal/000000010000000000000001'), Buffer.alloc(16384));
    expect(databaseBytes(path.join(dir, 'db'))).toBe(12288);
  });
});
