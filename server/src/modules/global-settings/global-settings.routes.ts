import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zId } from '@filialportal/core/ids';
import { ZCarryOverRequest, ZGlobalSettingsRequest, ZGlobalSettingsResponse } from '@filialportal/core/global-settings';
import { ZRetentionResponse } from '@filialportal/core/retention';
import { ADMIN_ROLE } from '@filialportal/core/roles';
import { actorOf } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { getGlobalSettings, getRetention, saveGlobalSettings, saveRetention } from './global-settings.service.ts';

export async function globalSettingsRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Globale Einstellungen'];
  r.get('/globalsettings', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Globale Einstellungen (u. a. Link der Sortiment-Tabelle)', response: { 200: ZGlobalSettingsResponse } },
    handler: () => getGlobalSettings(deps),
  });
  r.put('/globalsettings/:id', {
    // The settings concern the assortment (the Sortiment spreadsheet): its editors maintain them.
    config: { access: { permission: 'sortiment_kategorie_bearbeiten' } },
    schema: { tags, summary: 'Globale Einstellungen speichern', params: z.object({ id: zId() }), body: ZGlobalSettingsRequest, response: { 200: ZGlobalSettingsResponse } },
    handler: (req) => saveGlobalSettings(deps, actorOf(req), { id: req.params.id, globalSettings: req.body.globalSettings }),
  });
  // Retention is the data protection officer's matter; the catalogue has no right for it: Admin.
  const admin = { roles: [ADMIN_ROLE] };
  r.get('/globalsettings/retention', {
    config: { access: admin },
    schema: { tags, summary: 'Aufbewahrungsfristen je Art personenbezogener Daten (Tage)', response: { 200: ZRetentionResponse } },
    handler: () => getRetention(deps),
  });
  r.put('/globalsettings/retention', {
    config: { access: admin },
    schema: { tags, summary: 'Aufbewahrungsfristen speichern (Tage, je Art mit Unter- und Obergrenze)', body: ZRetentionResponse, response: { 200: ZRetentionResponse } },
    handler: (req) => saveRetention(deps, actorOf(req), req.body.retention),
  });
  r.put('/globalsettings/:id/carryover', {
    // The vacation rule is HR's: those who process everyone's vacation set it.
    config: { access: { permission: 'urlaub_von_allen_sehen_und_bearbeiten' } },
    schema: {
      tags,
      summary: 'Verfall übertragener Urlaubstage (TT.MM. des Folgejahres, leer: kein Verfall)',
      params: z.object({ id: zId() }),
      body: ZCarryOverRequest,
      response: { 200: ZGlobalSettingsResponse },
    },
    handler: (req) => saveGlobalSettings(deps, actorOf(req), { id: req.params.id, globalSettings: req.body.globalSettings }),
  });
}
