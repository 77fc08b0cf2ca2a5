import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, PERMISSION_CATEGORIES } from '@filialportal/core/permissions';
import { REGION_CODES } from '@filialportal/core/locations';
import { ROLE_IDENTIFIERS } from '@filialportal/core/roles';
import { buildTestApp, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/team', () => {
  it('lists all role groups with member counts and, for group admins, their rights', async () => {
    const res = await t.as(await t.login('admin@example.com'), { method: 'GET', url: '/api/team' });
    expect(res.statusCode).toBe(200);
    const teams = res.json().teams as { id: string; name: string; count: number; permissions?: string[]; loginTimeForDesktop?: number; subordinateUserGroups?: string[] }[];
    expect(teams.map((g) => g.name).sort()).toEqual([...ROLE_IDENTIFIERS].sort());
    const verkauf = teams.find((g) => g.name === 'Verkauf')!;
    expect(verkauf.count).toBeGreaterThanOrEqual(7);
    expect(verkauf.permissions).toContain('urlaub_antrag_stellen');
    expect(verkauf.loginTimeForDesktop).toBeGreaterThan(0);
    const fl = teams.find((g) => g.name === 'Filialleitung')!;
    expect(fl.subordinateUserGroups).toContain(teams.find((g) => g.name === 'Verkauf')!.id);
  });

  it('hides permissions and login times from others', async () => {
    const teams = (await t.as(await t.login('verkauf@example.com'), { method: 'GET', url: '/api/team' })).json().teams;
    expect(teams[0]).toHaveProperty('label');
    expect(teams[0]).not.toHaveProperty('permissions');
  });

  it('401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/team' })).statusCode).toBe(401);
  });
});

describe('GET /api/permission', () => {
  it('returns the catalogue with categories and icons', async () => {
    const body = (await t.as(await t.login('verkauf@example.com'), { method: 'GET', url: '/api/permission' })).json();
    expect(body.permissions).toHaveLength(PERMISSIONS.length);
    expect(body.permissionCategories).toHaveLength(PERMISSION_CATEGORIES.length);
    const p = body.permissions.find((x: { name: string }) => x.name === 'urlaub_r_ckdatiert_beantragen');
    expect(p.label).toBeTruthy();
    expect(p.categoryIcon).toBeTruthy();
    expect(Array.isArray(p.dependencies)).toBe(true);
  });
});

describe('GET /api/location/list/{page}', () => {
  it('pages by 6; 9999 gives all; regions are federal states', async () => {
    const token = await t.login('admin@example.com');
    const first = (await t.as(token, { method: 'GET', url: '/api/location/list/0' })).json();
    expect(first.locations).toHaveLength(6);
    const all = (await t.as(token, { method: 'GET', url: '/api/location/list/9999' })).json();
    expect(all.locations).toHaveLength(all.count);
    expect(all.count).toBeGreaterThanOrEqual(8);
    const regions = new Set(all.locations.map((l: { region: string }) => l.region));
    expect(regions.size).toBeGreaterThanOrEqual(3);
    for (const r of regions) expect(REGION_CODES).toContain(r);
    expect(all.locations[0]).toHaveProperty('ip');
    const positions = all.locations.map((l: { position: number }) => l.position);
    expect(positions).toEqual([...positions].sort((a: number, b: number) => a - b));
  });

  it('sorts by a field and hides IP lists from non-admins', async () => {
    const byCity = (await t.as(await t.login('admin@example.com'), { method: 'GET', url: '/api/location/list/9999?sort=-city' })).json();
    const cities = byCity.locations.map((l: { city: string }) => l.city);
    expect(cities).toEqual([...cities].sort((a: string, b: string) => b.localeCompare(a)));
    const verkauf = (await t.as(await t.login('verkauf@example.com'), { method: 'GET', url: '/api/location/list/9999' })).json();
    expect(verkauf.locations[0]).not.toHaveProperty('ip');
  });

  it('counts locations', async () => {
    const res = await t.as(await t.login('verkauf@example.com'), { method: 'GET', url: '/api/count/location/' });
    expect(res.json().count).toBeGreaterThanOrEqual(8);
  });

  it('400 for a page that is not a number', async () => {
    const res = await t.as(await t.login('admin@example.com'), { method: 'GET', url: '/api/location/list/abc' });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error.message).toBe('string');
  });
});

describe('platform', () => {
  it('GET /api/health answers without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves the OpenAPI description at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/token', '/api/user/list/{page}', '/api/permission']));
  });

  it('answers unknown API paths with a German 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/gibt-es-nicht' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Der Eintrag wurde nicht gefunden.');
  });
});
