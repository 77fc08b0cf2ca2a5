import type { FastifyInstance } from 'fastify';
import { ZHealthResponse } from '@filialportal/core/health';
import { MSG } from '@filialportal/core/messages';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';

export async function healthRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/health', {
    config: { access: 'public' },
    schema: { tags: ['Betrieb'], summary: 'Lebenszeichen für Load Balancer (503, solange die Datenbank nicht antwortet)', response: { 200: ZHealthResponse } },
    handler: async () => {
      if (!deps.databaseAvailable()) throw new AppError(503, 'database_unavailable', MSG.databaseUnavailable);
      return { status: 'ok' as const };
    },
  });
}
