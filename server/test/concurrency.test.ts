import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { limitConcurrentRequests } from '../src/platform/concurrency.ts';

describe('request concurrency limit (PGlite)', () => {
  it('lets at most the limit into API routes at once, in arrival order, and never holds public ones', async () => {
    const app = Fastify();
    limitConcurrentRequests(app, 2);
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    app.get('/api/slow/:n', { config: { access: 'authenticated' } as never }, async (req) => {
      inside++;
      most = Math.max(most, inside);
      await new Promise((r) => setTimeout(r, 20));
      inside--;
      order.push(Number((req.params as { n: string }).n));
      return { ok: true };
    });
    app.get('/api/health', { config: { access: 'public' } as never }, async () => ({ inside }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    try {
      const slow = Array.from({ length: 6 }, (_, n) => fetch(`${base}/api/slow/${n}`).then((r) => r.status));
      await new Promise((r) => setTimeout(r, 5));
      // Public calls pass while the slow ones queue.
      expect(((await (await fetch(`${base}/api/health`)).json()) as { inside: number }).inside).toBe(2);
      expect(await Promise.all(slow)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(most).toBe(2);
      expect(order.slice(2)).toEqual([2, 3, 4, 5]);
    } finally {
      await app.close();
    }
  });
});
