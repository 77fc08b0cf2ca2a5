import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { specialAppointments } from '../src/modules/special-appointments/special-appointments.table.ts';
import { locations } from '../src/modules/locations/locations.table.ts';
import { buildTestApp, type TestContext } from './helpers.ts';
import { readXlsx } from './xlsx.ts';

let t: TestContext;
let koeln: string;
let hamburg: string;
beforeAll(async () => {
  t = await buildTestApp();
  const locs = await t.db.select().from(locations);
  koeln = locs.find((l) => l.name === 'Filiale Köln')!.id;
  hamburg = locs.find((l) => l.name === 'Filiale Hamburg')!.id;
});
afterAll(() => t.close());

const total = async () => (await t.db.select({ n: count() }).from(specialAppointments))[0]!.n;
const body = (a: Record<string, unknown>) => ({ locationSpecialAppointment: a });

describe('special appointments', () => {
  it('creates one; an empty end date becomes the start date', async () => {
    const res = await t.as(await t.login('admin@example.com'), { method: 'POST', url: '/api/locationspecialappointment', payload: body({ info: 'Teamtag Hamburg', date: '2030-03-02', endDate: '', locations: [hamburg] }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().locationSpecialAppointment).toMatchObject({ info: 'Teamtag Hamburg', date: '2030-03-02', endDate: '2030-03-02', dateFormated: '02.03.2030', locationLabels: 'Filiale Hamburg' });
  });

  it.each([
    [{ info: 'Ohne Datum', date: '' }, MSG.dateRequired],
    [{ info: '', date: '2030-01-01' }, MSG.titleRequired],
    [{ info: 'Rückwärts', date: '2030-01-05', endDate: '2030-01-04' }, MSG.endBeforeStart],
    [{ info: 'Unsinn', date: '2030-02-31' }, MSG.invalidDate],
  ])('refuses %j and saves nothing', async (a, message) => {
    const before = await total();
    const res = await t.as(await t.login('admin@example.com'), { method: 'POST', url: '/api/locationspecialappointment', payload: body(a) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await total()).toBe(before);
  });

  it('check finds an overlap at a shared location or with an all-locations appointment, not elsewhere', async () => {
    const token = await t.login('admin@example.com');
    const check = (a: Record<string, unknown>) => t.as(token, { method: 'POST', url: '/api/locationspecialappointment/check', payload: body(a) });
    const hit = await check({ info: 'Neu', date: '2030-03-01', endDate: '2030-03-03', locations: [hamburg] });
    expect(hit.json()).toMatchObject({ info: 'Teamtag Hamburg', locationLabels: 'Filiale Hamburg' });
    const elsewhere = await check({ info: 'Neu', date: '2030-03-01', endDate: '2030-03-03', locations: [koeln] });
    expect(elsewhere.json()).toBe(false);
    const all = await check({ info: 'Neu', date: '2030-03-02', locations: [] });
    expect(all.json().info).toBe('Teamtag Hamburg');
    const later = await check({ info: 'Neu', date: '2030-03-03', locations: [hamburg] });
    expect(later.json()).toBe(false);
  });

  it('edits with PUT (id in the body) and does not overlap itself', async () => {
    const token = await t.login('admin@example.com');
    const [row] = await t.db.select().from(specialAppointments).where(eq(specialAppointments.info, 'Teamtag Hamburg'));
    const self = await t.as(token, { method: 'POST', url: '/api/locationspecialappointment/check', payload: body({ id: row!.id, info: 'X', date: row!.date, locations: [hamburg] }) });
    expect(self.json()).toBe(false);
    const res = await t.as(token, { method: 'PUT', url: '/api/locationspecialappointment', payload: body({ id: row!.id, info: 'Teamtag HH', date: '2030-03-02', endDate: '2030-03-04', locations: [] }) });
    expect(res.json().locationSpecialAppointment).toMatchObject({ info: 'Teamtag HH', endDate: '2030-03-04', locationLabels: 'Alle' });
  });

  it('lists current and old ones apart, with search, paging and export', async () => {
    const token = await t.login('admin@example.com');
    const current = (await t.as(token, { method: 'GET', url: '/api/locationspecialappointment/list/0' })).json();
    const old = (await t.as(token, { method: 'GET', url: '/api/locationspecialappointment/list/0?oldList=1' })).json();
    expect(current.list.map((a: { info: string }) => a.info)).toContain('Teamtag HH');
    expect(old.list.map((a: { info: string }) => a.info)).toContain('Schulung Vinylböden');
    expect(old.list.map((a: { info: string }) => a.info)).not.toContain('Teamtag HH');
    const found = (await t.as(token, { method: 'GET', url: '/api/locationspecialappointment/list/0?term=teamtag' })).json();
    expect(found.count).toBe(1);
    const rows = await readXlsx(await t.as(token, { method: 'POST', url: '/api/export-special-appointments?search=teamtag&oldList=0' }));
    expect(rows[0]).toEqual(['Titel', 'Von', 'Bis', 'Standorte']);
    expect(rows[1]![0]).toBe('Teamtag HH');
    expect(rows[1]![1]).toEqual(new Date(Date.UTC(2030, 2, 2)));
  });

  it('labels the locations of each listed row in their stored order, "Alle" for none, "Unbekannt" for a removed one', async () => {
    const token = await t.login('admin@example.com');
    const gone = '00000000-0000-4000-8000-000000000001';
    await t.db.insert(specialAppointments).values([
      { info: 'Quartalszählung Nord', date: '2031-01-10', endDate: '2031-01-10', locations: [hamburg, koeln, gone] },
      { info: 'Quartalszählung Alle', date: '2031-01-11', endDate: '2031-01-11', locations: [] },
    ]);
    const page = (await t.as(token, { method: 'GET', url: '/api/locationspecialappointment/list/0?term=quartalszählung&sort=date' })).json();
    expect(page.count).toBe(2);
    expect(page.list.map((a: { info: string; locationLabels: string }) => [a.info, a.locationLabels])).toEqual([
      ['Quartalszählung Nord', 'Filiale Hamburg, Filiale Köln, Unbekannt'],
      ['Quartalszählung Alle', 'Alle'],
    ]);
    const reversed = (await t.as(token, { method: 'GET', url: '/api/locationspecialappointment/list/0?term=quartalszählung&sort=-date' })).json();
    expect(reversed.list.map((a: { info: string }) => a.info)).toEqual(['Quartalszählung Alle', 'Quartalszählung Nord']);
    await t.db.delete(specialAppointments).where(eq(specialAppointments.date, '2031-01-10'));
    await t.db.delete(specialAppointments).where(eq(specialAppointments.date, '2031-01-11'));
  });

  it('refuses users without the permissions and deletes with DELETE {id}', async () => {
    const [row] = await t.db.select().from(specialAppointments).where(eq(specialAppointments.info, 'Teamtag HH'));
    const verkauf = await t.login('verkauf@example.com');
    expect((await t.as(verkauf, { method: 'GET', url: '/api/locationspecialappointment/list/0' })).statusCode).toBe(403);
    expect((await t.as(verkauf, { method: 'DELETE', url: '/api/locationspecialappointment', payload: { id: row!.id } })).statusCode).toBe(403);
    expect(await total()).toBeGreaterThan(0);
    const res = await t.as(await t.login('admin@example.com'), { method: 'DELETE', url: '/api/locationspecialappointment', payload: { id: row!.id } });
    expect(res.statusCode).toBe(204);
    expect((await t.db.select().from(specialAppointments).where(eq(specialAppointments.id, row!.id))).length).toBe(0);
  });
});
