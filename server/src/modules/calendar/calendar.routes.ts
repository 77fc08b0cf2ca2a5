import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zId } from '@filialportal/core/ids';
import { ZCalendarSaveResponse, ZCalendarWeek, ZLocationAppointmentRequest, ZLocationInfoRequest } from '@filialportal/core/calendar';
import { zIsoDate } from '@filialportal/core/dates';
import { MSG } from '@filialportal/core/messages';
import { actorOf } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { sendXlsx } from '../../platform/exports.ts';
import { exportColumns, exportRows } from './calendar.export.ts';
import { calendarWeek, saveLocationAppointment, saveLocationInfo } from './calendar.service.ts';

const tags = ['An-/Abwesenheit'];
const ZLocationParams = z.object({ location: zId({ error: MSG.calendarLocationMissing }) });
const ZWeekParams = ZLocationParams.extend({ date: zIsoDate(MSG.invalidDate) });
/** The week's path with or without its date, each with exactly its own parameters. */
const weekParams = (path: string) => (path.endsWith('/:date') ? ZWeekParams : ZLocationParams);
const dateOf = (params: object) => (params as { date?: string }).date;

export async function calendarRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const path of ['/calendar/:location', '/calendar/:location/:date']) {
    r.get(path, {
      config: { access: { permission: 'an_abwesenheit_menu_sehen' } },
      schema: {
        tags,
        summary: 'Woche (Montag bis Sonntag) eines Standorts: Zellen je Mitarbeiter, Info-Zeile, Sondertermine, Tageszahlen; ohne Datum die aktuelle Woche',
        params: weekParams(path),
        response: { 200: ZCalendarWeek },
      },
      handler: (req) => calendarWeek(deps, actorOf(req), { locationId: req.params.location, date: dateOf(req.params) }),
    });
  }

  r.post('/locationappointment', {
    config: { access: { anyOf: ['an_abwesenheit_von_allen_bearbeiten', 'an_abwesenheit_in_eigener_filiale_bearbeiten'] } },
    schema: { tags, summary: 'Status eines Mitarbeiters an einem Tag setzen (status null: Eintrag entfernen)', body: ZLocationAppointmentRequest, response: { 200: ZCalendarSaveResponse } },
    handler: (req) => saveLocationAppointment(deps, actorOf(req), req.body.locationAppointment),
  });

  r.post('/locationinfo', {
    config: {
      access: { anyOf: ['an_abwesenheit_von_allen_bearbeiten', 'an_abwesenheit_in_eigener_filiale_bearbeiten', 'an_abwesenheit_info_von_allen_bearbeiten'] },
    },
    schema: { tags, summary: 'Info-Zeile eines Standorts an einem Tag speichern (leer: entfernen)', body: ZLocationInfoRequest, response: { 200: ZCalendarSaveResponse } },
    handler: (req) => saveLocationInfo(deps, actorOf(req), req.body.locationInfo),
  });

  for (const path of ['/exportcalendar/:location', '/exportcalendar/:location/:date']) {
    r.post(path, {
      config: { access: { permission: 'an_abwesenheit_von_allen_exportieren' } },
      schema: { tags, summary: 'Die gezeigte Woche eines Standorts als XLSX', params: weekParams(path) },
      handler: async (req, reply) => {
        const week = await calendarWeek(deps, actorOf(req), { locationId: req.params.location, date: dateOf(req.params) });
        return sendXlsx(reply, {
          filename: `An-Abwesenheit ${week.location.label} KW ${week.week}-${week.year}.xlsx`,
          sheet: `KW ${week.week} ${week.year}`,
          columns: exportColumns(week),
          rows: exportRows(week),
        });
      },
    });
  }
}
