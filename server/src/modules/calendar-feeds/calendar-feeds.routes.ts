import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zId } from '@filialportal/core/ids';
import { ZFeedCreatedResponse, ZFeedListResponse, ZFeedRequest } from '@filialportal/core/calendar-feeds';
import { actorOf } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import * as service from './calendar-feeds.service.ts';

const tags = ['Kalender-Abos'];

/** The person's own subscriptions under /api (signed in). */
export async function calendarFeedsRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/ical/feeds', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Eigene Kalender-Abos (ohne Adresse: nur ihr Hash wird gespeichert)', response: { 200: ZFeedListResponse } },
    handler: (req) => service.listFeeds(deps, actorOf(req)),
  });

  r.post('/ical/feeds', {
    config: { access: 'authenticated' },
    schema: { tags, summary: "Kalender-Abo anlegen: kind 'personal' oder 'location' (mit locationId); die Adresse steht nur in dieser Antwort", body: ZFeedRequest, response: { 200: ZFeedCreatedResponse } },
    handler: (req) => service.createFeed(deps, actorOf(req), req.body),
  });

  r.delete('/ical/feeds/:id', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Kalender-Abo widerrufen: die Adresse antwortet danach mit 404', params: z.object({ id: zId() }) },
    handler: async (req, reply) => {
      await service.deleteFeed(deps, actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  });
}

/**
 * GET /ical/{secret}.ics, outside /api: calendar apps fetch it without a session; the secret in the
 * address is the only key (and is never logged, see app.ts).
 */
export async function calendarFeedFile(app: FastifyInstance, deps: Deps) {
  app.get<{ Params: { file: string } }>('/ical/:file', { config: { access: 'public' } }, async (req, reply) => {
    const file = req.params.file;
    const body = file.endsWith('.ics') ? await service.feedCalendar(deps, file.slice(0, -4)) : null;
    if (body === null) throw notFound('Dieses Kalender-Abo gibt es nicht oder nicht mehr.');
    return reply
      .header('cache-control', 'private, max-age=300')
      .header('x-robots-tag', 'noindex')
      .type('text/calendar; charset=utf-8')
      .send(body);
  });
}
