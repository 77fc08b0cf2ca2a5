import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { YEAR_MAX, YEAR_MIN } from '@filialportal/core/dates';
import { zId } from '@filialportal/core/ids';
import { REGION_CODES } from '@filialportal/core/locations';
import {
  ZHolidayDataResponse,
  ZSchoolVacationImport,
  ZSchoolVacationImportResponse,
  ZSchoolVacationListResponse,
} from '@filialportal/core/school-vacations';
import type { Deps } from '../../platform/deps.ts';
import * as holidays from './holidays.service.ts';

const tags = ['Feiertage und Ferien'];
/** School vacations are location data (per federal state): maintained with the location rights. */
const MAINTAIN = { permission: 'einstellungen_standorte_bearbeiten' } as const;

export async function holidaysRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/holidayapi/holidays/:region', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: 'Feiertage (berechnet) und Schulferien (importiert) des Vorjahres, Jahres und Folgejahres',
      params: z.object({ region: z.enum(REGION_CODES) }),
      querystring: z.object({ year: z.coerce.number().int().min(YEAR_MIN).max(YEAR_MAX).optional() }),
      response: { 200: ZHolidayDataResponse },
    },
    handler: (req) => holidays.holidayData(deps, { region: req.params.region, year: req.query.year }),
  });

  r.get('/schoolvacations', {
    config: { access: { permission: 'einstellungen_standorte_sehen' } },
    schema: { tags, summary: 'Importierte Schulferien', querystring: z.object({ region: z.enum(REGION_CODES).optional() }), response: { 200: ZSchoolVacationListResponse } },
    handler: (req) => holidays.listSchoolVacations(deps, req.query.region),
  });

  r.post('/schoolvacations/import', {
    config: { access: MAINTAIN },
    bodyLimit: 3 * 1024 * 1024,
    schema: { tags, summary: 'Schulferien aus CSV (Bundesland;Name;Beginn;Ende) oder iCal importieren', body: ZSchoolVacationImport, response: { 200: ZSchoolVacationImportResponse } },
    handler: (req) => holidays.importSchoolVacations(deps, { content: req.body.content, region: req.body.region ?? null }),
  });

  r.delete('/schoolvacations/:id', {
    config: { access: MAINTAIN },
    schema: { tags, summary: 'Schulferien-Eintrag löschen', params: z.object({ id: zId() }) },
    handler: async (req, reply) => {
      await holidays.deleteSchoolVacation(deps, req.params.id);
      return reply.status(204).send();
    },
  });
}
