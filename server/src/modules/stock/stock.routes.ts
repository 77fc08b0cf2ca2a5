import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zId } from '@filialportal/core/ids';
import {
  ARTICLE_SORTS,
  normalizeEan,
  ZArticleActiveRequest,
  ZArticleHistoryResponse,
  ZArticleListResponse,
  ZArticleRequest,
  ZArticleResponse,
  ZFilterListRequest,
  ZOfflineArticlesResponse,
  ZStockConflict,
  ZStockCheckLastResponse,
  ZStockCheckListResponse,
  ZStockCheckRequest,
  ZStockUpdateRequest,
  ZStockUpdateResponse,
} from '@filialportal/core/stock';
import { MSG } from '@filialportal/core/messages';
import { actorOf, type Access } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { sendXlsx } from '../../platform/exports.ts';
import { articleExportColumns, exportRows } from './stock.export.ts';
import { offlineArticles } from './offline-copy.ts';
import * as changes from './stock-changes.service.ts';
import * as service from './stock.service.ts';

const tags = ['Artikel und Bestand'];
const SEE: Access = { permission: 'sortiment_menu_sehen' };
const ZId = z.object({ id: zId() });
const ZFrom = z.object({ from: z.coerce.number().int().min(0).max(1_000_000).default(0) });

/** A path segment that is an id or 'null' (no filter). */
const idOrNull = z.union([z.literal('null'), zId()]).transform((v) => (v === 'null' ? null : v));
/** A free-text path segment; 'null' or empty: no filter. */
const termOrNull = (max: number) =>
  z
    .string()
    .max(max)
    .transform((v) => (v === 'null' || v.trim() === '' ? null : v.trim()));
const ZFilterPath = z.object({ category: idOrNull, manufacturer: idOrNull, decor: termOrNull(100), number: termOrNull(60) });
const ZFilterQuery = z.object({
  label: z.union([z.literal('null'), z.literal(''), zId()]).optional(),
  /** A sort key of ARTICLE_SORTS, '-' in front for descending. */
  sorting: z
    .string()
    .optional()
    .transform((v) => v ?? 'number')
    .pipe(z.string().regex(new RegExp(`^-?(${ARTICLE_SORTS.map((s) => s.replace('.', '\\.')).join('|')})$`))),
  location: zId().optional(),
});

const filterOf = (path: z.infer<typeof ZFilterPath>, query: z.infer<typeof ZFilterQuery>): service.ArticleFilter => ({
  ...path,
  label: query.label && query.label !== 'null' ? query.label : null,
  sorting: query.sorting.replace(/^-/, '') as service.ArticleFilter['sorting'],
  descending: query.sorting.startsWith('-'),
  location: query.location ?? null,
});

export async function stockRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/article/filter/:category/:manufacturer/:decor/:number/:offset', {
    config: { access: SEE },
    schema: {
      tags,
      summary: "Artikel eines Sortiments (oder aller mit 'null'), gefiltert und sortiert, 50 ab offset; location: Bestand dieses Standorts",
      params: ZFilterPath.extend({ offset: z.coerce.number().int().min(0).max(1_000_000) }),
      querystring: ZFilterQuery,
      response: { 200: ZArticleListResponse },
    },
    handler: (req) => service.filterArticles(deps, actorOf(req), { filter: filterOf(req.params, req.query), offset: req.params.offset }),
  });

  r.get('/article/listall/:category/:manufacturer/:decor/:number', {
    config: { access: SEE },
    schema: { tags, summary: "'alle Artikel laden': alle Treffer (höchstens 5.000)", params: ZFilterPath, querystring: ZFilterQuery, response: { 200: ZArticleListResponse } },
    handler: (req) => service.listAllArticles(deps, actorOf(req), filterOf(req.params, req.query)),
  });

  r.get('/article/ean/:ean', {
    config: { access: SEE },
    schema: {
      tags,
      summary: 'Artikel zu einer EAN (Haupt-EAN oder Scanliste), mit dem Bestand aller Standorte',
      params: z.object({ ean: z.string().transform(normalizeEan).pipe(z.string().regex(/^\d{8,14}$/, MSG.articleEanInvalid)) }),
      querystring: z.object({ location: zId().optional() }),
      response: { 200: ZArticleResponse },
    },
    handler: (req) => service.articleByEan(deps, actorOf(req), { ean: req.params.ean, location: req.query.location ?? null }),
  });

  r.get('/article/:id', {
    config: { access: SEE },
    schema: { tags, summary: 'Ein Artikel mit dem Bestand aller Standorte', params: ZId, querystring: z.object({ location: zId().optional() }), response: { 200: ZArticleResponse } },
    handler: (req) => service.loadArticle(deps, actorOf(req), { id: req.params.id, location: req.query.location ?? null }),
  });

  r.get('/article/:id/history', {
    config: { access: SEE },
    schema: { tags, summary: 'Bestandsänderungen eines Artikels, neueste zuerst (20 je Schritt)', params: ZId, querystring: ZFrom, response: { 200: ZArticleHistoryResponse } },
    handler: (req) => changes.articleHistory(deps, { id: req.params.id, from: req.query.from }),
  });

  r.post('/article', {
    config: { access: { permission: 'sortiment_artikel_erstellen' } },
    schema: { tags, summary: 'Artikel anlegen', body: ZArticleRequest, response: { 200: ZArticleResponse } },
    handler: (req) => service.createArticle(deps, actorOf(req), req.body.article),
  });

  r.put('/article/:id', {
    config: { access: { permission: 'sortiment_artikel_bearbeiten' } },
    schema: { tags, summary: 'Artikel speichern', params: ZId, body: ZArticleRequest, response: { 200: ZArticleResponse } },
    handler: (req) => service.updateArticle(deps, actorOf(req), { ...req.body, id: req.params.id }),
  });

  r.delete('/article/:id', {
    config: { access: { permission: 'sortiment_artikel_l_schen' } },
    schema: { tags, summary: 'Artikel löschen (mit Bestand und Historie)', params: ZId },
    handler: async (req, reply) => {
      await service.deleteArticle(deps, req.params.id);
      return reply.status(204).send();
    },
  });

  r.put('/article/:id/active', {
    config: { access: { permission: 'sortiment_artikel_aktiv_inaktiv_setzen' } },
    schema: { tags, summary: 'Artikel aktiv oder inaktiv setzen (Augen-Schaltfläche)', params: ZId, body: ZArticleActiveRequest, response: { 200: ZArticleResponse } },
    handler: (req) => service.setActive(deps, actorOf(req), { ...req.body, id: req.params.id }),
  });

  r.get('/articlebackground/:id/:color', {
    config: { access: { permission: 'sortiment_artikel_label_bearbeiten' } },
    schema: {
      tags,
      summary: "Farblabel einer Artikelzeile setzen (Id eines Farblabels) oder mit 'null' entfernen",
      params: ZId.extend({ color: idOrNull }),
      response: { 200: ZArticleResponse },
    },
    handler: (req) => service.setLabel(deps, actorOf(req), { id: req.params.id, labelId: req.params.color }),
  });

  r.post('/article/updatestock', {
    config: { access: { anyOf: ['sortiment_artikel_bestand_in_eigener_filiale_bearbeiten', 'sortiment_bei_allen_artikel_bestand_bearbeiten'] } },
    schema: {
      tags,
      summary: 'Bestand setzen: per EAN (getippt oder gescannt) oder Artikel, Anzahl, Standort; mit Eintrag in der Historie',
      description:
        'Offline gezählt: `clientChangeId` (UUID des Geräts) schreibt die Zählung einmal, eine Wiederholung antwortet mit dem ersten Ergebnis. ' +
        'Mit `baseCount` (zuletzt gesehener Bestand, null = nicht gezählt) wird eine Zählung, deren Grundlage nicht mehr stimmt, mit 409 `{current, yours}` abgelehnt.',
      body: ZStockUpdateRequest,
      response: { 200: ZStockUpdateResponse, 409: ZStockConflict },
    },
    handler: (req) => changes.updateStock(deps, actorOf(req), req.body),
  });

  r.get('/article/offline/:category', {
    config: { access: SEE },
    schema: {
      tags,
      summary: 'Artikel eines Sortiments für das Zählen ohne Netz (Nummer, EANs, Name, Dekor, Paket, Bestand am Standort), 2.000 je Schritt',
      params: z.object({ category: zId() }),
      querystring: z.object({ location: zId().optional(), after: zId().optional() }),
      response: { 200: ZOfflineArticlesResponse },
    },
    handler: (req) => offlineArticles(deps, actorOf(req), { category: req.params.category, location: req.query.location ?? null, after: req.query.after ?? null }),
  });

  r.post('/article/filterlist', {
    config: { access: SEE },
    schema: { tags, summary: 'Diese Artikel in dieser Reihenfolge (Liste einer Scan-Sitzung)', body: ZFilterListRequest, response: { 200: ZArticleListResponse } },
    handler: (req) => service.articlesByIds(deps, actorOf(req), { ids: req.body.articles, location: req.body.location ?? null }),
  });

  r.post('/locationsortimenthistory', {
    config: { access: { anyOf: ['sortiment_artikel_bestand_in_eigener_filiale_bearbeiten', 'sortiment_bei_allen_artikel_bestand_bearbeiten'] } },
    schema: { tags, summary: 'Bestandsprüfung eines Sortiments an einem Standort abschließen', body: ZStockCheckRequest, response: { 200: ZStockCheckLastResponse } },
    handler: (req) => changes.recordStockCheck(deps, actorOf(req), req.body.locationSortimentHistory),
  });

  r.get('/locationsortimenthistory/:sortiment', {
    config: { access: SEE },
    schema: { tags, summary: 'Letzte Bestandsprüfung des Sortiments je Standort', params: z.object({ sortiment: zId() }), response: { 200: ZStockCheckLastResponse } },
    handler: (req) => changes.lastChecks(deps, req.params.sortiment),
  });

  r.get('/locationsortimenthistory/:sortiment/:location', {
    config: { access: SEE },
    schema: { tags, summary: 'Bestandsprüfungen des Sortiments an einem Standort, neueste zuerst (20 je Schritt)', params: z.object({ sortiment: zId(), location: zId() }), querystring: ZFrom, response: { 200: ZStockCheckListResponse } },
    handler: (req) => changes.checksAt(deps, { sortiment: req.params.sortiment, location: req.params.location, from: req.query.from }),
  });

  r.post('/export/:category/:manufacturer/:decor/:quality/:offset/:count', {
    config: { access: { permission: 'sortiment_artikel_exportieren' } },
    schema: {
      tags,
      summary: 'Artikel als XLSX: derselbe Filter wie die Liste, so viele wie geladen (count)',
      params: z.object({
        category: idOrNull,
        manufacturer: idOrNull,
        decor: termOrNull(100),
        quality: termOrNull(100),
        offset: z.coerce.number().int().min(0).max(1_000_000),
        count: z.coerce.number().int().min(0).max(1_000_000),
      }),
      querystring: ZFilterQuery,
    },
    handler: async (req, reply) => {
      const f = { ...filterOf({ ...req.params, number: null }, req.query), quality: req.params.quality };
      return sendXlsx(reply, { filename: 'Artikel.xlsx', sheet: 'Artikel', columns: articleExportColumns, rows: exportRows(deps, actorOf(req), { filter: f, offset: req.params.offset, count: req.params.count }) });
    },
  });
}
