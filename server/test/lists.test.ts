import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { claimListEntries, colorLabels, manufacturers } from '../src/modules/lists/lists.table.ts';
import { buildTestApp, type TestContext } from './helpers.ts';
import { readXlsx } from './xlsx.ts';
import { loginLog } from '../src/modules/session/session.table.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const n = async (table: typeof manufacturers | typeof colorLabels | typeof claimListEntries) => (await t.db.select({ n: count() }).from(table))[0]!.n;

describe('manufacturers', () => {
  it('lists, creates, renames and deletes', async () => {
    const admin = await t.login('admin@example.com');
    const list = (await t.as(await t.login('verkauf@example.com'), { method: 'GET', url: '/api/manufacturer/list' })).json().list;
    expect(list.length).toBeGreaterThan(3);
    const created = await t.as(admin, { method: 'POST', url: '/api/manufacturer', payload: { name: 'Neuer Hersteller' } });
    expect(created.statusCode).toBe(200);
    const id = created.json().id;
    const renamed = await t.as(admin, { method: 'PUT', url: `/api/manufacturer/${id}`, payload: { name: 'Umbenannt' } });
    expect(renamed.json().name).toBe('Umbenannt');
    expect((await t.as(admin, { method: 'DELETE', url: `/api/manufacturer/${id}` })).statusCode).toBe(204);
  });
  it('refuses an empty or taken name and users without the permission', async () => {
    const admin = await t.login('admin@example.com');
    const before = await n(manufacturers);
    const empty = await t.as(admin, { method: 'POST', url: '/api/manufacturer', payload: { name: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(MSG.fillAllFields);
    const taken = await t.as(admin, { method: 'POST', url: '/api/manufacturer', payload: { name: 'Korkstudio' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(MSG.nameTaken);
    const refused = await t.as(await t.login('verkauf@example.com'), { method: 'POST', url: '/api/manufacturer', payload: { name: 'Heimlich' } });
    expect(refused.statusCode).toBe(403);
    expect(await n(manufacturers)).toBe(before);
  });
  it('exports', async () => {
    const rows = await readXlsx(await t.as(await t.login('admin@example.com'), { method: 'POST', url: '/api/export-manufacturer' }));
    expect(rows[0]).toEqual(['Hersteller']);
    expect(rows.length - 1).toBe(await n(manufacturers));
  });
});

describe('colour labels', () => {
  it('creates with {color:{name,hex}} and keeps Auslauf and Werbung fixed', async () => {
    const admin = await t.login('admin@example.com');
    const res = await t.as(admin, { method: 'POST', url: '/api/color', payload: { color: { name: 'Restposten', hex: '#FFC9C9' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().color).toMatchObject({ name: 'Restposten', hex: '#ffc9c9', editable: true });
    const list = (await t.as(admin, { method: 'GET', url: '/api/color/list?sort=-name' })).json().list;
    const werbung = list.find((c: { name: string }) => c.name === 'Werbung');
    expect(werbung.editable).toBe(false);
    const names = list.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => b.localeCompare(a)));
    const edit = await t.as(admin, { method: 'PUT', url: `/api/color/${werbung.id}`, payload: { color: { name: 'Werbung', hex: '#000000' } } });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error.message).toBe(MSG.fixedLabel);
    expect((await t.as(admin, { method: 'DELETE', url: `/api/color/${werbung.id}` })).statusCode).toBe(403);
    const after = (await t.as(admin, { method: 'GET', url: '/api/color/list' })).json().list.find((c: { name: string }) => c.name === 'Werbung');
    expect(after.hex).toBe(werbung.hex);
  });
  it.each([
    [{ name: '', hex: '#ffffff' }, MSG.nameRequired],
    [{ name: 'Ohne Farbe', hex: '' }, MSG.colorRequired],
    [{ name: 'Kaputt', hex: 'rot' }, MSG.colorRequired],
  ])('refuses %j', async (color, message) => {
    const before = await n(colorLabels);
    const res = await t.as(await t.login('admin@example.com'), { method: 'POST', url: '/api/color', payload: { color } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await n(colorLabels)).toBe(before);
  });
});

describe('claim statuses and claim lists', () => {
  it('creates a status with {status:{name}}; name required', async () => {
    const admin = await t.login('admin@example.com');
    const res = await t.as(admin, { method: 'POST', url: '/api/status', payload: { status: { name: 'Rückruf' } } });
    expect(res.statusCode).toBe(200);
    const bad = await t.as(admin, { method: 'POST', url: '/api/status', payload: { status: { name: '' } } });
    expect(bad.json().error.message).toBe(MSG.nameRequired);
    const rows = await readXlsx(await t.as(admin, { method: 'POST', url: '/api/export-status' }));
    expect(rows.map((r) => r[0])).toContain('Rückruf');
  });

  it('keeps the three claim lists apart', async () => {
    const admin = await t.login('admin@example.com');
    const created = await t.as(admin, { method: 'POST', url: '/api/claimdropdownreason', payload: { name: 'Feuchtigkeit' } });
    expect(created.statusCode).toBe(200);
    const reasons = (await t.as(admin, { method: 'GET', url: '/api/claimdropdownreason/list' })).json().list.map((e: { name: string }) => e.name);
    const qualities = (await t.as(admin, { method: 'GET', url: '/api/claimdropdownquality/list' })).json().list.map((e: { name: string }) => e.name);
    expect(reasons).toContain('Feuchtigkeit');
    expect(qualities).not.toContain('Feuchtigkeit');
    // An entry of one list cannot be changed through another.
    const wrongList = await t.as(admin, { method: 'PUT', url: `/api/claimdropdownquality/${created.json().id}`, payload: { name: 'X' } });
    expect(wrongList.statusCode).toBe(404);
    const before = await n(claimListEntries);
    const refused = await t.as(await t.login('verkauf@example.com'), { method: 'DELETE', url: `/api/claimdropdownreason/${created.json().id}` });
    expect(refused.statusCode).toBe(403);
    expect(await n(claimListEntries)).toBe(before);
    expect((await t.as(admin, { method: 'DELETE', url: `/api/claimdropdownreason/${created.json().id}` })).statusCode).toBe(204);
  });
});

describe('login log', () => {
  it('lists newest first, searches, pages and exports; only with the permission', async () => {
    await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'verkauf@example.com', password: 'falsch' } });
    const admin = await t.login('admin@example.com');
    const res = await t.as(admin, { method: 'GET', url: '/api/loginlog/list/0?term=VERKAUF' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.list.length).toBeGreaterThan(0);
    expect(body.list.every((l: { userName: string }) => l.userName.includes('verkauf'))).toBe(true);
    expect(body.list[0]).toMatchObject({ ip: '127.0.0.1', success: false, method: 'password' });
    expect(body.list[0].date).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(body.list[0].time).toMatch(/^\d{2}:\d{2}$/);
    expect((await t.as(await t.login('verkauf@example.com'), { method: 'GET', url: '/api/loginlog/list/0' })).statusCode).toBe(403);
    const rows = await readXlsx(await t.as(admin, { method: 'POST', url: '/api/export-login-logs?search=verkauf' }));
    expect(rows[0]).toEqual(['Zeitpunkt', 'Benutzername', 'IP-Adresse', 'Ort', 'Land', 'Erfolgreich', 'Methode']);
    expect(rows[1]![0]).toBeInstanceOf(Date);
    expect(rows[1]![5]).toBe('Nein');
    expect(rows[1]![6]).toBe('Passwort');
  });

  it('counts a broad search up to 1.000 and then says there are more', async () => {
    const admin = await t.login('admin@example.com');
    const entry = (i: number) => ({ userName: `kapptest${i}@example.com`, ip: '10.9.8.7', city: 'Köln', country: 'DE', success: true });
    await t.db.insert(loginLog).values(Array.from({ length: 999 }, (_, i) => entry(i)));
    const exact = (await t.as(admin, { method: 'GET', url: '/api/loginlog/list/0?term=kapptest' })).json();
    expect(exact).toMatchObject({ count: 999, more: false });
    expect(exact.list).toHaveLength(6);
    await t.db.insert(loginLog).values(Array.from({ length: 3 }, (_, i) => entry(1000 + i)));
    const capped = (await t.as(admin, { method: 'GET', url: '/api/loginlog/list/1?term=kapptest' })).json();
    expect(capped).toMatchObject({ count: 1000, more: true });
    expect(capped.list).toHaveLength(6);
    // A page past the end still knows the total.
    const past = (await t.as(admin, { method: 'GET', url: '/api/loginlog/list/500?term=kapptest' })).json();
    expect(past).toMatchObject({ list: [], count: 1000, more: true });
  });
});
