import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { locations } from '../src/modules/locations/locations.table.ts';
import { buildTestApp, type TestContext } from './helpers.ts';
import { readXlsx } from './xlsx.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const locCount = async () => (await t.db.select({ n: count() }).from(locations))[0]!.n;
const location = (over: Record<string, unknown> = {}) => ({
  location: { name: 'Filiale Bremen', shortName: 'HB', street: 'Am Wall 1', zip: '28195', city: 'Bremen', region: 'HB', ip: '10.0.5.1, 10.0.5.2', position: 10, ...over },
});

describe('POST /api/location', () => {
  it('creates a location with a normalised IP list', async () => {
    const res = await t.as(await t.login('admin@example.com'), { method: 'POST', url: '/api/location', payload: location({ ip: ' 10.0.5.1 ,10.0.5.2 ' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().location).toMatchObject({ name: 'Filiale Bremen', label: 'Filiale Bremen', region: 'HB', ip: '10.0.5.1, 10.0.5.2', position: 10, hideInSortiment: false });
  });

  it.each([
    ['no street', { street: '' }, MSG.fillAllFields],
    ['no zip', { zip: '  ' }, MSG.fillAllFields],
    ['no IP', { ip: '' }, MSG.fillAllFields],
    ['an invalid IP', { ip: '10.0.0.1, 300.1.1.1' }, MSG.ipInvalid],
    ['an IP with letters', { ip: 'localhost' }, MSG.ipInvalid],
    ['an unknown region', { region: 'XX' }, MSG.fillAllFields],
    ['no position', { position: '' }, MSG.fillAllFields],
    ['a taken name', {}, MSG.locationNameTaken],
  ])('refuses %s and saves nothing', async (_what, over, message) => {
    const before = await locCount();
    const res = await t.as(await t.login('admin@example.com'), { method: 'POST', url: '/api/location', payload: location(over) });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.message).toBe(message);
    expect(await locCount()).toBe(before);
  });

  it('403 without einstellungen_standorte_erstellen', async () => {
    const before = await locCount();
    const res = await t.as(await t.login('filialleitung@example.com'), { method: 'POST', url: '/api/location', payload: location({ name: 'Neu' }) });
    expect(res.statusCode).toBe(403);
    expect(await locCount()).toBe(before);
  });
});

describe('PUT and DELETE /api/location/{id}', () => {
  it('saves changes and applies a new IP list to the IP rule at once', async () => {
    const [bremen] = await t.db.select().from(locations).where(eq(locations.name, 'Filiale Bremen'));
    const token = await t.login('admin@example.com');
    const res = await t.as(token, { method: 'PUT', url: `/api/location/${bremen!.id}`, payload: location({ city: 'Bremen-Mitte', hideInSortiment: true }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().location).toMatchObject({ city: 'Bremen-Mitte', hideInSortiment: true });
    // 10.0.5.1 is now an allowed address for staff without external login.
    const verkauf = await t.login('verkauf@example.com');
    const fromBremen = await t.app.inject({ method: 'GET', url: '/api/user', remoteAddress: '10.0.5.1', headers: { authorization: `Bearer ${verkauf}` } });
    expect(fromBremen.statusCode).toBe(200);
  });

  it('refuses deleting a location that still has users, and deletes an empty one', async () => {
    const token = await t.login('admin@example.com');
    const [koeln] = await t.db.select().from(locations).where(eq(locations.name, 'Filiale Köln'));
    const used = await t.as(token, { method: 'DELETE', url: `/api/location/${koeln!.id}` });
    expect(used.statusCode).toBe(409);
    expect(used.json().error.message).toBe(MSG.locationInUse);
    const [bremen] = await t.db.select().from(locations).where(eq(locations.name, 'Filiale Bremen'));
    const noRight = await t.as(await t.login('verkauf@example.com'), { method: 'DELETE', url: `/api/location/${bremen!.id}` });
    expect(noRight.statusCode).toBe(403);
    const ok = await t.as(token, { method: 'DELETE', url: `/api/location/${bremen!.id}` });
    expect(ok.statusCode).toBe(204);
    expect((await t.as(token, { method: 'DELETE', url: `/api/location/${bremen!.id}` })).statusCode).toBe(404);
  });
});

describe('GET /api/location/list/9999 (every location, kept between changes)', () => {
  const all = async (token: string, query = '') => (await t.as(token, { method: 'GET', url: `/api/location/list/9999${query}` })).json();

  it('shows each change at once, two in the same moment and one written past the API included', async () => {
    const admin = await t.login('admin@example.com');
    const [koeln] = await t.db.select().from(locations).where(eq(locations.name, 'Filiale Köln'));
    const before = await all(admin);
    expect(before.locations.find((l: { id: string }) => l.id === koeln!.id).city).toBe(koeln!.city);
    await t.db.update(locations).set({ city: 'Köln-Ehrenfeld', updatedAt: koeln!.updatedAt }).where(eq(locations.id, koeln!.id));
    expect((await all(admin)).locations.find((l: { id: string }) => l.id === koeln!.id).city).toBe('Köln-Ehrenfeld');
    await t.db.update(locations).set({ city: koeln!.city, updatedAt: koeln!.updatedAt }).where(eq(locations.id, koeln!.id));
    expect(await all(admin)).toEqual(before);
    const created = await t.as(admin, { method: 'POST', url: '/api/location', payload: location({ name: 'Filiale Kiel', region: 'SH', ip: '10.0.9.1' }) });
    const kiel = created.json().location.id as string;
    expect((await all(admin)).count).toBe(before.count + 1);
    expect((await t.as(admin, { method: 'DELETE', url: `/api/location/${kiel}` })).statusCode).toBe(204);
    expect(await all(admin)).toEqual(before);
  });

  it('keeps the IP lists for those who see the settings, and the sort asked for', async () => {
    const admin = await all(await t.login('admin@example.com'), '?sort=-city');
    const verkauf = await all(await t.login('verkauf@example.com'), '?sort=-city');
    expect(admin.locations[0]).toHaveProperty('ip');
    expect(verkauf.locations[0]).not.toHaveProperty('ip');
    expect(verkauf.locations.map((l: { id: string }) => l.id)).toEqual(admin.locations.map((l: { id: string }) => l.id));
    const cities = admin.locations.map((l: { city: string }) => l.city);
    expect(cities).toEqual([...cities].sort((a: string, b: string) => b.localeCompare(a, 'de')));
  });
});

describe('POST /api/export-locations', () => {
  it('exports all locations with German headers', async () => {
    const res = await t.as(await t.login('admin@example.com'), { method: 'POST', url: '/api/export-locations' });
    const rows = await readXlsx(res);
    expect(rows[0]).toEqual(['Name', 'Kürzel', 'Straße', 'PLZ', 'Ort', 'Bundesland', 'IP-Adressen', 'Position', 'Im Sortiment ausblenden']);
    expect(rows.length - 1).toBe(await locCount());
    expect(rows.some((r) => r[5] === 'Nordrhein-Westfalen')).toBe(true);
  });
});
