import type { FastifyInstance } from 'fastify';
import { claimsErasure } from './claims-erasure.ts';
import type { Deps } from '../../platform/deps.ts';
import { expireClaimPhotos } from './claims-retention.ts';
import { claimsRoutes } from './claims.routes.ts';

export { claimSearch } from './claims-search.ts';

/** The claims module: customer complaints, stock and haulage damage with their checklist, under /api. */
export async function claimsModule(app: FastifyInstance, deps: Deps) {
  deps.retention.add('claimPhotoDays', expireClaimPhotos);
  deps.erasure.add(claimsErasure);
  await app.register(claimsRoutes, deps);
}
