import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, can } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { listTeams } from './teams.service.ts';

export async function teamsRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/team', {
    config: { access: 'authenticated' },
    schema: { tags: ['Benutzergruppen'], summary: 'Benutzergruppen (Rechte nur mit einstellungen_benutzergruppen_sehen)' },
    handler: async (req) => ({ teams: await listTeams(deps.db, can(actorOf(req), 'einstellungen_benutzergruppen_sehen')) }),
  });
}
