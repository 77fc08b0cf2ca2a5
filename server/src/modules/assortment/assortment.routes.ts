import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zId } from '@filialportal/core/ids';
import {
  CATEGORY_FILE_MAX_BYTES,
  ZCategoryDeleteEntryRequest,
  ZCategoryFileRequest,
  ZCategoryFolderRename,
  ZCategoryFolderRequest,
  ZCategoryListResponse,
  ZCategoryRequest,
  ZCategoryResponse,
  ZMoveFileRequest,
} from '@filialportal/core/assortment';
import { actorOf, type Access } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { sendStoredFile } from '../../platform/uploads.ts';
import * as service from './assortment.service.ts';

const tags = ['Sortiment'];
const SEE: Access = { permission: 'sortiment_menu_sehen' };
const EDIT: Access = { permission: 'sortiment_kategorie_bearbeiten' };
const ZId = z.object({ id: zId() });
/** A technical-data file travels as base64 in JSON: 10 MB are about 13.4 MB of text, below the 16 MB every body stays under. */
const FILE_BODY_LIMIT = Math.ceil((CATEGORY_FILE_MAX_BYTES * 4) / 3) + 64 * 1024;

export async function assortmentRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/category/list/:page', {
    config: { access: SEE },
    schema: {
      tags,
      summary: 'Sortimente nach Position, mit Ansprechpartnern, Ordnern und Dateien der technischen Daten',
      params: z.object({ page: z.coerce.number().int().min(0).max(10_000) }),
      response: { 200: ZCategoryListResponse },
    },
    handler: (req) => service.listCategories(deps, req.params.page),
  });

  r.get('/category/:id', {
    config: { access: SEE },
    schema: { tags, summary: 'Ein Sortiment', params: ZId, response: { 200: ZCategoryResponse } },
    handler: (req) => service.loadCategory(deps, req.params.id),
  });

  r.post('/category', {
    config: { access: { permission: 'sortiment_kategorie_erstellen' } },
    schema: { tags, summary: 'Sortiment anlegen (mit Ansprechpartnern)', body: ZCategoryRequest, response: { 200: ZCategoryResponse } },
    handler: (req) => service.saveCategory(deps, { ...req.body, id: null }),
  });

  r.put('/category/:id', {
    config: { access: EDIT },
    schema: { tags, summary: 'Sortiment speichern; die Liste der Ansprechpartner ersetzt die bisherige', params: ZId, body: ZCategoryRequest, response: { 200: ZCategoryResponse } },
    handler: (req) => service.saveCategory(deps, { ...req.body, id: req.params.id }),
  });

  r.delete('/category/:id', {
    config: { access: { permission: 'sortiment_kategorie_l_schen' } },
    schema: { tags, summary: 'Sortiment löschen: nur ohne Artikel, mit seinen technischen Daten', params: ZId },
    handler: async (req, reply) => {
      await service.deleteCategory(deps, req.params.id);
      return reply.status(204).send();
    },
  });

  r.post('/addcategoryfolder', {
    config: { access: EDIT },
    schema: { tags, summary: 'Ordner der technischen Daten anlegen (im Hauptordner oder eine Ebene darunter)', body: ZCategoryFolderRequest, response: { 200: ZCategoryResponse } },
    handler: (req) => service.addFolder(deps, req.body),
  });

  r.put('/categoryfolder/:id', {
    config: { access: EDIT },
    schema: { tags, summary: 'Ordner der technischen Daten umbenennen', params: ZId, body: ZCategoryFolderRename, response: { 200: ZCategoryResponse } },
    handler: (req) => service.renameFolder(deps, { ...req.body, id: req.params.id }),
  });

  r.post('/addcategoryfile', {
    config: { access: EDIT },
    bodyLimit: FILE_BODY_LIMIT,
    schema: { tags, summary: 'Datei der technischen Daten hochladen (PDF, GIF, JPEG, PNG; höchstens 10 MB)', body: ZCategoryFileRequest, response: { 200: ZCategoryResponse } },
    handler: (req) => service.addFile(deps, actorOf(req), req.body),
  });

  r.post('/deletecategoryfileorfolder', {
    config: { access: EDIT },
    schema: { tags, summary: 'Datei oder Ordner (mit Inhalt) der technischen Daten löschen', body: ZCategoryDeleteEntryRequest, response: { 200: ZCategoryResponse } },
    handler: (req) => service.deleteEntry(deps, req.body),
  });

  r.post('/movefile', {
    config: { access: EDIT },
    schema: { tags, summary: 'Ausgeschnittene Datei in einen Ordner desselben Sortiments einfügen', body: ZMoveFileRequest, response: { 200: ZCategoryResponse } },
    handler: (req) => service.moveFile(deps, req.body),
  });

  r.get('/categoryfile/:id', {
    config: { access: SEE },
    schema: { tags, summary: 'Datei der technischen Daten herunterladen', params: ZId },
    handler: async (req, reply) => {
      return sendStoredFile(reply, deps.storage, await service.categoryFile(deps, req.params.id));
    },
  });
}
