import type { FastifyInstance } from 'fastify';
import { ZHealthResponse } from '@filialportal/core/health';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/health', {
    config: { access: 'public' },
    schema: { tags: ['Betrieb'], summary: 'Lebenszeichen für Load Balancer', response: { 200: ZHealthResponse } },
    handler: async () => ({ status: 'ok' }),
  });
}
