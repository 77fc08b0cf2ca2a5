import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { auditRoutes } from './audit.routes.ts';

/** The audit trail's pages (Einstellungen → Protokoll); the trail is written by platform/audit.ts. */
export async function auditModule(app: FastifyInstance, deps: Deps) {
  await app.register(auditRoutes, deps);
}
