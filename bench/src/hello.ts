/**
 * The yardstick: a bare Fastify in the same Node, answering GET /api/health with the same body
 * and the same headers as the portal's (security headers, Cache-Control), which the bench reads
 * from the real server and passes in HELLO_HEADERS. The difference to the portal's /api/health
 * is the plugin stack alone.
 */
import Fastify from 'fastify';

const headers = JSON.parse(process.env.HELLO_HEADERS ?? '{}') as Record<string, string>;
const app = Fastify({ logger: false });
app.get('/api/health', (_req, reply) => {
  reply.headers(headers);
  return reply.send({ status: 'ok' });
});
await app.listen({ port: Number(process.env.PORT ?? 3900), host: '127.0.0.1' });
