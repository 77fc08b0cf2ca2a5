import http from 'node:http';
import { MSG } from '@filialportal/core/messages';

/**
 * Whether this instance takes work (GET /api/ready): 'starting' until it listens, 'ready', then
 * 'draining' from SIGTERM on, while the requests in flight finish and the balancer moves new ones
 * to the other instances. The liveness check (GET /api/health) ignores it.
 */
export type ReadyState = 'starting' | 'ready' | 'draining';

export interface Readiness {
  state: ReadyState;
}

export const createReadiness = (state: ReadyState = 'ready'): Readiness => ({ state });

/**
 * Holds the port while the process starts (opening the database, migrations, the demo company):
 * every request gets 503 `server_starting`, so a balancer or an orchestrator sees a starting
 * instance rather than a refused connection. Returns the release, after which the app listens.
 */
export async function holdPortWhileStarting(port: number, host: string): Promise<() => Promise<void>> {
  const body = JSON.stringify({ error: { code: 'server_starting', message: MSG.serverStarting } });
  const server = http.createServer((_req, res) => {
    res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '2', connection: 'close' });
    res.end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}
