import type { FastifyInstance } from 'fastify';
import { documentsErasure } from './documents-erasure.ts';
import type { Deps } from '../../platform/deps.ts';
import { documentNamesRoutes } from './document-names.ts';
import { documentsRoutes } from './documents.routes.ts';

export { documentSearch } from './documents-search.ts';

/** The document library: folders with read and upload groups, documents, short links and search, under /api. */
export async function documentsModule(app: FastifyInstance, deps: Deps) {
  deps.erasure.add(documentsErasure);
  await app.register(documentsRoutes, deps);
  await app.register(documentNamesRoutes, deps);
}
