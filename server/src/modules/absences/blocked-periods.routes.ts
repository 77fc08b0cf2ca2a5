import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zId } from '@filialportal/core/ids';
import { ZBlockedPeriodListResponse, ZBlockedPeriodRequest, ZBlockedPeriodResponse } from '@filialportal/core/blocked-periods';
import { actorOf } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { ALL_PAGES } from '../../platform/paging.ts';
import * as service from './blocked-periods.service.ts';

const tags = ['Urlaub'];
const MANAGE = ['urlaub_von_allen_sehen_und_bearbeiten', 'urlaub_von_allen_untergeordneten_gruppen_sehen_und_bearbeiten', 'urlaub_von_untergeordneten_aus_eigener_filiale_sehen_und_bearbeiten'] as const;
const ZId = z.object({ id: zId() });

/** Blocked periods (Urlaubssperren): read by everyone who sees vacation, set by HR and a location's management. */
export async function blockedPeriodsRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/blockedperiods', {
    config: { access: { permission: 'urlaub_menu_sehen' } },
    schema: {
      tags,
      summary: 'Urlaubssperren des Unternehmens und der eigenen Standorte: laufende und kommende (past=1: vergangene), 6 je Seite (page ab 0)',
      querystring: z.object({ page: z.coerce.number().int().min(0).max(ALL_PAGES).optional().default(0), past: z.enum(['0', '1']).optional().transform((v) => v === '1') }),
      response: { 200: ZBlockedPeriodListResponse },
    },
    handler: (req) => service.listBlockedPeriods(deps, actorOf(req), req.query),
  });

  r.post('/blockedperiods', {
    config: { access: { anyOf: MANAGE } },
    schema: { tags, summary: 'Urlaubssperre anlegen (locationId null: alle Standorte, nur Personalleitung)', body: ZBlockedPeriodRequest, response: { 200: ZBlockedPeriodResponse } },
    handler: (req) => service.createBlockedPeriod(deps, actorOf(req), req.body.blockedPeriod),
  });

  r.put('/blockedperiods/:id', {
    config: { access: { anyOf: MANAGE } },
    schema: { tags, summary: 'Urlaubssperre ändern', params: ZId, body: ZBlockedPeriodRequest, response: { 200: ZBlockedPeriodResponse } },
    handler: (req) => service.updateBlockedPeriod(deps, actorOf(req), { id: req.params.id, input: req.body.blockedPeriod }),
  });

  r.delete('/blockedperiods/:id', {
    config: { access: { anyOf: MANAGE } },
    schema: { tags, summary: 'Urlaubssperre löschen', params: ZId },
    handler: async (req, reply) => {
      await service.deleteBlockedPeriod(deps, actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  });
}
