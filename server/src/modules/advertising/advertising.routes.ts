import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADVERTISING_VIDEO_MAX_BYTES,
  ZAdvertisingFileQuery,
  ZAdvertisingListResponse,
  ZAdvertisingResponse,
  ZCreateAdvertisingQuery,
  ZCreateAdvertisingRequest,
  ZUpdateAdvertisingRequest,
} from '@filialportal/core/advertising';
import { zId } from '@filialportal/core/ids';
import { actorOf, type Access } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { sendXlsx } from '../../platform/exports.ts';
import { describedOnly, readUpload, uploadBodyLimit, uploadRoutes, uploadShape } from '../../platform/upload-body.ts';
import { sendStoredFile } from '../../platform/uploads.ts';
import { parseOr400 } from '../../platform/validation.ts';
import { ADVERTISING_UPLOAD, createRequest, fileOf, requireAdvertisingName, updateRequest } from './advertising-files.ts';
import { advertisingExport, advertisingExportColumns } from './advertising.export.ts';
import * as service from './advertising.service.ts';

const tags = ['Werbung'];
const SEE: Access = { anyOf: ['werbung_alle_sehen', 'werbung_ver_ffentlichte_sehen'] };
const ZId = z.object({ id: zId() });

export async function advertisingRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/advertising/list/:from', {
    config: { access: SEE },
    schema: {
      tags,
      summary: 'Werbung ab Position from (25 je Schritt), neuestes „anzeigen ab“ zuerst; new: seit dem letzten Besuch erschienen',
      params: z.object({ from: z.coerce.number().int().min(0).max(1_000_000) }),
      response: { 200: ZAdvertisingListResponse },
    },
    handler: (req) => service.listAdvertising(deps, actorOf(req), { from: req.params.from }),
  });

  r.get('/advertising/:id', {
    config: { access: SEE },
    schema: { tags, summary: 'Eine Werbung', params: ZId, response: { 200: ZAdvertisingResponse } },
    handler: async (req) => ({ advertising: await service.getAdvertising(deps, actorOf(req), req.params.id) }),
  });

  // Files in three shapes (platform/upload-body.ts): raw bytes with the fields in the query (the
  // web), or the spec's JSON { advertising, file } with a data URL, or multipart; limits 25 MB,
  // videos 200 MB. The body is read after the sign-in check.
  await uploadRoutes(app, (uploads) => {
    const u = uploads.withTypeProvider<ZodTypeProvider>();
    const bodyLimit = uploadBodyLimit(ADVERTISING_VIDEO_MAX_BYTES);

    u.post('/advertising', {
      config: { live: ['advertising'], access: { permission: 'werbung_erstellen' } },
      bodyLimit,
      validatorCompiler: describedOnly,
      schema: {
        tags,
        summary:
          'Werbung mit Datei anlegen: Datei roh als application/octet-stream (Felder in der Query: name, title, showFrom, dateFrom, dateTill, articles kommagetrennt), ' +
          'als JSON { advertising: { name, title, showFrom, dateFrom, dateTill, articles }, file: { fileName, data: "data:…;base64,…" } } oder multipart/form-data (Teil „advertising“ mit JSON, dazu die Datei)',
        querystring: ZCreateAdvertisingQuery,
        body: ZCreateAdvertisingRequest,
        response: { 200: ZAdvertisingResponse },
      },
      handler: async (req) => {
        const actor = actorOf(req);
        if (uploadShape(req) !== 'raw') {
          return service.createAdvertising(deps, actor, await createRequest(deps, await readUpload(req, deps.storage, ADVERTISING_UPLOAD)));
        }
        const query = parseOr400(ZCreateAdvertisingQuery, req.query);
        requireAdvertisingName(query.name);
        return service.createAdvertising(deps, actor, { advertising: query, file: fileOf((await readUpload(req, deps.storage, ADVERTISING_UPLOAD, query.name)).files) });
      },
    });

    u.put('/advertising', {
      config: { live: ['advertising'], access: { permission: 'werbung_bearbeiten' } },
      bodyLimit,
      validatorCompiler: describedOnly,
      schema: {
        tags,
        summary: 'Werbung ändern (id in advertising.__identity); mit einer Datei (JSON file oder multipart) ersetzt sie die alte, sonst bleibt die Datei',
        body: ZUpdateAdvertisingRequest,
        response: { 200: ZAdvertisingResponse },
      },
      handler: async (req) => {
        return service.updateAdvertising(deps, actorOf(req), await updateRequest(deps, await readUpload(req, deps.storage, ADVERTISING_UPLOAD)));
      },
    });

    u.post('/advertising/:id/file', {
      config: { access: { permission: 'werbung_bearbeiten' } },
      schema: { tags, summary: 'Datei einer Werbung ersetzen (roh, application/octet-stream; name: Dateiname)', params: ZId, querystring: ZAdvertisingFileQuery, response: { 200: ZAdvertisingResponse } },
      handler: async (req) => {
        requireAdvertisingName(req.query.name);
        const { files } = await readUpload(req, deps.storage, ADVERTISING_UPLOAD, req.query.name);
        return service.replaceAdvertisingFile(deps, actorOf(req), { id: req.params.id, file: fileOf(files) });
      },
    });
  });

  r.delete('/advertising/:id', {
    config: { live: ['advertising'], access: { permission: 'werbung_l_schen' } },
    schema: { tags, summary: 'Werbung mit ihrer Datei löschen', params: ZId },
    handler: async (req, reply) => {
      await service.deleteAdvertising(deps, req.params.id);
      return reply.status(204).send();
    },
  });

  for (const thumbnail of [false, true]) {
    r.get(thumbnail ? '/advertising/:id/thumbnail' : '/advertising/:id/file', {
      config: { access: SEE },
      schema: { tags, summary: thumbnail ? 'Vorschaubild einer Werbung' : 'Datei einer Werbung herunterladen', params: ZId },
      handler: async (req, reply) => sendStoredFile(reply, deps.storage, await service.advertisingFileFor(deps, actorOf(req), { id: req.params.id, thumbnail }), { disposition: thumbnail ? 'inline' : 'attachment' }),
    });
  }

  r.post('/exportadvertising/:id', {
    config: { access: SEE },
    schema: { tags, summary: 'Artikel einer Werbung mit Bestand je Standort als XLSX (Formular-POST mit authTok)', params: ZId },
    handler: async (req, reply) => {
      const { entry, rows } = await advertisingExport(deps, actorOf(req), req.params.id);
      return sendXlsx(reply, { filename: `Werbung ${entry.title}.xlsx`.replace(/[\\/:*?"<>|]/g, '_'), sheet: 'Artikel', title: entry.title, columns: advertisingExportColumns, rows });
    },
  });
}
