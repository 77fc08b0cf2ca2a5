/**
 * Memory of the server process: its resident set (RSS) as Linux counts it, in MiB. On PGlite the
 * database thread lives in the same process and counts; PostgreSQL's own processes do not.
 */
import fs from 'node:fs';
import { type Child, startChild } from './processes.ts';

/** The resident set of a process in MiB; null where /proc is not there (not Linux) or it ended. */
export function rssMiB(pid: number): number | null {
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * The server as `npm start` runs it (the bundle of scripts/server.mjs, demo company seeded on an
 * empty database), left alone for `idleSeconds` after it answers (the modules loaded after
 * listening are then in); its RSS at the end.
 */
export async function idleRss(port: number, env: Record<string, string>, idleSeconds: number): Promise<number | null> {
  let server: Child | null = null;
  try {
    server = await startChild('scripts/server.mjs', port, env, '/', { tsx: false });
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    return rssMiB(server.pid);
  } finally {
    await server?.stop();
  }
}
