import type { FastifyInstance } from 'fastify';
import { PERMISSION_CATEGORIES, PERMISSIONS } from '@filialportal/core/permissions';
import { ZPermissionCatalogueResponse } from '@filialportal/core/teams';

const categoryIcon = new Map(PERMISSION_CATEGORIES.map((c) => [c.name, c.icon]));
/** The catalogue never changes at run time, so the answer is built once. */
const answer = {
  permissions: PERMISSIONS.map((p) => ({
    id: p.name,
    name: p.name,
    label: p.label,
    category: p.category,
    categoryIcon: categoryIcon.get(p.category) ?? '',
    dependencies: p.dependencies,
    conflictingWith: p.conflictingWith,
    parentPermission: p.parentPermission,
  })),
  permissionCategories: PERMISSION_CATEGORIES,
};

export async function permissionsRoutes(app: FastifyInstance) {
  app.get('/permission', {
    config: { access: 'authenticated' },
    schema: { tags: ['Benutzergruppen'], summary: 'Berechtigungskatalog mit Kategorien', response: { 200: ZPermissionCatalogueResponse } },
    handler: async () => answer,
  });
}
