import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CalendarWeek } from '@filialportal/core/calendar';
import { MSG } from '@filialportal/core/messages';
import { countWorkingDays } from '@filialportal/core/absences';
import { regionHolidays } from '@filialportal/core/holidays';
import { absences, contingents } from '../../src/modules/absences/absences.table.ts';
import { users } from '../../src/modules/users/users.table.ts';
import { currentYear } from '../../src/platform/dates.ts';
import { addDays, firstWeekday } from './days.ts';
import { buildTestApp, type TestContext } from '../helpers.ts';
import { readXlsx } from '../xlsx.ts';

/** Half days (dayLength): counting, overlap of a morning and an afternoon, the account, calendar and export. */
let t: TestContext;
let verkauf: string;
let koeln: string;
const NEXT = currentYear() + 1;
/** Monday of the first full week of September next year (no public holiday in NW). */
const monday = firstWeekday(`${NEXT}-09-01`, 1);

beforeAll(async () => {
  t = await buildTestApp();
  const [u] = await t.db.select().from(users).where(eq(users.email, 'verkauf@example.com'));
  verkauf = u!.id;
  koeln = u!.locationId;
  await t.db.delete(absences).where(eq(absences.userId, verkauf));
  await t.db.delete(contingents).where(eq(contingents.userId, verkauf));
  await t.db.insert(contingents).values({ userId: verkauf, year: NEXT, surplus: 0, deduction: 0 });
  await t.db.update(users).set({ holidayContingent: 30, freeDays: ['', '', '', '', '', 'Sa', 'So'] }).where(eq(users.id, verkauf));
});
afterAll(() => t.close());

const as = async (email: string, opts: Parameters<TestContext['as']>[1]) => t.as(await t.login(email), opts);
const request = (a: Record<string, unknown>) => as('verkauf@example.com', { method: 'POST', url: '/api/appointment', payload: { appointment: { userId: verkauf, ...a } } });
const account = async () =>
  (await as('verkauf@example.com', { method: 'GET', url: '/api/user-contingents' })).json().contingents.find((c: { year: number }) => c.year === NEXT) as { open: number; approvedHolidays: number };

describe('half days', () => {
  let morning: string;
  let afternoon: string;

  it('a morning request from Monday to Wednesday counts 1,5 days', async () => {
    const res = await request({ startDate: monday, endDate: addDays(monday, 2), dayLength: 'morning' });
    expect(res.statusCode).toBe(200);
    expect(res.json().appointment).toMatchObject({ countDays: 1.5, dayLength: 'morning', state: 'offen' });
    morning = res.json().appointment.id;
  });

  it('an afternoon request on the same days does not overlap the morning; a whole day or another morning does', async () => {
    const res = await request({ startDate: monday, endDate: monday, dayLength: 'afternoon' });
    expect(res.statusCode).toBe(200);
    expect(res.json().appointment).toMatchObject({ countDays: 0.5, dayLength: 'afternoon' });
    afternoon = res.json().appointment.id;
    const before = await t.db.select().from(absences).where(eq(absences.userId, verkauf));
    for (const dayLength of ['full', 'morning', 'afternoon', undefined]) {
      const refused = await request({ startDate: monday, endDate: monday, dayLength });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.message).toBe(MSG.vacationDuplicate);
    }
    expect(await t.db.select().from(absences).where(eq(absences.userId, verkauf))).toHaveLength(before.length);
  });

  it('refuses an unknown day length with a German message and saves nothing', async () => {
    const before = (await t.db.select().from(absences)).length;
    const res = await request({ startDate: addDays(monday, 7), endDate: addDays(monday, 7), dayLength: 'evening' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Bitte wählen Sie ganztägig, vormittags oder nachmittags.');
    expect((await t.db.select().from(absences)).length).toBe(before);
  });

  it('approved halves count 0,5 per day against the account', async () => {
    const before = await account();
    for (const id of [morning, afternoon]) expect((await as('filialleitung@example.com', { method: 'PUT', url: `/api/updateabsence/${id}/1` })).statusCode).toBe(200);
    const after = await account();
    expect(before.approvedHolidays).toBe(0);
    expect(after.approvedHolidays).toBe(2);
    expect(after.open).toBe(before.open - 2);
  });

  it('the quota rule (224) counts halves: 57 half days need 28,5 of the 28 remaining days', async () => {
    // 28 days remain; a morning request over 57 working days (holidays of NW skipped) needs 28,5.
    const rules = { freeDays: ['', '', '', '', '', 'Sa', 'So'], holidays: regionHolidays('NW') };
    let end = addDays(monday, 7);
    while (countWorkingDays(addDays(monday, 7), end, rules) < 57) end = addDays(end, 1);
    const res = await request({ startDate: addDays(monday, 7), endDate: end, dayLength: 'morning' });
    expect(res.statusCode).toBe(224);
    expect(res.json()).toMatchObject({ available: 28, appointment: { countDays: 28.5, exceeds: [28.5, 28] } });
    expect(res.json().message).toBe('Nur noch 28 Tage verfügbar. Antrag trotzdem stellen?');
    await as('verkauf@example.com', { method: 'DELETE', url: `/api/appointment/${res.json().appointment.id}` });
  });

  it('a sick report on a half day credits back half a day', async () => {
    const res = await as('personalleitung@example.com', { method: 'POST', url: '/api/sickreport', payload: { sickReport: { userId: verkauf, startDate: addDays(monday, 1), endDate: addDays(monday, 1) } } });
    expect(res.statusCode).toBe(200);
    const list = (await as('filialleitung@example.com', { method: 'GET', url: `/api/absence/0/all/2?year=${NEXT}` })).json().absences as { id: string; creditedDays: number }[];
    expect(list.find((r) => r.id === morning)!.creditedDays).toBe(0.5);
    expect((await account()).approvedHolidays).toBe(1.5);
  });

  it('the calendar shows the half: the morning on Wednesday, the whole day where a morning and an afternoon meet on Monday', async () => {
    const week = (await as('filialleitung@example.com', { method: 'GET', url: `/api/calendar/${koeln}/${monday}` })).json() as CalendarWeek;
    const row = week.rows.find((r) => r.userId === verkauf)!;
    const [mon, , wed] = row.cells;
    expect(mon).toMatchObject({ status: 3, half: null });
    expect(mon!.title).toMatch(/^Urlaub \d/);
    expect(wed).toMatchObject({ status: 3, half: 'morning' });
    expect(wed!.title).toMatch(/^Urlaub vormittags /);
  });

  it('the export names the day length and counts halves', async () => {
    const rows = await readXlsx(await as('personalleitung@example.com', { method: 'POST', url: `/api/exportabsence/all/2?year=${NEXT}` }));
    const header = rows[0]!;
    const row = rows.find((r) => r[header.indexOf('Von')] !== undefined && r[header.indexOf('Dauer je Tag')] === 'vormittags')!;
    expect(row[header.indexOf('Tage')]).toBe(1.5);
  });
});
