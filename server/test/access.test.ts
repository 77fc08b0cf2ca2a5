import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { count } from 'drizzle-orm';
import { ROLE_PERMISSIONS } from '@filialportal/core/role-permissions';
import { ROLE_IDENTIFIERS } from '@filialportal/core/roles';
import { describeAccess, registerAccessDeclarationCheck, type Access } from '../src/platform/access.ts';
import { users } from '../src/modules/users/users.table.ts';
import { buildTestApp, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('route access declarations', () => {
  it('lists every route with its access (a diff here changes who can reach an endpoint)', async () => {
    const lines = [...t.app.routeAccess.entries()]
      .filter(([route]) => !route.includes('/api/docs'))
      .map(([route, access]) => `${route.padEnd(40)} ${describeAccess(access)}`)
      .sort();
    await expect(lines.join('\n') + '\n').toMatchFileSnapshot('./__snapshots__/route-access.txt');
  });

  it('refuses to start when a route declares no access', async () => {
    const app = Fastify();
    registerAccessDeclarationCheck(app, new Map());
    expect(() => app.get('/offen', async () => 'x')).toThrow(/declares no access/);
    await app.close();
  });

  it('refuses a permission that is not in the catalogue', async () => {
    const app = Fastify();
    registerAccessDeclarationCheck(app, new Map());
    expect(() => app.get('/x', { config: { access: { permission: 'darf_alles' } } }, async () => 'x')).toThrow(/unknown permission/);
    await app.close();
  });
});

/**
 * Role × route matrix: every GET route that needs a permission is asked anonymously, by a role
 * without the permission and by one with it.
 */
describe('role × route matrix', () => {
  const holds = (role: (typeof ROLE_IDENTIFIERS)[number], access: Access) => {
    if (role === 'Admin' || access === 'public' || access === 'authenticated') return true;
    const perms = ROLE_PERMISSIONS[role];
    return 'permission' in access ? perms.includes(access.permission) : access.anyOf.some((p) => perms.includes(p));
  };
  const sample = (url: string) => url.replace(':page', '0').replace(':id', '00000000-0000-4000-8000-000000000000');

  it('answers 401 anonymously, 403 without and 2xx/404 with the permission, changing nothing', async () => {
    const [before] = await t.db.select({ n: count() }).from(users);
    const routes = [...t.app.routeAccess.entries()].filter(([key]) => key.startsWith('GET /api/') && !key.includes('/api/docs'));
    expect(routes.length).toBeGreaterThan(5);
    const roles = ['Admin', 'Personalleitung', 'Filialleitung', 'Verkauf', 'Ausgeblendet'] as const;
    const tokens = Object.fromEntries(await Promise.all(roles.map(async (r) => [r, await t.login(`${r.toLowerCase()}@example.com`)])));
    for (const [key, access] of routes) {
      const url = sample(key.slice(4));
      const anon = await t.app.inject({ method: 'GET', url });
      expect([key, anon.statusCode]).toEqual([key, access === 'public' ? anon.statusCode : 401]);
      for (const role of roles) {
        const res = await t.as(tokens[role], { method: 'GET', url });
        if (holds(role, access)) expect([key, role, res.statusCode < 500 && res.statusCode !== 403]).toEqual([key, role, true]);
        else expect([key, role, res.statusCode]).toEqual([key, role, 403]);
      }
    }
    const [after] = await t.db.select({ n: count() }).from(users);
    expect(after).toEqual(before);
  });
});
