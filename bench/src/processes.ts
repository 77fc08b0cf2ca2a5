/** Starting and stopping the real server (and the hello-world ceiling) as child processes. */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface Child {
  url: string;
  pid: number;
  /** Milliseconds from spawn until the first answer of `readyPath`. */
  startupMs: number;
  stop(): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number, output: () => string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`Prozess beendet (${child.exitCode}):\n${output()}`);
    const ok = await fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} antwortet nicht nach ${timeoutMs} ms:\n${output()}`);
}

/**
 * Spawns `node --import tsx <script>` (or plain `node <script>` with `tsx: false`, for the
 * project's own .mjs scripts) with the environment and waits until `readyPath` answers 200.
 */
export async function startChild(script: string, port: number, env: Record<string, string>, readyPath = '/', opts: { tsx?: boolean } = {}): Promise<Child> {
  const started = performance.now();
  const child = spawn(process.execPath, [...(opts.tsx === false ? [] : ['--import', 'tsx']), script], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_SECONDS: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (b: Buffer) => {
    output = (output + b.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}${readyPath}`, child, 180_000, () => output);
  const startupMs = performance.now() - started;
  return {
    url,
    pid: child.pid!,
    startupMs,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }),
  };
}
