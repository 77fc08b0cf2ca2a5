import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { describeAccess, registerAccessDeclarationCheck } from '../src/platform/access.ts';
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
    // @ts-expect-error an unknown permission fails the type check already; the start-up check is the second net
    expect(() => app.get('/x', { config: { access: { permission: 'darf_alles' } } }, async () => 'x')).toThrow(/unknown permission/);
    await app.close();
  });
});
