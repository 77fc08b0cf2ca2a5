import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { expireAudit } from '../../platform/retention.ts';
import { globalSettingsRoutes } from './global-settings.routes.ts';
import { runRetentionOnce } from './global-settings.service.ts';

/** How often an instance asks whether today's retention run is still to do. */
const RETENTION_CHECK_MS = 60 * 60_000;

export { globalSettings } from './global-settings.table.ts';
export { getRetention } from './global-settings.service.ts';

/** The global-settings module: everything it serves under /api. */
export async function globalSettingsModule(app: FastifyInstance, deps: Deps) {
  // The periods live here, so the daily run does too; the trail's own expiry is the platform's.
  deps.retention.add('auditDays', expireAudit);
  deps.scheduler.every('Aufbewahrungsfristen', RETENTION_CHECK_MS, () => runRetentionOnce(deps));
  await app.register(globalSettingsRoutes, deps);
}
