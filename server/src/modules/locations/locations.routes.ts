import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, can } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { ZPageParam } from '../../platform/paging.ts';
import { countLocations, listLocations, toLocationDto } from './locations.service.ts';

export async function locationsRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Standorte'];
  r.get('/location/list/:page', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: 'Standorte (6 pro Seite; Seite 9999 liefert alle)',
      params: ZPageParam,
      querystring: z.object({ sort: z.string().max(40).optional() }),
    },
    handler: async (req) => {
      const { rows, count } = await listLocations(deps.db, { page: req.params.page, sort: req.query.sort });
      const withIp = can(actorOf(req), 'einstellungen_standorte_sehen');
      return { locations: rows.map((row) => toLocationDto(row, withIp)), count };
    },
  });
  r.get('/count/location/', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Anzahl Standorte' },
    handler: async () => ({ count: await countLocations(deps.db) }),
  });
}
