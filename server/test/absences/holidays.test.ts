import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { schoolVacations } from '../../src/modules/absences/holidays.table.ts';
import { buildTestApp, type TestContext } from '../helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const total = async () => (await t.db.select({ n: count() }).from(schoolVacations))[0]!.n;

describe('holidays and school vacations', () => {
  it('computes the public holidays of last, this and next year for a state', async () => {
    const res = await t.as(await t.login('verkauf@example.com'), { method: 'GET', url: '/api/holidayapi/holidays/NW?year=2026' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const list = JSON.parse(body.holidayList) as { name: string; datum: string }[];
    expect(list).toContainEqual(expect.objectContaining({ name: 'Fronleichnam', datum: '2026-06-04' }));
    expect(list.map((h) => h.datum)).not.toContain('2026-12-24');
    expect(JSON.parse(body.holidayListLastYear)[0].datum).toBe('2025-01-01');
    expect(JSON.parse(body.holidayListNextYear)[0].datum).toBe('2027-01-01');
    const hh = JSON.parse((await t.as(await t.login('verkauf@example.com'), { method: 'GET', url: '/api/holidayapi/holidays/HH?year=2026' })).json().holidayList);
    expect(hh.map((h: { name: string }) => h.name)).not.toContain('Fronleichnam');
  });

  it('400 for an unknown state', async () => {
    const res = await t.as(await t.login('verkauf@example.com'), { method: 'GET', url: '/api/holidayapi/holidays/XX' });
    expect(res.statusCode).toBe(400);
  });

  it('imports school vacations from CSV and iCal and returns them with the holidays', async () => {
    const token = await t.login('admin@example.com');
    const csv = 'Bundesland;Name;Beginn;Ende\nNW;Sommerferien;13.07.2026;25.08.2026\nNordrhein-Westfalen;Herbstferien;17.10.2026;31.10.2026\nXX;Kaputt;1.1.2026;2.1.2026\n';
    const res = await t.as(token, { method: 'POST', url: '/api/schoolvacations/import', payload: { content: csv } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ imported: 2, skippedLines: [4] });
    const ical = ['BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'SUMMARY:Weihnachtsferien', 'DTSTART;VALUE=DATE:20261223', 'DTEND;VALUE=DATE:20270107', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
    const noRegion = await t.as(token, { method: 'POST', url: '/api/schoolvacations/import', payload: { content: ical } });
    expect(noRegion.json().error.message).toBe(MSG.importRegionRequired);
    const ok = await t.as(token, { method: 'POST', url: '/api/schoolvacations/import', payload: { content: ical, region: 'NW' } });
    expect(ok.json().imported).toBe(1);
    // A second import of the same file replaces, not duplicates.
    await t.as(token, { method: 'POST', url: '/api/schoolvacations/import', payload: { content: csv } });
    expect(await total()).toBe(3);
    const data = (await t.as(token, { method: 'GET', url: '/api/holidayapi/holidays/NW?year=2026' })).json();
    const vacations = JSON.parse(data.vacationList) as { name: string; start: string; end: string }[];
    expect(vacations).toContainEqual({ name: 'Weihnachtsferien', start: '2026-12-23', end: '2027-01-06' });
    expect(vacations.map((v) => v.name)).toContain('Sommerferien');
  });

  it('refuses an unreadable file and users without the location right', async () => {
    const before = await total();
    const bad = await t.as(await t.login('admin@example.com'), { method: 'POST', url: '/api/schoolvacations/import', payload: { content: 'irgendwas' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(MSG.importNothingRead);
    const refused = await t.as(await t.login('verkauf@example.com'), { method: 'POST', url: '/api/schoolvacations/import', payload: { content: 'NW;X;01.01.2026;02.01.2026' } });
    expect(refused.statusCode).toBe(403);
    expect(await total()).toBe(before);
  });

  it('imports a file of every state over years in one go, and refuses one with more than 2,000 entries', async () => {
    const token = await t.login('admin@example.com');
    const line = (i: number) => `BY;Ferien ${i};${String((i % 28) + 1).padStart(2, '0')}.03.${2030 + Math.floor(i / 28)};30.03.${2030 + Math.floor(i / 28)}`;
    const before = await total();
    const ok = await t.as(token, { method: 'POST', url: '/api/schoolvacations/import', payload: { content: Array.from({ length: 2000 }, (_, i) => line(i)).join('\n') } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().imported).toBe(2000);
    expect(await total()).toBe(before + 2000);
    const tooMany = await t.as(token, { method: 'POST', url: '/api/schoolvacations/import', payload: { content: Array.from({ length: 2001 }, (_, i) => line(i + 5000)).join('\n') } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(MSG.importTooManyEntries);
    expect(await total()).toBe(before + 2000);
  });
});
