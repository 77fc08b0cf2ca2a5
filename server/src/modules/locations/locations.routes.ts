import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zId } from '@filialportal/core/ids';
import { ZLocationCountResponse, ZLocationListResponse, ZLocationRequest, ZLocationResponse } from '@filialportal/core/locations';
import { actorOf } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { sendXlsx } from '../../platform/exports.ts';
import { locationExportColumns } from './locations.export.ts';
import { ZPageParam, ALL_PAGES } from '../../platform/paging.ts';
import { allLocationsJson, countLocations, locationPage, deleteLocation, listLocations, saveLocation } from './locations.service.ts';

const ZId = z.object({ id: zId() });

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
      response: { 200: ZLocationListResponse },
    },
    handler: async (req, reply) => {
      if (req.params.page !== ALL_PAGES) return locationPage(deps, actorOf(req), { page: req.params.page, sort: req.query.sort });
      // Bytes prepared from the same answer; Fastify sends a Buffer as it is.
      reply.type('application/json; charset=utf-8');
      return reply.send((await allLocationsJson(deps, actorOf(req), req.query.sort)) as never);
    },
  });

  r.get('/count/location/', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Anzahl Standorte', response: { 200: ZLocationCountResponse } },
    handler: async () => ({ count: await countLocations(deps) }),
  });

  r.post('/location', {
    config: { access: { permission: 'einstellungen_standorte_erstellen' } },
    schema: { tags, summary: 'Standort anlegen', body: ZLocationRequest, response: { 200: ZLocationResponse } },
    handler: (req) => saveLocation(deps, actorOf(req), { ...req.body, id: null }),
  });

  r.put('/location/:id', {
    config: { access: { permission: 'einstellungen_standorte_bearbeiten' } },
    schema: { tags, summary: 'Standort speichern', params: ZId, body: ZLocationRequest, response: { 200: ZLocationResponse } },
    handler: (req) => saveLocation(deps, actorOf(req), { ...req.body, id: req.params.id }),
  });

  r.delete('/location/:id', {
    config: { access: { permission: 'einstellungen_standorte_l_schen' } },
    schema: { tags, summary: 'Standort löschen (nur ohne Benutzer)', params: ZId },
    handler: async (req, reply) => {
      await deleteLocation(deps, actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  });

  r.post('/export-locations', {
    config: { access: { permission: 'einstellungen_standorte_sehen' } },
    schema: { tags, summary: 'Standorte als XLSX' },
    handler: async (_req, reply) => {
      const { rows } = await listLocations(deps, { page: ALL_PAGES });
      return sendXlsx(reply, {
        filename: 'Standorte.xlsx',
        sheet: 'Standorte',
        columns: locationExportColumns,
        rows,
      });
    },
  });
}
