import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zId } from '@filialportal/core/ids';
import { ZErasureResponse } from '@filialportal/core/erasure';
import {
  ZCountResponse,
  ZCreateUserRequest,
  ZCurrentUserResponse,
  ZUpdateOwnSettingsRequest,
  ZUpdateUserRequest,
  ZUserActiveResponse,
  ZUserListAllResponse,
  ZUserListResponse,
  ZUserPopupQuery,
  ZUserPopupResponse,
  ZUserResponse,
  ZUserSaveResponse,
} from '@filialportal/core/users';
import { actorOf } from '../../platform/access.ts';
import { sendXlsx } from '../../platform/exports.ts';
import { parseOr400 } from '../../platform/validation.ts';
import { userExportColumns } from './users.export.ts';
import type { Deps } from '../../platform/deps.ts';
import { ZPageParam } from '../../platform/paging.ts';
import { sendStoredFile } from '../../platform/uploads.ts';
import * as currentUser from './current-user.service.ts';
import * as dataExport from './data-export.service.ts';
import * as erase from './erase.service.ts';
import * as usersAdmin from './users-admin.service.ts';
import * as usersList from './users-list.service.ts';

const ZId = z.object({ id: zId() });
const SEE_USERS = ['einstellungen_benutzer_alle_sehen', 'einstellungen_benutzer_aus_eigener_filiale_sehen'] as const;
const EDIT_USERS = ['einstellungen_benutzer_bearbeiten', 'einstellungen_benutzer_bearbeiten_nur_freie_tage'] as const;
/** Whose screens offer a people picker: task assigners, sick report editors, vacation approvers, user settings. */
const PEOPLE_PICKERS = [
  'aufgaben_an_alle_stellen',
  'aufgaben_an_mitarbeiter_aus_eigenen_filiale_stellen',
  'krankmeldungen_von_allen_sehen_und_bearbeiten',
  'krankmeldungen_aus_eigener_filiale_sehen_und_bearbeiten',
  'urlaub_von_allen_sehen_und_bearbeiten',
  'urlaub_von_allen_untergeordneten_gruppen_sehen_und_bearbeiten',
  'urlaub_von_untergeordneten_aus_eigener_filiale_sehen_und_bearbeiten',
  ...SEE_USERS,
] as const;

export async function usersRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Benutzer'];

  r.get('/user', {
    // Also while a required second factor is not set up: the web reads from it what to show.
    config: { access: 'authenticated', beforeSecondFactor: true },
    schema: { tags, summary: 'Der angemeldete Benutzer mit Berechtigungen', response: { 200: ZCurrentUserResponse } },
    handler: (req) => currentUser.getCurrentUser(deps, actorOf(req)),
  });

  r.get('/user/list/:page', {
    config: { access: { anyOf: SEE_USERS } },
    schema: {
      tags,
      summary: 'Benutzerliste (6 pro Seite), Suche und Sortierung',
      params: ZPageParam,
      querystring: z.object({ userSearch: z.string().max(100).optional(), sort: z.string().max(40).optional() }),
      response: { 200: ZUserListResponse },
    },
    handler: (req) => usersList.listUsers(deps, actorOf(req), { page: req.params.page, search: req.query.userSearch, sort: req.query.sort }),
  });

  r.get('/user/listall', {
    config: { access: { anyOf: PEOPLE_PICKERS } },
    schema: { tags, summary: 'Alle Benutzer für Auswahllisten (Name, Standort, Gruppe)', response: { 200: ZUserListAllResponse } },
    handler: async (req, reply) => {
      const list = await usersList.pickerList(deps);
      // The browser may keep it, but asks each time whether it is still current.
      reply.header('ETag', list.etag).header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding');
      if (req.headers['if-none-match'] === list.etag) return reply.code(304 as 200).send(null as never);
      // Bytes prepared from the same schema's type; Fastify sends a Buffer as it is.
      reply.type('application/json; charset=utf-8');
      if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) return reply.header('Content-Encoding', 'gzip').send(list.gzip as never);
      return reply.send(list.json as never);
    },
  });

  r.get('/user-popup', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Karte einer Person (Name, Bild, Gruppe, Standort); ohne id die eigene', querystring: ZUserPopupQuery, response: { 200: ZUserPopupResponse } },
    handler: (req) => usersList.userPopup(deps, req.query.id ?? req.query.userId ?? actorOf(req).userId),
  });

  r.get('/user/:id', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Ein Benutzer (eigener oder mit Einstellungsrecht)', params: ZId, response: { 200: ZUserResponse } },
    handler: (req) => usersList.getUser(deps, actorOf(req), req.params.id),
  });

  r.post('/user', {
    config: { access: { permission: 'einstellungen_benutzer_erstellen' } },
    bodyLimit: 16 * 1024 * 1024,
    schema: { tags, summary: 'Benutzer anlegen', body: ZCreateUserRequest, response: { 200: ZUserResponse } },
    handler: (req) => usersAdmin.createUser(deps, actorOf(req), req.body),
  });

  // Two forms share this path (spec): the own settings (no `role`) and the settings area (with `role`).
  r.put('/user/:id', {
    config: { access: 'authenticated', formAccess: { field: 'role', anyOf: EDIT_USERS } },
    bodyLimit: 16 * 1024 * 1024,
    schema: {
      tags,
      summary: 'Benutzer speichern: eigene Einstellungen (ohne role) oder Benutzerverwaltung (mit role)',
      params: ZId,
      body: z.object({}).passthrough(),
      response: { 200: ZUserSaveResponse },
    },
    handler: (req) =>
      'role' in req.body
        ? usersAdmin.updateUser(deps, actorOf(req), { ...parseOr400(ZUpdateUserRequest, req.body), id: req.params.id })
        : currentUser.updateOwnSettings(deps, actorOf(req), { ...parseOr400(ZUpdateOwnSettingsRequest, req.body), id: req.params.id }),
  });

  r.delete('/user/:id', {
    config: { access: { permission: 'einstellungen_benutzer_l_schen' } },
    schema: { tags, summary: 'Benutzer löschen', params: ZId },
    handler: async (req, reply) => {
      await usersAdmin.deleteUser(deps, actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  });

  r.post('/user/:id/dataexport', {
    // Everyone for themselves; HR (and Admin) for anyone: the service decides, 403 otherwise.
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: 'Alle personenbezogenen Daten einer Person als ZIP: JSON je Tabelle, XLSX-Übersicht, ihre Dateien (Art. 15 DSGVO; Formular-POST mit authTok)',
      params: ZId,
    },
    handler: (req, reply) => dataExport.sendDataExport(deps, actorOf(req), { id: req.params.id, reply }),
  });

  r.get('/user/:id/erase', {
    config: { access: { roles: [...erase.ERASERS] } },
    schema: { tags, summary: 'Endgültig löschen, Vorschau: was gelöscht und was ohne die Person behalten wird (Art. 17 DSGVO)', params: ZId, response: { 200: ZErasureResponse } },
    handler: (req) => erase.erasePreview(deps, actorOf(req), req.params.id),
  });

  r.post('/user/:id/erase', {
    config: { access: { roles: [...erase.ERASERS] } },
    schema: { tags, summary: 'Eine ausgeschiedene (inaktive) Person endgültig löschen; Antwort: was gelöscht und was behalten wurde', params: ZId, response: { 200: ZErasureResponse } },
    handler: (req) => erase.erasePerson(deps, actorOf(req), req.params.id),
  });

  r.get('/activate/user/:id', {
    config: { access: { permission: 'einstellungen_benutzer_aktiv_inaktiv_setzen' } },
    schema: { tags, summary: 'Benutzer aktiv/inaktiv umschalten', params: ZId, response: { 200: ZUserActiveResponse } },
    handler: (req) => usersAdmin.toggleActive(deps, actorOf(req), req.params.id),
  });

  r.post('/export-users', {
    config: { access: { anyOf: SEE_USERS } },
    schema: { tags, summary: 'Benutzerliste als XLSX (Formular-POST mit authTok)', querystring: z.object({ userSearch: z.string().max(100).optional() }) },
    handler: (req, reply) =>
      sendXlsx(reply, {
        filename: 'Benutzer.xlsx',
        sheet: 'Benutzer',
        columns: userExportColumns,
        rows: usersList.userExportRows(deps, actorOf(req), req.query.userSearch),
      }),
  });

  r.get('/count/user/', {
    config: { access: { anyOf: SEE_USERS } },
    schema: { tags, summary: 'Anzahl Benutzer', response: { 200: ZCountResponse } },
    handler: async (req) => ({ count: await usersList.countUsers(deps, actorOf(req)) }),
  });

  r.get('/avatar/:id', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Profilbild', params: ZId },
    handler: async (req, reply) => {
      const file = await currentUser.avatarFile(deps, req.params.id);
      // A new picture is a new file id: the bytes behind an address never change.
      return sendStoredFile(reply, deps.storage, file, { disposition: 'inline', cache: 'immutable' });
    },
  });
}
