import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@filialportal/core/messages';
import {
  ZSpecialAppointmentCheckResponse,
  ZSpecialAppointmentDeleteRequest,
  ZSpecialAppointmentListResponse,
  ZSpecialAppointmentRequest,
  ZSpecialAppointmentResponse,
} from '@filialportal/core/special-appointments';
import type { Deps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { sendXlsx } from '../../platform/exports.ts';
import { specialAppointmentExportColumns } from './special-appointments.export.ts';
import { ZPageParam } from '../../platform/paging.ts';
import * as service from './special-appointments.service.ts';

const ZOld = z.union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false'), z.literal('')]).optional().transform((v) => v === '1' || v === 'true');
const tags = ['Sondertermine'];

export async function specialAppointmentsRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/locationspecialappointment/list/:page', {
    config: { access: { permission: 'einstellungen_sondertermine_sehen' } },
    schema: {
      tags,
      summary: 'Sondertermine: aktuelle oder alte (oldList=1), Suche, Sortierung; 6 pro Seite',
      params: ZPageParam,
      querystring: z.object({ oldList: ZOld, term: z.string().max(100).optional(), sort: z.string().max(20).optional() }),
      response: { 200: ZSpecialAppointmentListResponse },
    },
    handler: (req) => service.listSpecialAppointments(deps, { page: req.params.page, old: req.query.oldList, term: req.query.term, sort: req.query.sort }),
  });

  r.post('/locationspecialappointment/check', {
    config: { access: { anyOf: ['einstellungen_sondertermine_erstellen', 'einstellungen_sondertermine_bearbeiten'] } },
    schema: { tags, summary: 'Überschneidung prüfen: false oder der überschneidende Termin', body: ZSpecialAppointmentRequest, response: { 200: ZSpecialAppointmentCheckResponse } },
    handler: (req) => service.findOverlap(deps, req.body.locationSpecialAppointment),
  });

  r.post('/locationspecialappointment', {
    config: { access: { permission: 'einstellungen_sondertermine_erstellen' } },
    schema: { tags, summary: 'Sondertermin anlegen', body: ZSpecialAppointmentRequest, response: { 200: ZSpecialAppointmentResponse } },
    handler: (req) => service.saveSpecialAppointment(deps, { ...req.body, id: null }),
  });

  r.put('/locationspecialappointment', {
    config: { access: { permission: 'einstellungen_sondertermine_bearbeiten' } },
    schema: { tags, summary: 'Sondertermin speichern (mit id)', body: ZSpecialAppointmentRequest, response: { 200: ZSpecialAppointmentResponse } },
    handler: (req) => {
      const id = req.body.locationSpecialAppointment.id;
      if (!id) throw badRequest(MSG.specialAppointmentMissing);
      return service.saveSpecialAppointment(deps, { ...req.body, id });
    },
  });

  r.delete('/locationspecialappointment', {
    config: { access: { permission: 'einstellungen_sondertermine_l_schen' } },
    schema: { tags, summary: 'Sondertermin löschen', body: ZSpecialAppointmentDeleteRequest },
    handler: async (req, reply) => {
      await service.deleteSpecialAppointment(deps, req.body.id);
      return reply.status(204).send();
    },
  });

  r.post('/export-special-appointments', {
    config: { access: { permission: 'einstellungen_sondertermine_sehen' } },
    schema: { tags, summary: 'Sondertermine als XLSX', querystring: z.object({ search: z.string().max(100).optional(), oldList: ZOld }) },
    handler: (req, reply) =>
      sendXlsx(reply, {
        filename: req.query.oldList ? 'Sondertermine (alt).xlsx' : 'Sondertermine.xlsx',
        sheet: 'Sondertermine',
        columns: specialAppointmentExportColumns,
        rows: service.specialAppointmentExportRows(deps, { old: req.query.oldList, term: req.query.search }),
      }),
  });
}
