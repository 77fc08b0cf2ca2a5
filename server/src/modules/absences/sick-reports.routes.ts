import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zId } from '@filialportal/core/ids';
import { parseYearFilter } from '@filialportal/core/absences';
import {
  ZSickCreditPreview,
  ZSickDaysResponse,
  ZSickReportListResponse,
  ZSickReportRequest,
  ZSickReportResponse,
  ZSickSummaryResponse,
} from '@filialportal/core/sick-reports';
import { actorOf } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { sendXlsx } from '../../platform/exports.ts';
import { sickReportExportColumns } from './sick-reports.export.ts';
import { describedOnly, readUpload, uploadBodyLimit, uploadRoutes, uploadShape } from '../../platform/upload-body.ts';
import { parseOr400 } from '../../platform/validation.ts';
import { CERTIFICATE_MAX_BYTES, CERTIFICATE_UPLOAD, needFile } from './sick-notes.ts';
import * as certificates from './sick-certificates.service.ts';
import * as sick from './sick-reports.service.ts';
import * as sickList from './sick-list.ts';

const tags = ['Krankmeldungen'];
const SEE = ['krankmeldungen_von_allen_sehen_und_bearbeiten', 'krankmeldungen_aus_eigener_filiale_sehen_und_bearbeiten'] as const;
const ZLocation = z.union([z.literal('all'), zId()]);
const ZYear = z.string().max(10).optional().transform((v) => {
  const y = parseYearFilter(v ?? '');
  return typeof y === 'number' ? y : null;
});
const ZList = z.object({ year: ZYear, searchTerm: z.string().max(100).optional(), sort: z.string().max(30).optional() });
const ZFrom = z.coerce.number().int().min(0).max(1_000_000);

export async function sickReportsRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/sickreport/:from/:location/:view', {
    config: { access: { anyOf: SEE } },
    schema: {
      tags,
      summary: 'Krankmeldungen: Ansicht 2 eingegangen (laufend und künftig), 3 vergangen, 4 alle; 20 ab from',
      params: z.object({ from: ZFrom, location: ZLocation, view: z.enum(['2', '3', '4']) }),
      querystring: ZList,
      response: { 200: ZSickReportListResponse },
    },
    handler: (req) => sickList.listSickReports(deps, actorOf(req), { ...req.params, ...req.query }),
  });

  r.get('/sickreport/summary/:from/:location', {
    config: { access: { anyOf: SEE } },
    schema: { tags, summary: 'Krankheitstage je Mitarbeiter (dieses und letztes Jahr)', params: z.object({ from: ZFrom, location: ZLocation }), querystring: ZList, response: { 200: ZSickSummaryResponse } },
    handler: (req) => sickList.sickSummary(deps, actorOf(req), { ...req.params, ...req.query }),
  });

  r.post('/sickreport', {
    config: { access: { anyOf: SEE } },
    schema: { tags, summary: 'Krankmeldung erfassen', body: ZSickReportRequest, response: { 200: ZSickReportResponse } },
    handler: (req) => sick.saveSickReport(deps, actorOf(req), { ...req.body, id: null }),
  });

  r.post('/sickreport/vacationcredit', {
    config: { access: { anyOf: SEE } },
    schema: {
      tags,
      summary: 'Vor dem Speichern: genehmigter Urlaub im Zeitraum und die Tage, die wegen Krankheit gutgeschrieben werden',
      body: ZSickReportRequest,
      response: { 200: ZSickCreditPreview },
    },
    handler: (req) => sick.previewSickCredit(deps, actorOf(req), req.body.sickReport),
  });

  r.put('/sickreport/:id', {
    config: { access: { anyOf: SEE } },
    schema: { tags, summary: 'Krankmeldung ändern', params: z.object({ id: zId() }), body: ZSickReportRequest, response: { 200: ZSickReportResponse } },
    handler: (req) => sick.saveSickReport(deps, actorOf(req), { ...req.body, id: req.params.id }),
  });

  r.delete('/sickreport/:id', {
    config: { access: { anyOf: ['krankmeldungen_von_allen_l_schen', 'krankmeldungen_aus_eigener_filiale_l_schen'] } },
    schema: { tags, summary: 'Krankmeldung löschen', params: z.object({ id: zId() }) },
    handler: async (req, reply) => {
      await sick.deleteSickReport(deps, actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  });

  // The certificate (Arbeitsunfähigkeitsbescheinigung): health data, only for those who handle
  // this person's sick reports; every download is recorded.
  await uploadRoutes(app, (uploads) => {
    uploads.withTypeProvider<ZodTypeProvider>().post('/sickreport/:id/certificate', {
      config: { access: { anyOf: SEE } },
      bodyLimit: uploadBodyLimit(CERTIFICATE_MAX_BYTES),
      validatorCompiler: describedOnly,
      schema: {
        tags,
        summary: 'Bescheinigung hochladen (PDF, JPEG, HEIC; höchstens 20 MB): roh als application/octet-stream mit ?name=, als JSON { file: { fileName, data } } oder multipart',
        params: z.object({ id: zId() }),
        querystring: z.object({ name: z.string().max(255).optional() }),
        response: { 200: ZSickReportResponse },
      },
      handler: async (req) => {
        const { id } = parseOr400(z.object({ id: zId() }), req.params);
        const name = uploadShape(req) === 'raw' ? parseOr400(z.object({ name: z.string().trim().min(1, 'Bitte geben Sie den Dateinamen an.').max(255) }), req.query).name : '';
        const { files } = await readUpload(req, deps.storage, CERTIFICATE_UPLOAD, name);
        return certificates.saveCertificate(deps, actorOf(req), { id, file: needFile(files) });
      },
    });
  });

  r.get('/sickreport/:id/certificate', {
    config: { access: { anyOf: SEE } },
    schema: { tags, summary: 'Bescheinigung ansehen (jeder Abruf wird protokolliert)', params: z.object({ id: zId() }) },
    handler: (req, reply) => certificates.sendCertificate(deps, actorOf(req), { id: req.params.id, reply }),
  });

  r.delete('/sickreport/:id/certificate', {
    config: { access: { anyOf: SEE } },
    schema: { tags, summary: 'Bescheinigung entfernen', params: z.object({ id: zId() }) },
    handler: async (req, reply) => {
      await certificates.deleteCertificate(deps, actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  });

  r.get('/countsickdays', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Krankheitstage dieses und letztes Jahr (eigene, oder ?userId mit Recht)', querystring: z.object({ userId: zId().optional() }), response: { 200: ZSickDaysResponse } },
    handler: (req) => sick.countSickDays(deps, actorOf(req), req.query.userId),
  });

  r.post('/exportsickreport/:location/:view', {
    config: { access: { permission: 'krankmeldungen_exportieren' } },
    schema: { tags, summary: 'Krankmeldungen als XLSX (Ansicht 2, 3, 4)', params: z.object({ location: ZLocation, view: z.enum(['2', '3', '4']) }), querystring: ZList },
    handler: async (req, reply) => {
      await sickList.recordSickExport(deps, actorOf(req), { ...req.params, ...req.query });
      return sendXlsx(reply, {
        filename: 'Krankmeldungen.xlsx',
        sheet: 'Krankmeldungen',
        columns: sickReportExportColumns,
        rows: sickList.sickExportRows(deps, actorOf(req), { ...req.params, ...req.query }),
      });
    },
  });
}
