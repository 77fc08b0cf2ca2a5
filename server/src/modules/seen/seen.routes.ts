import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SEEN_PAGES, ZSeenResponse } from '@filialportal/core/news';
import { actorOf } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { markSeen } from './seen.service.ts';

export async function seenRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put('/seen/:page', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['Gesehen'],
      summary: 'Seite gesehen (news, claims, trainings, advertising): ihr Zähler in der Navigation beginnt neu',
      params: z.object({ page: z.enum(SEEN_PAGES) }),
      response: { 200: ZSeenResponse },
    },
    handler: (req) => markSeen(deps, actorOf(req), req.params.page),
  });
}
