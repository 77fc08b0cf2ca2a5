import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZUpdateOwnSettingsRequest } from '@filialportal/core/users';
import { actorOf } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { loadFile } from '../../platform/files.ts';
import { ZPageParam } from '../../platform/paging.ts';
import * as usersService from './users.service.ts';

const ZId = z.object({ id: z.uuid() });
const SEE_USERS = ['einstellungen_benutzer_alle_sehen', 'einstellungen_benutzer_aus_eigener_filiale_sehen'] as const;

export async function usersRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Benutzer'];

  r.get('/user', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Der angemeldete Benutzer mit Berechtigungen' },
    handler: (req) => usersService.getCurrentUser(deps.db, actorOf(req).userId),
  });

  r.get('/user/list/:page', {
    config: { access: { anyOf: SEE_USERS } },
    schema: {
      tags,
      summary: 'Benutzerliste (6 pro Seite), Suche und Sortierung',
      params: ZPageParam,
      querystring: z.object({ userSearch: z.string().max(100).optional(), sort: z.string().max(40).optional() }),
    },
    handler: (req) => usersService.listUsers(deps.db, actorOf(req), { page: req.params.page, search: req.query.userSearch, sort: req.query.sort }),
  });

  r.get('/user/listall', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Alle Benutzer für Auswahllisten (Name, Standort, Gruppe)' },
    handler: () => usersService.listAllUsers(deps.db),
  });

  r.get('/user/:id', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Ein Benutzer (eigener oder mit Einstellungsrecht)', params: ZId },
    handler: (req) => usersService.getUser(deps.db, actorOf(req), req.params.id),
  });

  r.put('/user/:id', {
    config: { access: 'authenticated' },
    bodyLimit: 16 * 1024 * 1024,
    schema: { tags, summary: 'Eigene Benutzereinstellungen speichern', params: ZId, body: ZUpdateOwnSettingsRequest },
    handler: (req) => usersService.updateOwnSettings(deps, actorOf(req), req.params.id, req.body),
  });

  r.get('/count/user/', {
    config: { access: { anyOf: SEE_USERS } },
    schema: { tags, summary: 'Anzahl Benutzer' },
    handler: async (req) => ({ count: await usersService.countUsers(deps.db, actorOf(req)) }),
  });

  r.get('/avatar/:id', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Profilbild', params: ZId },
    handler: async (req, reply) => {
      const file = await loadFile(deps.db, deps.storage, req.params.id);
      if (!file || !file.mimeType.startsWith('image/')) throw notFound();
      return reply.header('Cache-Control', 'private, max-age=86400, immutable').type(file.mimeType).send(file.bytes);
    },
  });
}
