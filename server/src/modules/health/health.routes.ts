import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/health', {
    config: { access: 'public' },
    schema: { tags: ['Betrieb'], summary: 'Lebenszeichen für Load Balancer' },
    handler: async () => ({ status: 'ok' }),
  });
}
