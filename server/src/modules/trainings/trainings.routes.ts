import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { YEAR_MAX } from '@filialportal/core/dates';
import { zId } from '@filialportal/core/ids';
import {
  TRAINING_CATEGORIES,
  ZAttendanceRequest,
  ZForceQuery,
  ZRegisterResponse,
  ZRegisterSelfRequest,
  ZRegisterUsersRequest,
  ZTrainingListResponse,
  ZTrainingRequest,
  ZTrainingResponse,
  ZTrainingsCreatedResponse,
  ZTrainingUpdate,
  ZTrainingOverviewResponse,
  ZUserTrainingsResponse,
  ZUsersForTrainingResponse,
  ZValuationRequest,
} from '@filialportal/core/trainings';
import { parseYearFilter } from '@filialportal/core/absences';
import { actorOf, type Access } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { sendXlsx } from '../../platform/exports.ts';
import * as exportRows from './trainings.export.ts';
import * as overview from './overview.service.ts';
import * as registrations from './registrations.service.ts';
import { loadTraining } from './training-view.ts';
import * as service from './trainings.service.ts';

const tags = ['Veranstaltungen'];
const SEE: Access = { permission: 'schulung_sehen' };
const ZId = z.object({ id: zId() });
/** The year filter is free text; only a four-digit year 18xx–21xx filters (spec 3 §5). */
const ZYear = z
  .string()
  .max(20)
  .optional()
  .transform((v) => {
    const year = parseYearFilter(v ?? '');
    return year === 'invalid' ? null : year;
  });

export async function trainingRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/training/list/:from/:old', {
    config: { access: SEE },
    schema: {
      tags,
      summary: 'Veranstaltungen ab Position from; old=1: vergangene; year: ein ganzes Jahr; category: ein Reiter',
      params: z.object({ from: z.coerce.number().int().min(0).max(1_000_000), old: z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true') }),
      querystring: z.object({ year: ZYear, category: z.enum(TRAINING_CATEGORIES).optional(), limit: z.coerce.number().int().min(1).max(50).optional() }),
      response: { 200: ZTrainingListResponse },
    },
    handler: (req) => service.listTrainings(deps, actorOf(req), { from: req.params.from, old: req.params.old, year: req.query.year, category: req.query.category, limit: req.query.limit }),
  });

  r.get('/training/:id', {
    config: { access: SEE },
    schema: { tags, summary: 'Eine Veranstaltung (verknüpft aus einer Neuigkeit)', params: ZId, response: { 200: ZTrainingResponse } },
    handler: async (req) => ({ training: await loadTraining(deps, actorOf(req), req.params.id) }),
  });

  r.post('/training', {
    config: { live: ['trainings'], access: { permission: 'schulung_erstellen' } },
    schema: { tags, summary: 'Veranstaltung anlegen: eine je Datum aus dates (TT.MM.JJJJ, durch Kommas getrennt)', body: ZTrainingRequest, response: { 200: ZTrainingsCreatedResponse } },
    handler: (req) => service.createTrainings(deps, actorOf(req), req.body),
  });

  r.put('/training/:id', {
    config: { live: ['trainings'], access: { anyOf: ['schulung_bearbeiten', 'schulung_verschieben'] } },
    schema: { tags, summary: 'Veranstaltung bearbeiten; move: verschieben auf dates (ein Tag) und time', params: ZId, body: ZTrainingUpdate, response: { 200: ZTrainingResponse } },
    handler: (req) => service.updateTraining(deps, actorOf(req), { ...req.body, id: req.params.id }),
  });

  r.post('/training/:id/cancel', {
    config: { live: ['trainings', 'tasks'], access: { permission: 'schulung_absagen' } },
    schema: { tags, summary: 'Veranstaltung absagen: bleibt sichtbar, alle Angemeldeten bekommen eine E-Mail', params: ZId, response: { 200: ZTrainingResponse } },
    handler: (req) => service.cancelTraining(deps, actorOf(req), req.params.id),
  });

  r.delete('/training/:id', {
    config: { live: ['trainings', 'tasks'], access: { permission: 'schulung_bearbeiten' } },
    schema: { tags, summary: 'Veranstaltung löschen (mit Anmeldungen und Bewertungen)', params: ZId },
    handler: async (req, reply) => {
      await service.deleteTraining(deps, req.params.id);
      return reply.status(204).send();
    },
  });

  r.post('/training/registerdirect', {
    config: { live: ['tasks'], access: SEE },
    schema: {
      tags,
      summary: 'Selbst anmelden (Interessiert) oder auf die Warteliste; registerStatus 400: Warnung, mit force=1 wiederholen',
      querystring: ZForceQuery,
      body: ZRegisterSelfRequest,
      response: { 200: ZRegisterResponse },
    },
    handler: (req) => registrations.registerSelf(deps, actorOf(req), { trainingId: req.body.id, direct: req.body.directRegistration, force: req.query.force === '1' }),
  });

  r.post('/training/register/:id', {
    config: { live: ['tasks'], access: { anyOf: ['mitarbeiter_anmelden_alle', 'mitarbeiter_anmelden_eigene_filiale'] } },
    schema: { tags, summary: 'Mitarbeiter anmelden (oder auf die Warteliste setzen)', params: ZId, querystring: ZForceQuery, body: ZRegisterUsersRequest, response: { 200: ZRegisterResponse } },
    handler: (req) => registrations.registerUsers(deps, actorOf(req), { ...req.body, trainingId: req.params.id, force: req.query.force === '1' }),
  });

  r.post('/training/register/approve/:id', {
    config: { live: ['tasks'], access: SEE },
    schema: { tags, summary: 'Anmeldung bestätigen (Genehmigt); Warteliste: waitinglist_can_edit oder Ansprechpartner', params: ZId, response: { 200: ZTrainingResponse } },
    handler: (req) => registrations.approveRegistration(deps, actorOf(req), req.params.id),
  });

  r.post('/training/register/decline/:id', {
    config: { live: ['tasks'], access: SEE },
    schema: { tags, summary: 'Anmeldung ablehnen oder selbst zurückziehen; der Erste der Warteliste rückt nach', params: ZId, response: { 200: ZTrainingResponse } },
    handler: (req) => registrations.declineRegistration(deps, actorOf(req), req.params.id),
  });

  r.post('/training/register/attendance/:id', {
    config: { live: ['tasks'], access: SEE },
    schema: { tags, summary: 'Nach der Veranstaltung: erschienen oder nicht (Ansprechpartner oder old_training_participant_list_can_edit)', params: ZId, body: ZAttendanceRequest, response: { 200: ZTrainingResponse } },
    handler: (req) => registrations.markAttendance(deps, actorOf(req), { registrationId: req.params.id, attended: req.body.attended }),
  });

  r.post('/valuation', {
    config: { live: ['tasks'], access: SEE },
    schema: { tags, summary: 'Veranstaltung bewerten (einmal, nach der Veranstaltung, mit bestätigter Anmeldung)', body: ZValuationRequest, response: { 200: ZTrainingResponse } },
    handler: (req) => registrations.rateTraining(deps, actorOf(req), req.body.valuation),
  });

  r.get('/user/listallfortraining', {
    config: { access: { anyOf: ['mitarbeiter_anmelden_alle', 'mitarbeiter_anmelden_eigene_filiale', 'schulung_erstellen', 'schulung_bearbeiten'] } },
    schema: { tags, summary: 'Personen zum Anmelden (registrable) und als Ansprechpartner', response: { 200: ZUsersForTrainingResponse } },
    handler: (req) => service.usersForTraining(deps, actorOf(req)),
  });

  const ZExportId = z.object({ id: zId() });
  r.post('/exporttraining/:id', {
    config: { access: SEE },
    schema: { tags, summary: 'Teilnehmerliste als XLSX (mit Warteliste); Ansprechpartner oder teilnehmerliste_herunterladen_*', params: ZExportId },
    handler: async (req, reply) => {
      const { training, rows } = await exportRows.participantRows(deps, actorOf(req), { trainingId: req.params.id, approvedOnly: false });
      return sendXlsx(reply, { filename: `Teilnehmer ${training.title} ${training.dateFormated}.xlsx`, sheet: 'Teilnehmer', columns: exportRows.participantColumns, rows });
    },
  });

  r.post('/exportcurrenttraining/:id', {
    config: { access: SEE },
    schema: { tags, summary: 'Anwesenheitsliste der bestätigten Teilnehmer als XLSX (mit Spalte zum Unterschreiben)', params: ZExportId },
    handler: async (req, reply) => {
      const { training, rows } = await exportRows.participantRows(deps, actorOf(req), { trainingId: req.params.id, approvedOnly: true });
      return sendXlsx(reply, { filename: `Anwesenheit ${training.title} ${training.dateFormated}.xlsx`, sheet: 'Anwesenheit', columns: exportRows.attendanceColumns, rows });
    },
  });

  r.post('/exporttrainingratings/:id', {
    config: { access: { anyOf: ['bewertungen_herunterladen_alle', 'bewertungen_herunterladen_eigene_filiale'] } },
    schema: { tags, summary: 'Bewertungen als XLSX, eine Spalte je Frage', params: ZExportId },
    handler: async (req, reply) => {
      const { training, columns, rows } = await exportRows.ratingRows(deps, actorOf(req), req.params.id);
      return sendXlsx(reply, { filename: `Bewertungen ${training.title} ${training.dateFormated} (${rows.length} von ${training.countApprovedAppointments}).xlsx`, sheet: 'Bewertungen', columns, rows });
    },
  });

  const OVERVIEW: Access = { permission: 'training_overview_list_can_see' };
  const ZOverviewParams = z.object({ locationId: z.union([z.literal('all'), zId()]) });
  const ZOverviewQuery = z.object({ year: z.coerce.number().int().min(0).max(YEAR_MAX).optional(), search: z.string().max(100).optional(), sort: z.string().max(20).optional() });
  r.get('/trainingoverview/:locationId', {
    config: { access: OVERVIEW },
    schema: { tags, summary: 'Übersicht: Veranstaltungen eines Jahres mit den bestätigten Teilnehmern eines Standorts (all: alle)', params: ZOverviewParams, querystring: ZOverviewQuery, response: { 200: ZTrainingOverviewResponse } },
    handler: (req) => overview.trainingOverview(deps, { locationId: req.params.locationId === 'all' ? null : req.params.locationId, year: overview.overviewYear(req.query.year), search: req.query.search, sort: req.query.sort }),
  });

  r.post('/exporttrainingoverview/:locationId', {
    config: { access: OVERVIEW },
    schema: { tags, summary: 'Übersicht als XLSX, eine Spalte je Teilnehmerplatz (year=0: dieses Jahr)', params: ZOverviewParams, querystring: ZOverviewQuery },
    handler: async (req, reply) => {
      const year = overview.overviewYear(req.query.year);
      const { trainings: rows } = await overview.trainingOverview(deps, { locationId: req.params.locationId === 'all' ? null : req.params.locationId, year, search: req.query.search, sort: req.query.sort });
      return sendXlsx(reply, { filename: `Veranstaltungen Übersicht ${year}.xlsx`, sheet: 'Übersicht', columns: overview.overviewColumns(rows), rows });
    },
  });

  r.get('/usertrainings', {
    config: { access: SEE },
    schema: { tags, summary: 'Eigene Anmeldungen ab heute (Dashboard)', response: { 200: ZUserTrainingsResponse } },
    handler: (req) => service.ownTrainings(deps, actorOf(req)),
  });
}
