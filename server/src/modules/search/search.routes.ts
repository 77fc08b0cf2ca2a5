import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SEARCH_MAX_LIMIT, ZSearchQuery, ZSearchResponse } from '@filialportal/core/search';
import { actorOf } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { search } from './search.service.ts';

export async function searchRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/search', {
    // Everyone may search; each group answers only who sees its page, by that page's scope.
    config: { access: 'authenticated' },
    schema: {
      tags: ['Suche'],
      summary: `Suche im ganzen Portal: Gruppen mit Treffern (je höchstens limit, bis ${SEARCH_MAX_LIMIT}) und ihrer Gesamtzahl`,
      querystring: ZSearchQuery,
      response: { 200: ZSearchResponse },
    },
    handler: (req) => search(deps, actorOf(req), req.query),
  });
}
