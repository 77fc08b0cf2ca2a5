import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DOCUMENT_SEARCH_CAP,
  DOCUMENT_SEARCH_MIN,
  DOCUMENT_SEARCH_PAGE_SIZE,
  DOCUMENT_MAX_BYTES,
  ZDocumentChangeRequest,
  ZDocumentFilesRequest,
  ZDocumentListResponse,
  ZDocumentResponse,
  ZDocumentSearchResponse,
  ZDocumentUploadQuery,
  ZDocumentUploadResponse,
  ZFolderListResponse,
  ZFolderRequest,
  ZFolderResponse,
  ZFolderShowResponse,
  ZFolderTreeLevelResponse,
  ZFolderTreeQuery,
  ZFolderTreeResponse,
  ZShortLinkRequest,
  SHORT_LINK_MAX,
} from '@filialportal/core/documents';
import { zId } from '@filialportal/core/ids';
import { MSG } from '@filialportal/core/messages';
import { actorOf, type Access } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { describedOnly, readUpload, uploadBodyLimit, uploadRoutes, uploadShape } from '../../platform/upload-body.ts';
import { sendStoredFile } from '../../platform/uploads.ts';
import { parseOr400 } from '../../platform/validation.ts';
import { changeDocument, DOCUMENT_UPLOAD, uploadDocument, uploadDocuments } from './document-files.ts';
import * as service from './documents.service.ts';
import { allFolders, folderTree } from './folder-choice.ts';

const tags = ['Dokumente'];
const SEE: Access = { anyOf: ['dokument_oder_ordner_eigene_sehen', 'dokument_oder_ordner_alle_sehen'] };
const SEARCH: Access = { anyOf: ['dokument_oder_ordner_eigene_durchsuchen', 'dokument_oder_ordner_alle_durchsuchen'] };
const CREATE: Access = { permission: 'dokument_oder_ordner_erstellen' };
const EDIT: Access = { permission: 'dokument_oder_ordner_bearbeiten' };
const DELETE: Access = { permission: 'dokument_oder_ordner_l_schen' };
const ZId = z.object({ id: zId() });
const ZOk = z.object({ ok: z.boolean() });
/** A short link or a document id in a path. */
const zToken = z.string().min(1).max(SHORT_LINK_MAX);

export async function documentsRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const url of ['/folder/list', '/folder/list/']) {
    r.get(url, {
      config: { access: SEE },
      schema: { tags, summary: 'Die obersten Ordner, die der Angemeldete sieht', response: { 200: ZFolderListResponse } },
      handler: (req) => service.topFolders(deps, actorOf(req)),
    });
  }

  r.get('/folder/listall', {
    config: { access: SEE },
    schema: { tags, summary: 'Alle sichtbaren Ordner in Baumreihenfolge (zur Auswahl des Ziels)', response: { 200: ZFolderTreeResponse } },
    handler: (req) => allFolders(deps, actorOf(req)),
  });

  r.get('/folder/tree', {
    config: { access: SEE },
    schema: {
      tags,
      summary: 'Ordnerauswahl als Baum: die oberste Ebene, die Unterordner eines Ordners (parent), alle Ebenen bis zu einem Ordner (open) oder Ordner nach Namen (term)',
      querystring: ZFolderTreeQuery,
      response: { 200: ZFolderTreeLevelResponse },
    },
    handler: (req) => folderTree(deps, actorOf(req), req.query),
  });

  r.get('/folder/show/:id', {
    config: { access: SEE },
    schema: { tags, summary: 'Ein Ordner mit Brotkrumen, Unterordnern und den ersten 50 Dokumenten', params: ZId, response: { 200: ZFolderShowResponse } },
    handler: (req) => service.showFolder(deps, actorOf(req), { id: req.params.id }),
  });

  r.get('/folder/showbyshortlink/:link', {
    config: { access: SEE },
    schema: { tags, summary: 'Ein Ordner über seinen Kurzlink', params: z.object({ link: zToken }), response: { 200: ZFolderShowResponse } },
    handler: (req) => service.showFolder(deps, actorOf(req), { link: req.params.link }),
  });

  r.get('/document/list/:from', {
    config: { access: SEE },
    schema: {
      tags,
      summary: 'Weitere Dokumente eines Ordners, 50 ab from; ohne folder die oberste Ebene (ihre Ordner)',
      params: z.object({ from: z.coerce.number().int().min(0).max(1_000_000) }),
      querystring: z.object({ folder: zId({ error: MSG.folderUnknown }).optional() }),
      response: { 200: ZDocumentListResponse },
    },
    handler: (req) => service.listDocuments(deps, actorOf(req), { folderId: req.query.folder, from: req.params.from }),
  });

  r.post('/folder', {
    config: { access: CREATE },
    schema: { tags, summary: 'Ordner anlegen (oben oder in einem Ordner mit Upload-Recht; höchstens 5 Ebenen)', body: ZFolderRequest, response: { 200: ZFolderResponse } },
    handler: (req) => service.createFolder(deps, actorOf(req), req.body.folder),
  });

  r.put('/folder', {
    config: { access: EDIT },
    schema: { tags, summary: 'Ordner ändern (id in folder.__identity): Name, Gruppen, Ort', body: ZFolderRequest, response: { 200: ZFolderResponse } },
    handler: (req) => {
      const id = req.body.folder.__identity;
      if (!id) throw badRequest(MSG.folderUnknown);
      return service.updateFolder(deps, actorOf(req), { ...req.body, id });
    },
  });

  r.delete('/folder/:id', {
    config: { access: DELETE },
    schema: { tags, summary: 'Ordner mit allem, was darin liegt, löschen', params: ZId, response: { 200: ZOk } },
    handler: (req) => service.deleteFolder(deps, actorOf(req), req.params.id),
  });

  // Files in three shapes (platform/upload-body.ts): raw bytes with the fields in the query (the
  // web), or the spec's JSON with data URLs, or multipart; the body is read after the sign-in check.
  await uploadRoutes(app, (uploads) => {
    const u = uploads.withTypeProvider<ZodTypeProvider>();
    u.post('/document', {
      config: { access: CREATE },
      bodyLimit: uploadBodyLimit(DOCUMENT_MAX_BYTES),
      validatorCompiler: describedOnly,
      schema: {
        tags,
        summary:
          'Dokumente hochladen (pdf, docx, xlsx; je 50 MB) in parent oder einen neuen Ordner newFolderName: roh als application/octet-stream (eine Datei, Felder in der Query), ' +
          'als JSON { document: { parent, teams, name }, files: [{ fileName, data: "data:…;base64,…" }], fileNames, newFolderName } oder multipart/form-data (Teil „document“ mit JSON, dazu die Dateien); ' +
          'jede Datei wird ein Dokument, alle oder keines',
        querystring: ZDocumentUploadQuery,
        body: ZDocumentFilesRequest,
        response: { 200: ZDocumentUploadResponse },
      },
      handler: async (req) => {
        const actor = actorOf(req);
        if (uploadShape(req) !== 'raw') return uploadDocuments(deps, actor, await readUpload(req, deps.storage, DOCUMENT_UPLOAD));
        const query = parseOr400(ZDocumentUploadQuery, req.query);
        return uploadDocument(deps, actor, { ...query, read: () => readUpload(req, deps.storage, DOCUMENT_UPLOAD, query.name) });
      },
    });

    u.put('/document', {
      config: { access: EDIT },
      bodyLimit: uploadBodyLimit(DOCUMENT_MAX_BYTES),
      validatorCompiler: describedOnly,
      schema: {
        tags,
        summary: 'Dokument ändern (id in document.__identity): Name, Lesegruppen, Ordner oder neuer Ordner newFolderName; mit einer Datei (JSON files/file oder multipart) ersetzt sie die Datei',
        body: ZDocumentChangeRequest,
        response: { 200: ZDocumentResponse },
      },
      handler: async (req) => changeDocument(deps, actorOf(req), await readUpload(req, deps.storage, DOCUMENT_UPLOAD)),
    });
  });

  r.delete('/document/:id', {
    config: { access: DELETE },
    schema: { tags, summary: 'Dokument löschen', params: ZId, response: { 200: ZOk } },
    handler: (req) => service.deleteDocument(deps, actorOf(req), req.params.id),
  });

  r.put('/documentsl/:id', {
    config: { access: EDIT },
    schema: { tags, summary: 'Kurzlink eines Dokuments setzen (leer: entfernen); 409, wenn vergeben', params: ZId, body: ZShortLinkRequest, response: { 200: ZDocumentResponse } },
    handler: (req) => service.setShortLink(deps, actorOf(req), { kind: 'document', id: req.params.id, link: req.body.shortLink }) as Promise<z.infer<typeof ZDocumentResponse>>,
  });

  r.put('/foldersl/:id', {
    config: { access: EDIT },
    schema: { tags, summary: 'Kurzlink eines Ordners setzen (leer: entfernen); 409, wenn vergeben', params: ZId, body: ZShortLinkRequest, response: { 200: ZFolderResponse } },
    handler: (req) => service.setShortLink(deps, actorOf(req), { kind: 'folder', id: req.params.id, link: req.body.shortLink }) as Promise<z.infer<typeof ZFolderResponse>>,
  });

  r.post('/documentsearch/:term', {
    config: { access: SEARCH },
    schema: {
      tags,
      summary: `Ordner und Dokumente nach Name, Dokumente auch nach ihrem Text (ab ${DOCUMENT_SEARCH_MIN} Zeichen): die ${DOCUMENT_SEARCH_CAP} besten Treffer, ${DOCUMENT_SEARCH_PAGE_SIZE} ab from; capped, wenn es mehr gibt`,
      params: z.object({ term: z.string().max(100, MSG.textTooLong) }),
      querystring: z.object({ from: z.coerce.number().int().min(0).max(100_000).default(0) }),
      response: { 200: ZDocumentSearchResponse },
    },
    handler: (req) => service.search(deps, actorOf(req), { term: req.params.term, from: req.query.from }),
  });

  // The file of a document by id or short link: GET with the bearer header or, as the spec's
  // shared-link route opens it, `?authTok=Bearer …` in the address; or the spec's form POST with authTok.
  for (const method of ['GET', 'POST'] as const) {
    r.route({
      method,
      url: '/download/:token',
      config: { access: SEE, tokenInQuery: method === 'GET' },
      schema: {
        tags,
        summary: method === 'GET' ? 'Dokument herunterladen (id oder Kurzlink; Token im Kopf oder als ?authTok=Bearer …)' : 'Dokument herunterladen (Formular-POST mit authTok)',
        params: z.object({ token: zToken }),
        ...(method === 'GET' ? { querystring: z.object({ authTok: z.string().max(200).optional() }) } : {}),
      },
      handler: async (req, reply) => sendStoredFile(reply, deps.storage, await service.documentFile(deps, actorOf(req), req.params.token)),
    });
  }
}
