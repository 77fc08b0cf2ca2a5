import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAdvertisingFileQuery, ZAdvertisingListResponse, ZAdvertisingResponse, ZCreateAdvertisingQuery, ZUpdateAdvertisingRequest } from '@filialportal/core/advertising';
import { zId } from '@filialportal/core/ids';
import { MSG } from '@filialportal/core/messages';
import { actorOf, type Access } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { sendXlsx } from '../../platform/exports.ts';
import { sendStoredFile } from '../../platform/files.ts';
import { advertisingExport, advertisingExportColumns } from './advertising.export.ts';
import * as service from './advertising.service.ts';

const tags = ['Werbung'];
const SEE: Access = { anyOf: ['werbung_alle_sehen', 'werbung_ver_ffentlichte_sehen'] };
const ZId = z.object({ id: zId() });

/** The raw upload of a request, or the spec's 'choose a file' message when there is none. */
function uploadOf(body: unknown): Readable {
  if (!body || typeof (body as { pipe?: unknown }).pipe !== 'function') throw badRequest(MSG.advertisingFileRequired);
  return body as Readable;
}

export async function advertisingRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = deps;
  // Files arrive as raw bytes and are streamed to storage by the handler, whatever their size;
  // the handler enforces the limits (25 MB, videos 200 MB).
  app.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, payload));

  r.get('/advertising/list/:from', {
    config: { access: SEE },
    schema: {
      tags,
      summary: 'Werbung ab Position from (25 je Schritt), neuestes „anzeigen ab“ zuerst; new: seit dem letzten Besuch erschienen',
      params: z.object({ from: z.coerce.number().int().min(0).max(1_000_000) }),
      response: { 200: ZAdvertisingListResponse },
    },
    handler: (req) => service.listAdvertising(db, actorOf(req), req.params.from),
  });

  r.get('/advertising/:id', {
    config: { access: SEE },
    schema: { tags, summary: 'Eine Werbung', params: ZId, response: { 200: ZAdvertisingResponse } },
    handler: async (req) => ({ advertising: await service.getAdvertising(db, actorOf(req), req.params.id) }),
  });

  r.post('/advertising', {
    config: { live: ['advertising'], access: { permission: 'werbung_erstellen' } },
    schema: {
      tags,
      summary: 'Werbung mit Datei anlegen (Datei roh als application/octet-stream; Felder in der Query: name, title, showFrom, dateFrom, dateTill, articles kommagetrennt)',
      querystring: ZCreateAdvertisingQuery,
      response: { 200: ZAdvertisingResponse },
    },
    handler: (req) => service.createAdvertising(db, storage, actorOf(req), req.query, uploadOf(req.body)),
  });

  r.put('/advertising', {
    config: { live: ['advertising'], access: { permission: 'werbung_bearbeiten' } },
    schema: { tags, summary: 'Werbung ändern (id in advertising.__identity); die Datei bleibt', body: ZUpdateAdvertisingRequest, response: { 200: ZAdvertisingResponse } },
    handler: (req) => service.updateAdvertising(db, actorOf(req), req.body.advertising),
  });

  r.post('/advertising/:id/file', {
    config: { access: { permission: 'werbung_bearbeiten' } },
    schema: { tags, summary: 'Datei einer Werbung ersetzen (roh, application/octet-stream; name: Dateiname)', params: ZId, querystring: ZAdvertisingFileQuery, response: { 200: ZAdvertisingResponse } },
    handler: (req) => service.replaceAdvertisingFile(db, storage, actorOf(req), req.params.id, req.query.name, uploadOf(req.body)),
  });

  r.delete('/advertising/:id', {
    config: { live: ['advertising'], access: { permission: 'werbung_l_schen' } },
    schema: { tags, summary: 'Werbung mit ihrer Datei löschen', params: ZId },
    handler: async (req, reply) => {
      await service.deleteAdvertising(db, storage, req.params.id);
      return reply.status(204).send();
    },
  });

  for (const thumbnail of [false, true]) {
    r.get(thumbnail ? '/advertising/:id/thumbnail' : '/advertising/:id/file', {
      config: { access: SEE },
      schema: { tags, summary: thumbnail ? 'Vorschaubild einer Werbung' : 'Datei einer Werbung herunterladen', params: ZId },
      handler: async (req, reply) => sendStoredFile(reply, storage, await service.advertisingFileFor(db, actorOf(req), req.params.id, thumbnail), thumbnail ? 'inline' : 'attachment'),
    });
  }

  r.post('/exportadvertising/:id', {
    config: { access: SEE },
    schema: { tags, summary: 'Artikel einer Werbung mit Bestand je Standort als XLSX (Formular-POST mit authTok)', params: ZId },
    handler: async (req, reply) => {
      const { entry, rows } = await advertisingExport(db, actorOf(req), req.params.id);
      return sendXlsx(reply, { filename: `Werbung ${entry.title}.xlsx`.replace(/[\\/:*?"<>|]/g, '_'), sheet: 'Artikel', title: entry.title, columns: advertisingExportColumns, rows });
    },
  });
}
