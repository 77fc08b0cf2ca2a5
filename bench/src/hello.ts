/** The ceiling: a bare Fastify answering JSON, in the same Node as the server. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3900), host: '127.0.0.1' });
