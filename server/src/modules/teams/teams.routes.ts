import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@filialportal/core/messages';
import { zId } from '@filialportal/core/ids';
import { ZTeamListResponse, ZTeamRequest, ZTeamResponse } from '@filialportal/core/teams';
import { actorOf } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { sendXlsx } from '../../platform/exports.ts';
import { teamExportColumns } from './teams.export.ts';
import { saveTeam, teamExportRows, teamList } from './teams.service.ts';

const EDIT = { permission: 'einstellungen_benutzergruppen_bearbeiten' } as const;

export async function teamsRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Benutzergruppen'];
  r.get('/team', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'Benutzergruppen (Rechte nur mit einstellungen_benutzergruppen_sehen); je Gruppe, ob der Angemeldete sie vergeben darf', response: { 200: ZTeamListResponse } },
    handler: (req) => teamList(deps, actorOf(req)),
  });

  r.post('/team', {
    config: { access: EDIT },
    schema: { tags, summary: 'Benutzergruppe anlegen', body: ZTeamRequest, response: { 200: ZTeamResponse } },
    handler: (req) => saveTeam(deps, actorOf(req), { ...req.body, id: null }),
  });

  r.put('/team', {
    config: { access: EDIT },
    schema: { tags, summary: 'Benutzergruppe speichern (id in team.id)', body: ZTeamRequest, response: { 200: ZTeamResponse } },
    handler: (req) => {
      if (!req.body.team.id) throw badRequest(MSG.groupMissing);
      return saveTeam(deps, actorOf(req), { ...req.body, id: req.body.team.id });
    },
  });

  r.put('/team/:id', {
    config: { access: EDIT },
    schema: { tags, summary: 'Benutzergruppe speichern', params: z.object({ id: zId() }), body: ZTeamRequest, response: { 200: ZTeamResponse } },
    handler: (req) => saveTeam(deps, actorOf(req), { ...req.body, id: req.params.id }),
  });

  r.post('/export-teams', {
    config: { access: { permission: 'einstellungen_benutzergruppen_sehen' } },
    schema: { tags, summary: 'Benutzergruppen als XLSX' },
    handler: async (_req, reply) => {
      const teams = await teamExportRows(deps);
      return sendXlsx(reply, {
        filename: 'Benutzergruppen.xlsx',
        sheet: 'Benutzergruppen',
        columns: teamExportColumns,
        rows: teams,
      });
    },
  });
}
