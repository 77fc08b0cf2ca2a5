import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './security/server-process.ts';

/**
 * Readiness of the real server process: /api/ready 200 while it takes work, 503 from SIGTERM on
 * while /api/health stays 200, and a request in flight at SIGTERM still gets its answer.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'filialportal-ready-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('readiness and shutdown', () => {
  it('answers 503 while starting, 200 once ready; turns 503 on SIGTERM, finishes the request in flight, then ends', async () => {
    // Every answer of /api/ready from the moment the process is spawned until it is ready.
    const seen: string[] = [];
    let polling: Promise<void> = Promise.resolve();
    const server = await startServer({
      dataDir,
      env: { SHUTDOWN_DRAIN_SECONDS: '2', SEED: 'none' },
      spawned: (base) => {
        polling = (async () => {
          while (!seen.includes('200')) {
            const res = await fetch(`${base}/api/ready`).catch(() => null);
            if (res) seen.push(res.status === 503 ? `503 ${((await res.json()) as { error: { code: string } }).error.code}` : String(res.status));
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        })();
      },
    });
    try {
      await polling;
      expect(seen[0]).toBe('503 server_starting');
      expect(seen.at(-1)).toBe('200');
      const ready = await fetch(`${server.base}/api/ready`);
      expect(ready.status).toBe(200);
      expect(ready.headers.get('cache-control')).toBe('no-store');
      expect(await ready.json()).toEqual({ status: 'ready' });

      // A sign-in whose body arrives in two parts, the second only after the drain time. Without
      // the demo company nobody has an account: the answer is the refusal, after a password check.
      const body = JSON.stringify({ username: 'verwaltung@example.com', password: 'falsch-1234' });
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(`${server.base}/api/token`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString('utf8')));
          res.on('end', () => resolve({ status: res.statusCode!, body: text }));
        });
        req.on('error', reject);
        // Settled in the test's flow; a failure before it was awaited is reported there, not as unhandled.
        req.write(body.slice(0, 10));
        setTimeout(() => req.end(body.slice(10)), 3_000);
      });
      answer.catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 200));
      process.kill(server.pid, 'SIGTERM');

      let notReady: Response | undefined;
      for (let i = 0; i < 40 && notReady?.status !== 503; i++) {
        notReady = await fetch(`${server.base}/api/ready`);
        if (notReady.status !== 503) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(notReady!.status).toBe(503);
      expect(((await notReady!.json()) as { error: unknown }).error).toEqual({ code: 'server_stopping', message: 'Der Server wird beendet und nimmt keine neue Arbeit an.' });
      expect((await fetch(`${server.base}/api/health`)).status).toBe(200);

      const login = await answer;
      expect(login.status, login.body).toBe(401);
      expect(JSON.parse(login.body).error.code).toEqual(expect.any(String));
      expect((await server.exited).code).toBe(0);
      await expect(fetch(`${server.base}/api/health`)).rejects.toThrow();
    } finally {
      await server.kill9();
    }
  }, 120_000);
});
