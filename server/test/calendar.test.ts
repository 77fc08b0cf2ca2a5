import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import type { CalendarWeek } from '@filialportal/core/calendar';
import { calendarEntries, locationInfos } from '../src/modules/calendar/calendar.table.ts';
import { locations } from '../src/modules/locations/locations.table.ts';
import { specialAppointments } from '../src/modules/special-appointments/special-appointments.table.ts';
import { users } from '../src/modules/users/users.table.ts';
import { trainingRegistrations, trainings } from '../src/modules/trainings/trainings.table.ts';
import { buildTestApp, type TestContext } from './helpers.ts';
import { readXlsx } from './xlsx.ts';

/**
 * One week in Köln (NW) with everything at once: Monday–Tuesday approved vacation, Wednesday a
 * sick report, Thursday Fronleichnam (a holiday in NW), Friday set by hand, the weekend free.
 */
const MON = '2027-05-24';
const TUE = '2027-05-25';
const WED = '2027-05-26';
const THU = '2027-05-27';
const FRI = '2027-05-28';

let t: TestContext;
let koeln: string;
let hamburg: string;
let verkauf: string;
let hamburger: string;
let verkaufName: string;

beforeAll(async () => {
  t = await buildTestApp();
  const locs = await t.db.select().from(locations);
  koeln = locs.find((l) => l.name === 'Filiale Köln')!.id;
  hamburg = locs.find((l) => l.name === 'Filiale Hamburg')!.id;
  const [v] = await t.db.select().from(users).where(eq(users.email, 'verkauf@example.com'));
  verkauf = v!.id;
  verkaufName = `${v!.lastName}, ${v!.firstName}`;
  await t.db.update(users).set({ freeDays: ['', '', '', '', '', 'Sa', 'So'], presence: ['', '', '', '', '', '', ''] }).where(eq(users.id, verkauf));
  const [h] = await t.db.select().from(users).where(eq(users.locationId, hamburg)).limit(1);
  hamburger = h!.id;
});
afterAll(() => t.close());

const week = async (email: string, location: string, date = MON) => t.as(await t.login(email), { method: 'GET', url: `/api/calendar/${location}/${date}` });
const set = async (email: string, body: Record<string, unknown>) =>
  t.as(await t.login(email), { method: 'POST', url: '/api/locationappointment', payload: { locationAppointment: { userId: verkauf, date: FRI, ...body } } });
const info = async (email: string, body: Record<string, unknown>) =>
  t.as(await t.login(email), { method: 'POST', url: '/api/locationinfo', payload: { locationInfo: { locationId: koeln, date: TUE, ...body } } });
const rowOf = (w: CalendarWeek, userId = verkauf) => w.rows.find((r) => r.userId === userId)!;
const entryCount = async () => (await t.db.select({ n: count() }).from(calendarEntries))[0]!.n;
const infoCount = async () => (await t.db.select({ n: count() }).from(locationInfos))[0]!.n;

describe('attendance calendar', () => {
  beforeAll(async () => {
    const asVerkauf = await t.login('verkauf@example.com');
    const req = await t.as(asVerkauf, { method: 'POST', url: '/api/appointment', payload: { appointment: { userId: verkauf, startDate: MON, endDate: TUE } } });
    expect([200, 224]).toContain(req.statusCode);
    const id = req.json().appointment.id as string;
    const ok = await t.as(await t.login('personalleitung@example.com'), { method: 'PUT', url: `/api/updateabsence/${id}/1` });
    expect(ok.statusCode).toBe(200);
    const sick = await t.as(await t.login('filialleitung@example.com'), { method: 'POST', url: '/api/sickreport', payload: { sickReport: { userId: verkauf, startDate: WED, endDate: WED } } });
    expect(sick.statusCode).toBe(200);
    await t.db.insert(specialAppointments).values([
      { info: 'Inventur Köln', date: TUE, endDate: WED, locations: [koeln] },
      { info: 'Schulung alle', date: TUE, endDate: TUE, locations: [] },
      { info: 'Nur Hamburg', date: TUE, endDate: TUE, locations: [hamburg] },
    ]);
  });

  it('derives vacation, sick, holiday, free days and special appointments for one week', async () => {
    const res = await week('filialleitung@example.com', koeln, WED);
    expect(res.statusCode).toBe(200);
    const w = res.json() as CalendarWeek;
    expect(w).toMatchObject({ year: 2027, week: 21, start: MON, end: '2027-05-30', location: { id: koeln, label: 'Filiale Köln' } });
    expect(w.days.map((d) => d.weekday)).toEqual(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
    expect(w.days[3]!.holiday).toBe('Fronleichnam');
    expect(w.days[1]!.specialAppointments.map((a) => a.info)).toEqual(['Inventur Köln', 'Schulung alle']);
    expect(w.days[2]!.specialAppointments.map((a) => a.info)).toEqual(['Inventur Köln']);
    expect(w.days[0]!.specialAppointments).toEqual([]);

    const cells = rowOf(w).cells;
    expect(cells.map((c) => [c.status, c.statusLabel, c.source, c.editable])).toEqual([
      [3, 'UR', 'vacation', false],
      [3, 'UR', 'vacation', false],
      [2, 'KR', 'sick', false],
      [5, 'frei', 'holiday', true],
      [7, '✓', 'pattern', true],
      [5, 'frei', 'free', true],
      [5, 'frei', 'free', true],
    ]);
    // Filialleitung has the extended title: period and kind of the absence.
    expect(cells[0]!.title).toBe('Urlaub 24.05.2027 – 25.05.2027');
    expect(cells[2]!.title).toBe('Krank 26.05.2027 (Krankmeldung)');
    expect(cells[3]!.title).toBe('Feiertag: Fronleichnam');
    // Rows are grouped by team in the team sorting order.
    const sortIdx = w.rows.map((r) => r.team.sortingIndex);
    expect(sortIdx).toEqual([...sortIdx].sort((a, b) => a - b));
    expect(w.rows.every((r) => r.cells.length === 7)).toBe(true);
  });

  it('people without the extended title see only the kind of absence; Verkauf edits nothing', async () => {
    const w = (await week('verkauf@example.com', koeln)).json() as CalendarWeek;
    expect(rowOf(w).cells[0]!.title).toBe('Urlaub');
    expect(w.can).toMatchObject({ editCells: false, editInfo: false, export: false, chooseLocation: false });
    expect(w.rows.flatMap((r) => r.cells).some((c) => c.editable)).toBe(false);

    const before = await entryCount();
    const infosBefore = await infoCount();
    const res = await set('verkauf@example.com', { status: 71 });
    expect(res.statusCode).toBe(403);
    expect((await info('verkauf@example.com', { info: 'Hallo' })).statusCode).toBe(403);
    expect(await entryCount()).toBe(before);
    expect(await infoCount()).toBe(infosBefore);
  });

  it('Filialleitung sets Frühschicht and the counts of that day follow', async () => {
    const before = (await week('filialleitung@example.com', koeln)).json() as CalendarWeek;
    const res = await set('filialleitung@example.com', { status: 71 });
    expect(res.statusCode).toBe(200);
    const after = (await week('filialleitung@example.com', koeln)).json() as CalendarWeek;
    expect(rowOf(after).cells[4]).toMatchObject({ status: 71, statusLabel: 'Früh', source: 'manual', editable: true });
    expect(rowOf(after).cells[4]!.title).toMatch(/^Frühschicht · gesetzt von .+ am \d\d\.\d\d\.\d{4}$/);
    expect(after.counts[4]!.early).toBe(before.counts[4]!.early + 1);
    expect(after.counts[4]!.fullDay).toBe(before.counts[4]!.fullDay - 1);
    expect(after.counts[4]!.present).toBe(before.counts[4]!.present);

    // Free text (4) counts as present and full-day; the cell cuts it to 20 characters.
    const text = 'Messe Düsseldorf ganztägig';
    expect((await set('filialleitung@example.com', { status: 4, info: text })).statusCode).toBe(200);
    const w = (await week('filialleitung@example.com', koeln)).json() as CalendarWeek;
    expect(rowOf(w).cells[4]).toMatchObject({ status: 4, statusLabel: 'Messe Düsseldorf gan…', info: text });
    expect(w.counts[4]!.early).toBe(before.counts[4]!.early);
    expect(w.counts[4]!.fullDay).toBe(before.counts[4]!.fullDay);

    // status null removes the hand-set entry: the week pattern shows again.
    expect((await set('filialleitung@example.com', { status: null })).statusCode).toBe(200);
    const reset = (await week('filialleitung@example.com', koeln)).json() as CalendarWeek;
    expect(rowOf(reset).cells[4]).toMatchObject({ status: 7, source: 'pattern' });
  });

  it("names the Berlin day a cell was set on: 00:50 on 23.11. is not 'am 22.11.' (UTC)", async () => {
    expect((await set('filialleitung@example.com', { status: 71 })).statusCode).toBe(200);
    // 2026-11-22T23:50:00Z is 23.11.2026 00:50 in Berlin (UTC+1).
    await t.db.update(calendarEntries).set({ updatedAt: new Date('2026-11-22T23:50:00Z') }).where(and(eq(calendarEntries.userId, verkauf), eq(calendarEntries.date, FRI)));
    const w = (await week('filialleitung@example.com', koeln)).json() as CalendarWeek;
    expect(rowOf(w).cells[4]!.title).toMatch(/^Frühschicht · gesetzt von .+ am 23\.11\.2026$/);
    // Summer (UTC+2): 2026-06-30T22:30:00Z is 01.07.2026 00:30 in Berlin.
    await t.db.update(calendarEntries).set({ updatedAt: new Date('2026-06-30T22:30:00Z') }).where(and(eq(calendarEntries.userId, verkauf), eq(calendarEntries.date, FRI)));
    const summer = (await week('filialleitung@example.com', koeln)).json() as CalendarWeek;
    expect(rowOf(summer).cells[4]!.title).toMatch(/ am 01\.07\.2026$/);
    expect((await set('filialleitung@example.com', { status: null })).statusCode).toBe(200);
  });

  it('refuses bad input with a German message and saves nothing', async () => {
    const before = await entryCount();
    for (const [body, message] of [
      [{ status: 4, info: '' }, MSG.calendarTextRequired],
      [{ status: 99 }, MSG.calendarStatusInvalid],
      [{ status: 7, date: '2027-02-30' }, MSG.invalidDate],
      [{ status: 7, userId: 'nobody' }, MSG.calendarPersonMissing],
    ] as const) {
      const res = await set('filialleitung@example.com', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await entryCount()).toBe(before);
  });

  it('vacation and sick days are not editable, Krank/Urlaub by hand need their permissions', async () => {
    const before = await entryCount();
    const onVacation = await set('filialleitung@example.com', { date: MON, status: 71 });
    expect(onVacation.statusCode).toBe(400);
    expect(onVacation.json().error.message).toBe(MSG.calendarNotEditable);
    expect((await set('personalleitung@example.com', { date: WED, status: 7 })).statusCode).toBe(400);
    // Filialleitung lacks an_abwesenheit_krankmeldung_bearbeiten.
    expect((await set('filialleitung@example.com', { status: 2 })).statusCode).toBe(403);
    expect(await entryCount()).toBe(before);

    // Personalleitung holds every calendar permission: sets KR by hand; Filialleitung may not change it then.
    expect((await set('personalleitung@example.com', { status: 2 })).statusCode).toBe(200);
    const w = (await week('filialleitung@example.com', koeln)).json() as CalendarWeek;
    expect(rowOf(w).cells[4]).toMatchObject({ status: 2, source: 'manual', editable: false });
    expect((await set('filialleitung@example.com', { status: 7 })).statusCode).toBe(403);
    expect((await week('personalleitung@example.com', koeln)).json().rows.find((r: { userId: string }) => r.userId === verkauf).cells[4].editable).toBe(true);
    expect((await set('personalleitung@example.com', { status: null })).statusCode).toBe(200);
  });

  it('an approved training shows as Veranstaltung (6) and the day cannot be set by hand', async () => {
    const [tr] = await t.db
      .insert(trainings)
      .values({ title: 'Kalenderschulung', category: 'Schulungen', description: 'x', address: 'x', zip: '1', city: 'Köln', date: THU, time: '10:00', contingent: 5 })
      .returning({ id: trainings.id });
    await t.db.insert(trainingRegistrations).values({ trainingId: tr!.id, userId: verkauf, approved: true });
    const w = (await week('filialleitung@example.com', koeln)).json() as CalendarWeek;
    expect(rowOf(w).cells[3]).toMatchObject({ status: 6, source: 'training', info: 'Kalenderschulung', editable: false });
    const before = await entryCount();
    const refused = await set('filialleitung@example.com', { date: THU, status: 71 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(MSG.calendarNotEditable);
    expect(await entryCount()).toBe(before);
    // Cancelled, the day is the plan's again.
    await t.db.update(trainings).set({ cancelledAt: new Date() }).where(eq(trainings.id, tr!.id));
    expect(rowOf((await week('filialleitung@example.com', koeln)).json()).cells[3].source).not.toBe('training');
  });

  it('another location is out of reach for Filialleitung, not for whoever sees all', async () => {
    expect((await week('filialleitung@example.com', hamburg)).statusCode).toBe(403);
    const before = await entryCount();
    const infosBefore = await infoCount();
    const res = await t.as(await t.login('filialleitung@example.com'), {
      method: 'POST',
      url: '/api/locationappointment',
      payload: { locationAppointment: { userId: hamburger, date: FRI, status: 71 } },
    });
    expect(res.statusCode).toBe(403);
    expect(await entryCount()).toBe(before);
    expect((await info('filialleitung@example.com', { locationId: hamburg, info: 'Nein' })).statusCode).toBe(403);

    const verwaltung = await week('verwaltung@example.com', hamburg);
    expect(verwaltung.statusCode).toBe(200);
    expect(verwaltung.json().can).toMatchObject({ chooseLocation: true, editCells: false, editInfo: true, export: true });
    expect((await info('verwaltung@example.com', { locationId: hamburg, info: 'Lieferung 10 Uhr' })).statusCode).toBe(200);
    expect((await week('verwaltung@example.com', hamburg)).json().days[1].info).toBe('Lieferung 10 Uhr');
    expect(await infoCount()).toBe(infosBefore + 1);
    expect((await info('verwaltung@example.com', { locationId: hamburg, info: '' })).statusCode).toBe(200);
    expect(await infoCount()).toBe(infosBefore);
  });

  it('info rows are saved per location and day', async () => {
    const infosBefore = await infoCount();
    expect((await info('filialleitung@example.com', { info: '  Lieferung Teppiche  ' })).statusCode).toBe(200);
    expect((await info('filialleitung@example.com', { info: 'Lieferung Teppiche 9 Uhr' })).statusCode).toBe(200);
    const w = (await week('verkauf@example.com', koeln)).json() as CalendarWeek;
    expect(w.days.map((d) => d.info)).toEqual(['', 'Lieferung Teppiche 9 Uhr', '', '', '', '', '']);
    expect(await infoCount()).toBe(infosBefore + 1);
    const long = await info('filialleitung@example.com', { info: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(MSG.calendarInfoTooLong);
  });

  it('presence text shows as present with that label; a free weekday as frei', async () => {
    await t.db.update(users).set({ freeDays: ['Mo', '', '', '', '', '', 'So'], presence: ['', '', '', '', '9–14 Uhr', '10–18 Uhr', ''] }).where(eq(users.id, verkauf));
    const w = (await week('filialleitung@example.com', koeln, '2027-06-07')).json() as CalendarWeek;
    const cells = rowOf(w).cells;
    expect(cells[0]).toMatchObject({ status: 5, source: 'free' });
    expect(cells[4]).toMatchObject({ status: 22, statusLabel: '9–14 Uhr' });
    expect(cells[5]).toMatchObject({ status: 22, statusLabel: '10–18 Uhr' });
    await t.db.update(users).set({ freeDays: ['', '', '', '', '', 'Sa', 'So'], presence: ['', '', '', '', '', '', ''] }).where(eq(users.id, verkauf));
  });

  it('exports the shown week as XLSX for whoever may export', async () => {
    expect((await t.as(await t.login('filialleitung@example.com'), { method: 'POST', url: `/api/exportcalendar/${koeln}/${MON}` })).statusCode).toBe(403);
    const res = await t.as(await t.login('verwaltung@example.com'), { method: 'POST', url: `/api/exportcalendar/${koeln}/${WED}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('KW%2021-2027');
    const rows = await readXlsx(res);
    expect(rows[0]).toEqual(['Team', 'Mitarbeiter', 'Personalnummer', 'Mo 24.05.2027', 'Di 25.05.2027', 'Mi 26.05.2027', 'Do 27.05.2027', 'Fr 28.05.2027', 'Sa 29.05.2027', 'So 30.05.2027']);
    expect([rows[1]![1], rows[1]![3], rows[1]![4]]).toEqual(['Info', undefined, 'Lieferung Teppiche 9 Uhr']);
    expect(rows[1]![6]).toBe('Fronleichnam');
    const person = rows.find((r) => r[1] === verkaufName)!;
    expect(person.slice(3)).toEqual(['UR – Urlaub 24.05.2027 – 25.05.2027', 'UR – Urlaub 24.05.2027 – 25.05.2027', 'KR – Krank 26.05.2027 (Krankmeldung)', 'frei', '✓', 'frei', 'frei']);
    const last = rows.at(-1)!;
    expect(last[1]).toBe('Abwesend');
  });

  it('reads a week with the same number of queries for 5 or 50 people', async () => {
    const client = (t.db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } }).$client;
    const original = client.query;
    const measure = async () => {
      const token = await t.login('filialleitung@example.com');
      let n = 0;
      client.query = function (this: unknown, ...a: unknown[]) {
        n++;
        return original.apply(this, a);
      };
      try {
        const res = await t.as(token, { method: 'GET', url: `/api/calendar/${koeln}/${MON}` });
        expect(res.statusCode).toBe(200);
        return { n, rows: (res.json() as CalendarWeek).rows.length };
      } finally {
        client.query = original;
      }
    };
    const small = await measure();
    const [template] = await t.db.select().from(users).where(eq(users.id, verkauf));
    const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = template!;
    await t.db.insert(users).values(
      Array.from({ length: 45 }, (_, i) => ({ ...rest, email: `kalender${i}@example.com`, personalNumber: `K-${i}`, lastName: `Kalender ${i}` })),
    );
    const large = await measure();
    expect(large.rows).toBe(small.rows + 45);
    expect(small.n).toBeGreaterThan(0);
    expect(large.n).toBe(small.n);
  });
});
