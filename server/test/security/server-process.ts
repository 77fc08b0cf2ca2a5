import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/** The real server (`node --import tsx server/src/main.ts`) as a child process of the test. */
export interface ServerProcess {
  base: string;
  pid: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves once the process has ended, with its exit code or signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** kill -9: no shutdown hook, no CHECKPOINT, nothing flushed by the process itself. */
  kill9(): Promise<void>;
  /** SIGTERM, the graceful way; resolves with the exit code. */
  stop(): Promise<number | null>;
}

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts the server on PGlite in `dataDir/db`, or on `databaseUrl`, and waits until
 * /api/health answers; `env` adds to or overrides its environment, `spawned` learns the address at once. Fails with the process's output when it ends or stays silent too long.
 */
export async function startServer(opts: { dataDir: string; databaseUrl?: string; timeoutMs?: number; env?: NodeJS.ProcessEnv; spawned?: (base: string) => void }): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: opts.dataDir, SEED: 'demo', LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_SECONDS: '0' };
  delete env.DATABASE_URL;
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  Object.assign(env, opts.env);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (chunk: Buffer) => {
    out = (out + chunk.toString('utf8')).slice(-64_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  // A test process that ends abruptly takes its server along instead of leaving it running.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let ended = false;
  void exited.then(() => {
    ended = true;
    process.off('exit', orphanGuard);
  });

  const base = `http://127.0.0.1:${port}`;
  opts.spawned?.(base);
  const deadline = Date.now() + (opts.timeoutMs ?? 90_000);
  for (;;) {
    if (ended) throw new Error(`server ended during start:\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer /api/health within ${opts.timeoutMs ?? 90_000} ms:\n${out}`);
    }
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    pid: child.pid!,
    output: () => out,
    exited,
    async kill9() {
      if (!ended) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!ended) child.kill('SIGTERM');
      const stopped = await Promise.race([exited, new Promise<null>((r) => setTimeout(() => r(null), 30_000))]);
      if (!stopped) {
        child.kill('SIGKILL');
        throw new Error(`server did not stop within 30 s after SIGTERM:\n${out}`);
      }
      return stopped.code;
    },
  };
}
