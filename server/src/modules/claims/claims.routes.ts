import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLAIM_FILE_FIELDS, claimYearFilter, ZArticleSuggestionResponse, ZChecklistRequest, ZClaimListQuery, ZClaimListResponse, ZClaimRequest, ZClaimResponse, ZStockCorrectionRequest } from '@filialportal/core/claims';
import { zId } from '@filialportal/core/ids';
import { MSG } from '@filialportal/core/messages';
import { actorOf, type Access } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { attachment, sendXlsx } from '../../platform/exports.ts';
import { sendStoredFile } from '../../platform/uploads.ts';
import { claimFileFor, deleteClaimFile, uploadClaimFile } from './claim-files.ts';
import { claimExportColumns, claimExportRows } from './claims.export.ts';
import * as service from './claims.service.ts';
import { supplierPackage } from './supplier-package.ts';

const tags = ['Beanstandungen'];
const SEE: Access = { permission: 'beanstandungen_menu_sehen' };
const ZId = z.object({ id: zId() });

export async function claimsRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Uploads arrive as raw bytes and are streamed to storage by the handler, whatever their size;
  // the handler enforces the limits (25 MB, videos 200 MB).
  app.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, payload));

  r.get('/claims/list/:from', {
    config: { access: SEE },
    schema: {
      tags,
      summary: 'Offene (completed=false) oder erledigte Beanstandungen, 25 ab from; Filter Standort, Nummer, Jahr; sort mit - für absteigend; new: seit dem letzten Besuch',
      params: z.object({ from: z.coerce.number().int().min(0).max(1_000_000) }),
      querystring: ZClaimListQuery,
      response: { 200: ZClaimListResponse },
    },
    handler: (req) => service.listClaims(deps, actorOf(req), { ...req.query, from: req.params.from }),
  });

  r.get('/claims/:id', {
    config: { access: SEE },
    schema: { tags, summary: 'Eine Beanstandung mit Checkliste und Dateien', params: ZId, response: { 200: ZClaimResponse } },
    handler: (req) => service.loadClaim(deps, actorOf(req), req.params.id),
  });

  r.post('/claims', {
    config: { live: ['claims'], access: SEE },
    schema: { tags, summary: 'Beanstandung anlegen (Nummer: Jahr und lückenlose Folge)', body: ZClaimRequest, response: { 200: ZClaimResponse } },
    handler: (req) => service.createClaim(deps, actorOf(req), req.body.claim),
  });

  r.put('/claims/:id', {
    config: { live: ['claims'], access: SEE },
    schema: { tags, summary: 'Angaben einer Beanstandung ändern (Reiter Informationen)', params: ZId, body: ZClaimRequest, response: { 200: ZClaimResponse } },
    handler: (req) => service.updateClaim(deps, actorOf(req), { ...req.body, id: req.params.id }),
  });

  r.put('/checklist/:id', {
    config: { access: SEE },
    schema: { tags, summary: 'Checkliste einer Beanstandung speichern', params: ZId, body: ZChecklistRequest, response: { 200: ZClaimResponse } },
    handler: (req) => service.updateChecklist(deps, actorOf(req), { ...req.body, id: req.params.id }),
  });

  r.post('/claims/:id/stockcorrection', {
    config: { access: { permission: 'beanstandungen_buchen' } },
    schema: {
      tags,
      summary: 'Bestandskorrektur aus der Beanstandung buchen: Pakete eines ihrer Artikel an einem Standort ausbuchen (negativ: zurückbuchen)',
      params: ZId,
      body: ZStockCorrectionRequest,
      response: { 200: ZClaimResponse },
    },
    handler: (req) => service.bookStockCorrection(deps, actorOf(req), { ...req.body, id: req.params.id }),
  });

  r.get('/claims/:id/supplierpackage', {
    config: { access: SEE },
    schema: { tags, summary: 'Lieferantenpaket: ein PDF mit Angaben, Artikeln und Fotos der Beanstandung, ohne Kundendaten', params: ZId },
    handler: async (req, reply) => {
      const { fileName, pdf } = await supplierPackage(deps, actorOf(req), req.params.id);
      return reply.type('application/pdf').header('Content-Disposition', attachment(fileName)).header('Cache-Control', 'no-store').send(pdf);
    },
  });

  r.post('/claims/:id/files/:field', {
    config: { access: SEE },
    schema: {
      tags,
      summary: 'Eine Datei zur Checkliste hochladen (roh, application/octet-stream; pdf, png, jpg, jpeg, heic, heif, mp4, hevc, mov; 25 MB, Videos 200 MB)',
      params: z.object({ id: zId(), field: z.enum(CLAIM_FILE_FIELDS) }),
      querystring: z.object({ name: z.string().trim().min(1, MSG.claimFileType).max(200, MSG.claimFileType) }),
      response: { 200: ZClaimResponse },
    },
    handler: async (req) => {
      const body = req.body as Readable | undefined;
      if (!body || typeof (body as { pipe?: unknown }).pipe !== 'function') throw badRequest(MSG.claimFileUnreadable);
      await uploadClaimFile(deps, actorOf(req), { claimId: req.params.id, field: req.params.field, fileName: req.query.name, body });
      return service.loadClaim(deps, actorOf(req), req.params.id);
    },
  });

  r.delete('/claims/:id/files/:fileId', {
    config: { access: SEE },
    schema: { tags, summary: 'Eine Datei der Checkliste entfernen', params: z.object({ id: zId(), fileId: zId() }), response: { 200: ZClaimResponse } },
    handler: async (req) => {
      await deleteClaimFile(deps, actorOf(req), { claimId: req.params.id, fileId: req.params.fileId });
      return service.loadClaim(deps, actorOf(req), req.params.id);
    },
  });

  for (const thumbnail of [false, true]) {
    r.get(thumbnail ? '/claimfile/:id/thumbnail' : '/claimfile/:id', {
      config: { access: SEE },
      schema: { tags, summary: thumbnail ? 'Vorschaubild eines Fotos einer Beanstandung' : 'Datei einer Beanstandung herunterladen', params: ZId },
      handler: async (req, reply) => {
        return sendStoredFile(reply, deps.storage, await claimFileFor(deps, actorOf(req), { id: req.params.id, thumbnail }), { disposition: thumbnail ? 'inline' : 'attachment' });
      },
    });
  }

  r.get('/claimarticle/search', {
    config: { access: SEE },
    schema: {
      tags,
      summary: 'Artikelvorschläge der Checkliste: Nummer vom Anfang an oder Dekor, höchstens 8',
      querystring: z.object({ term: z.string().max(60).default('') }),
      response: { 200: ZArticleSuggestionResponse },
    },
    handler: (req) => service.articleSuggestions(deps, req.query.term),
  });

  r.post('/exportclaim/:locationId', {
    config: { access: { permission: 'claim_can_export' } },
    schema: {
      tags,
      summary: 'Beanstandungen eines Standorts (oder all) als XLSX, optional eines Jahres (Formular-POST mit authTok)',
      params: z.object({ locationId: z.union([z.literal('all'), zId()]) }),
      querystring: z.object({ year: z.string().max(10).default('') }),
    },
    handler: async (req, reply) => {
      const year = claimYearFilter(req.query.year);
      if (year === 'invalid') throw badRequest(MSG.claimYearInvalid);
      const rows = claimExportRows(deps, actorOf(req), { locationId: req.params.locationId, year });
      return sendXlsx(reply, { filename: `Beanstandungen${year ? `-${year}` : ''}.xlsx`, sheet: 'Beanstandungen', columns: claimExportColumns, rows });
    },
  });
}
