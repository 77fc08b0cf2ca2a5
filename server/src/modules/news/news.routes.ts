import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zId } from '@filialportal/core/ids';
import {
  NEWS_CATEGORIES,
  NEWS_PAGE_SIZE,
  ZCommentResponse,
  ZCommentsRequest,
  ZCommentsResponse,
  ZConfirmationsResponse,
  ZConfirmResponse,
  ZCreateCommentRequest,
  ZDeleteCommentRequest,
  ZLikeCountsRequest,
  ZLikeCountsResponse,
  ZLikeRequest,
  ZLikeResponse,
  ZLikesQuery,
  ZLikesResponse,
  ZNewsAudienceRequest,
  ZNewsAudienceResponse,
  ZNewsListResponse,
  ZNewsRequest,
  ZNewsResponse,
  ZRemindResponse,
  ZUnseenNewsResponse,
  ZUpdateCommentRequest,
} from '@filialportal/core/news';
import { actorOf, type Access } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { sendXlsx } from '../../platform/exports.ts';
import { sendStoredFile } from '../../platform/uploads.ts';
import { previewAudience } from './audience.ts';
import * as confirmationsService from './confirmations.service.ts';
import { confirmationColumns } from './news.export.ts';
import * as service from './news.service.ts';
import * as reactions from './reactions.service.ts';

const tags = ['Neuigkeiten'];
const ZId = z.object({ id: zId() });
const SEE: Access = { anyOf: ['neuigkeiten_alle_sehen', 'neuigkeiten_eigene_sehen'] };
const ZFlag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
/** A category by name or by its tab number 1–3; absent or 'all': every category. */
const ZCategory = z
  .union([z.enum(NEWS_CATEGORIES), z.enum(['1', '2', '3', 'all'])])
  .optional()
  .transform((v) => (v === undefined || v === 'all' ? null : /^\d$/.test(v) ? NEWS_CATEGORIES[Number(v) - 1]! : (v as (typeof NEWS_CATEGORIES)[number])));
/** The attachment travels as base64 inside the JSON (spec 3 §3): 10 MB as base64 plus the text, below every other limit's 16 MB. */
const NEWS_BODY_LIMIT = 15 * 1024 * 1024;

export async function newsRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/news/list/:from', {
    config: { access: SEE },
    schema: {
      tags,
      summary: 'Neuigkeiten ab Position from, neueste zuerst; view: Kategorie (Name oder 1–3), archive: Archiv (Ansicht 2)',
      params: z.object({ from: z.coerce.number().int().min(0).max(1_000_000) }),
      querystring: z.object({ view: ZCategory, archive: ZFlag.optional().default(false), limit: z.coerce.number().int().min(1).max(50).optional().default(NEWS_PAGE_SIZE) }),
      response: { 200: ZNewsListResponse },
    },
    handler: (req) => service.listNews(deps, actorOf(req), { from: req.params.from, limit: req.query.limit, archive: req.query.archive, category: req.query.view }),
  });

  r.get('/news/unseen', {
    config: { access: SEE, passive: true },
    schema: { tags, summary: 'Neuigkeiten seit dem letzten Besuch (Dialog nach der Anmeldung, Zähler)', response: { 200: ZUnseenNewsResponse } },
    handler: (req) => service.unseenNews(deps, actorOf(req)),
  });

  r.get('/news/:id', {
    config: { access: SEE },
    schema: { tags, summary: 'Eine Neuigkeit', params: ZId, response: { 200: ZNewsResponse } },
    handler: async (req) => ({ news: await service.getNews(deps, actorOf(req), req.params.id) }),
  });

  r.post('/news', {
    config: { live: ['news', 'tasks'], access: { permission: 'neuigkeiten_erstellen' } },
    bodyLimit: NEWS_BODY_LIMIT,
    schema: { tags, summary: 'Neuigkeit erstellen (Anhang als base64 in file, mit fileName)', body: ZNewsRequest, response: { 200: ZNewsResponse } },
    handler: (req) => service.createNews(deps, actorOf(req), req.body),
  });

  r.post('/news/audience', {
    config: { access: { anyOf: ['neuigkeiten_erstellen', 'neuigkeiten_bearbeiten'] } },
    schema: {
      tags,
      summary: 'Wen Gruppen und Standorte erreichen, bevor eine Neuigkeit gespeichert wird: Anzahl, je Gruppe mit Grund, die ersten Personen',
      body: ZNewsAudienceRequest,
      response: { 200: ZNewsAudienceResponse },
    },
    handler: (req) => previewAudience(deps, req.body),
  });

  r.put('/news', {
    config: { live: ['news', 'tasks'], access: { permission: 'neuigkeiten_bearbeiten' } },
    bodyLimit: NEWS_BODY_LIMIT,
    schema: { tags, summary: 'Neuigkeit ändern (mit id; file null entfernt den Anhang)', body: ZNewsRequest, response: { 200: ZNewsResponse } },
    handler: (req) => service.updateNews(deps, actorOf(req), req.body),
  });

  r.delete('/news/:id', {
    config: { live: ['news', 'tasks'], access: { permission: 'neuigkeiten_l_schen' } },
    schema: { tags, summary: 'Neuigkeit löschen', params: ZId },
    handler: async (req, reply) => {
      await service.deleteNews(deps, req.params.id);
      return reply.status(204).send();
    },
  });

  // A news attachment: GET with the bearer header (pictures in the page), or the spec's form POST
  // with authTok in a new window (spec 1 §7, spec 3 §7), which downloads it.
  for (const method of ['GET', 'POST'] as const) {
    r.route({
      method,
      url: '/download/resource/:id',
      config: { access: SEE },
      schema: { tags, summary: method === 'GET' ? 'Anhang oder Vorschaubild einer Neuigkeit' : 'Anhang einer Neuigkeit herunterladen (Formular-POST mit authTok)', params: ZId },
      handler: async (req, reply) => {
        const file = await service.visibleNewsFile(deps, actorOf(req), req.params.id);
        const inline = method === 'GET' && (file.mimeType.startsWith('image/') || file.mimeType === 'application/pdf' || file.mimeType.startsWith('video/'));
        return sendStoredFile(reply, deps.storage, file, { disposition: inline ? 'inline' : 'attachment' });
      },
    });
  }

  // Likes (spec 3 §7).
  r.post('/like', {
    config: { access: SEE },
    schema: { tags, summary: 'Liken, oder den eigenen Like zurücknehmen', body: ZLikeRequest, response: { 200: ZLikeResponse } },
    handler: (req) => reactions.toggleLike(deps, actorOf(req), req.body),
  });

  r.post('/likes', {
    config: { access: { permission: 'likes_can_see' } },
    schema: { tags, summary: 'Anzahl der Likes je Eintrag', body: ZLikeCountsRequest, response: { 200: ZLikeCountsResponse } },
    handler: (req) => reactions.likeCounts(deps, actorOf(req), { entity: req.body.entity, entityIds: req.body.entityIds ?? (req.body.entityId ? [req.body.entityId] : null) }),
  });

  r.get('/likes', {
    config: { access: { permission: 'neuigkeiten_like_benutzernamen_sehen' } },
    schema: { tags, summary: 'Wer geliked hat, mit Datum', querystring: ZLikesQuery, response: { 200: ZLikesResponse } },
    handler: (req) => reactions.likesOf(deps, actorOf(req), req.query),
  });

  // Comments (spec 3 §7).
  r.post('/comments', {
    config: { access: SEE },
    schema: { tags, summary: 'Kommentare eines Eintrags', body: ZCommentsRequest, response: { 200: ZCommentsResponse } },
    handler: (req) => reactions.commentsOf(deps, actorOf(req), req.body),
  });

  r.post('/comment', {
    config: { access: SEE },
    schema: { tags, summary: 'Kommentar schreiben', body: ZCreateCommentRequest, response: { 200: ZCommentResponse } },
    handler: (req) => reactions.addComment(deps, actorOf(req), req.body),
  });

  r.put('/comment', {
    config: { access: { anyOf: ['comments_can_edit_own', 'comments_can_edit_global'] } },
    schema: { tags, summary: 'Kommentar ändern', body: ZUpdateCommentRequest, response: { 200: ZCommentResponse } },
    handler: (req) => reactions.editComment(deps, actorOf(req), req.body),
  });

  r.delete('/comment', {
    config: { access: { permission: 'comments_can_delete' } },
    schema: { tags, summary: 'Kommentar löschen', body: ZDeleteCommentRequest },
    handler: async (req, reply) => {
      await reactions.removeComment(deps, actorOf(req), req.body.commentId);
      return reply.status(204).send();
    },
  });

  // Read confirmations of mandatory notices.
  r.post('/news/:id/confirm', {
    config: { live: ['tasks'], access: SEE },
    schema: { tags, summary: 'Gelesen und verstanden', params: ZId, response: { 200: ZConfirmResponse } },
    handler: (req) => confirmationsService.confirmNews(deps, actorOf(req), req.params.id),
  });

  const ZConfirmationsQuery = z.object({ location: zId().optional() });
  r.get('/news/:id/confirmations', {
    config: { access: { permission: 'neuigkeiten_bearbeiten' } },
    schema: { tags, summary: 'Wer bestätigt hat und wer noch nicht', params: ZId, querystring: ZConfirmationsQuery, response: { 200: ZConfirmationsResponse } },
    handler: (req) => confirmationsService.confirmations(deps, { newsId: req.params.id, locationId: req.query.location ?? null }),
  });

  r.post('/news/:id/confirmations/export', {
    config: { access: { permission: 'neuigkeiten_bearbeiten' } },
    schema: { tags, summary: 'Lesebestätigungen als XLSX (Formular-POST mit authTok)', params: ZId, querystring: ZConfirmationsQuery },
    handler: async (req, reply) => {
      const rows = await confirmationsService.confirmationRows(deps, { newsId: req.params.id, locationId: req.query.location ?? null });
      return sendXlsx(reply, { filename: 'Lesebestätigungen.xlsx', sheet: 'Lesebestätigungen', columns: confirmationColumns, rows });
    },
  });

  r.post('/news/:id/remind', {
    config: { live: ['tasks'], access: { permission: 'neuigkeiten_bearbeiten' } },
    schema: { tags, summary: 'Erinnerungsaufgabe an alle, die noch nicht bestätigt haben', params: ZId, response: { 200: ZRemindResponse } },
    handler: (req) => confirmationsService.remindPending(deps, actorOf(req), req.params.id),
  });
}
