import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zId } from '@filialportal/core/ids';
import { parseYearFilter } from '@filialportal/core/absences';
import {
  ZContingentsResponse,
  ZVacationLimitedResponse,
  ZVacationListResponse,
  ZVacationOverviewResponse,
  ZVacationRequest,
  ZVacationDecision,
  ZVacationResponse,
  ZVacationWarningsResponse,
  ZDeputyCandidatesResponse,
  ZDeputyDecline,
  ZDeputyRequestsResponse,
} from '@filialportal/core/vacation';
import { actorOf } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { sendXlsx } from '../../platform/exports.ts';
import { ownContingents } from './contingents.service.ts';
import { overviewColumns, requestColumns, VIEW_TITLES } from './absences.export.ts';
import * as overview from './vacation-overview.service.ts';
import * as vacation from './vacation.service.ts';
import * as deputies from './deputies.service.ts';

const tags = ['Urlaub'];
const ZId = z.object({ id: zId() });
/** 'Jahr' filter: a year 1800–2199 or empty; anything else is ignored like the spec's client does. */
const ZYear = z
  .string()
  .max(10)
  .optional()
  .transform((v) => {
    const y = parseYearFilter(v ?? '');
    return typeof y === 'number' ? y : null;
  });
const PROCESS = [
  'urlaub_von_allen_sehen_und_bearbeiten',
  'urlaub_von_allen_untergeordneten_gruppen_sehen_und_bearbeiten',
  'urlaub_von_untergeordneten_aus_eigener_filiale_sehen_und_bearbeiten',
] as const;

export async function absencesRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/appointment', {
    config: { live: ['tasks'], access: { permission: 'urlaub_antrag_stellen' } },
    schema: { tags, summary: 'Urlaubsantrag stellen: 200, 224 (nur noch n Tage, trotzdem angelegt) oder 422 (Zeitraum belegt)', body: ZVacationRequest, response: { 200: ZVacationResponse, 224: ZVacationLimitedResponse } },
    handler: async (req, reply) => {
      const result = await vacation.requestVacation(deps, actorOf(req), req.body.appointment);
      return reply.status(result.status).send(result.body);
    },
  });

  r.delete('/appointment/:id', {
    config: { live: ['tasks'], access: { anyOf: ['urlaub_antrag_stellen', 'urlaub_can_delete'] } },
    schema: { tags, summary: 'Urlaubsantrag löschen (eigener offener, oder mit urlaub_can_delete)', params: ZId },
    handler: async (req, reply) => {
      await vacation.deleteVacation(deps, actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  });

  r.get('/absence/:from/:location/:view', {
    config: { access: { permission: 'urlaub_menu_sehen' } },
    schema: {
      tags,
      summary: 'Urlaubsanträge: Ansicht 1 offen, 2 akzeptiert, 3 vergangen, 5 abgelehnt; 20 ab from',
      params: z.object({ from: z.coerce.number().int().min(0).max(1_000_000), location: z.union([z.literal('all'), zId()]), view: z.enum(['1', '2', '3', '5']) }),
      querystring: z.object({ year: ZYear, searchTerm: z.string().max(100).optional(), sort: z.string().max(30).optional() }),
      response: { 200: ZVacationListResponse },
    },
    handler: (req) => vacation.listVacation(deps, actorOf(req), { ...req.params, ...req.query }),
  });

  r.put('/updateabsence/:id/:approved', {
    config: { live: ['tasks'], access: { anyOf: PROCESS } },
    schema: {
      tags,
      summary: 'Urlaubsantrag annehmen (1) oder ablehnen (0); beim Ablehnen optional mit Begründung { reason }; in einer Urlaubssperre nur Personalleitung mit { note }',
      params: z.object({ id: zId(), approved: z.enum(['0', '1', 'true', 'false']) }),
      body: ZVacationDecision,
      response: { 200: ZVacationResponse },
    },
    handler: (req) => vacation.decideVacation(deps, actorOf(req), { id: req.params.id, approve: req.params.approved === '1' || req.params.approved === 'true', declineReason: req.body?.reason ?? '', note: req.body?.note ?? '', handTasksTo: req.body?.handTasksTo ?? null }),
  });

  r.get('/appointment/:id/warnings', {
    config: { access: { anyOf: ['urlaub_antrag_stellen', ...PROCESS] } },
    schema: { tags, summary: 'Warnungen eines Antrags nach heutigem Stand (Mindestbesetzung, abwesende Vertretung), vor der Entscheidung', params: ZId, response: { 200: ZVacationWarningsResponse } },
    handler: (req) => vacation.currentWarnings(deps, actorOf(req), req.params.id),
  });

  r.get('/deputyrequests', {
    config: { access: { permission: 'urlaub_menu_sehen' } },
    schema: { tags, summary: 'Anträge, in denen man als Vertretung eingetragen ist (ab heute)', response: { 200: ZDeputyRequestsResponse } },
    handler: (req) => deputies.deputyRequests(deps, actorOf(req)),
  });

  r.post('/appointment/:id/deputy/decline', {
    config: { access: { permission: 'urlaub_menu_sehen' } },
    schema: { tags, summary: 'Als Vertretung ablehnen, mit Begründung { reason }', params: ZId, body: ZDeputyDecline, response: { 200: ZDeputyRequestsResponse } },
    handler: (req) => deputies.declineDeputy(deps, actorOf(req), { id: req.params.id, reason: req.body.reason }),
  });

  r.get('/deputycandidates', {
    config: { access: { permission: 'urlaub_antrag_stellen' } },
    schema: { tags, summary: 'Wer für einen vertreten kann: aktive Kolleginnen und Kollegen des Standorts und der Gruppe', response: { 200: ZDeputyCandidatesResponse } },
    handler: (req) => deputies.deputyCandidates(deps, actorOf(req)),
  });

  r.get('/user/listallabsenceuseroverview', {
    config: { access: { permission: 'urlaub_menu_sehen' } },
    schema: {
      tags,
      summary: 'Urlaubsübersicht (Ansicht 4): Konten je Person, Standard-Sortierung teamSortIndex',
      querystring: z.object({
        from: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
        location: z.union([z.literal('all'), zId()]).optional().default('all'),
        year: ZYear,
        searchTerm: z.string().max(100).optional(),
        sort: z.string().max(30).optional(),
        previousYears: z.enum(['0', '1']).optional().transform((v) => v === '1'),
      }),
      response: { 200: ZVacationOverviewResponse },
    },
    handler: (req) => overview.vacationOverview(deps, actorOf(req), req.query),
  });

  r.post('/exportabsence/:location/:view', {
    config: { access: { permission: 'urlaub_exportieren' } },
    schema: {
      tags,
      summary: 'Urlaub als XLSX: dieselben Zeilen wie die Liste; Ansicht 4 mit contingent=1 samt Vorjahren',
      params: z.object({ location: z.union([z.literal('all'), zId()]), view: z.enum(['1', '2', '3', '4', '5']) }),
      querystring: z.object({ year: ZYear, contingent: z.enum(['0', '1']).optional(), searchTerm: z.string().max(100).optional(), sort: z.string().max(30).optional() }),
    },
    handler: (req, reply) => {
      const actor = actorOf(req);
      const { location, view } = req.params;
      if (view === '4') {
        return sendXlsx(reply, {
          filename: 'Urlaubsübersicht.xlsx',
          sheet: 'Urlaubsübersicht',
          columns: overviewColumns,
          rows: overview.overviewExportRows(deps, actor, { location, year: req.query.year, searchTerm: req.query.searchTerm, sort: req.query.sort, previousYears: req.query.contingent === '1' }),
        });
      }
      return sendXlsx(reply, {
        filename: `Urlaub – ${VIEW_TITLES[view]}.xlsx`,
        sheet: VIEW_TITLES[view],
        columns: requestColumns,
        rows: vacation.vacationExportRows(deps, actor, { location, view, year: req.query.year, searchTerm: req.query.searchTerm, sort: req.query.sort }),
      });
    },
  });

  r.get('/user-contingents', {
    config: { access: { permission: 'urlaub_menu_sehen' } },
    schema: { tags, summary: 'Eigenes Urlaubskonto dieses Jahres und der Vorjahre', response: { 200: ZContingentsResponse } },
    handler: (req) => ownContingents(deps, actorOf(req)),
  });
}
