import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CalendarWeek } from '@filialportal/core/calendar';
import { absences, contingents } from '../../src/modules/absences/absences.table.ts';
import { accountsFor } from '../../src/modules/absences/contingents.service.ts';
import { globalSettings } from '../../src/modules/global-settings/global-settings.table.ts';
import { tasks } from '../../src/modules/tasks/tasks.table.ts';
import { users } from '../../src/modules/users/users.table.ts';
import { currentYear } from '../../src/platform/dates.ts';
import { buildTestApp, readOutbox, type TestContext } from '../helpers.ts';

/**
 * The HR core: the approver's quota warning for the year a request falls into, the reason of a
 * decline, sickness during vacation (§ 9 BUrlG) and the expiry of carried-over days.
 */
let t: TestContext;
let verkauf: string;
const Y = currentYear();
const NEXT = Y + 1;
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** Monday of the first full week of September next year (no public holiday in NW that week). */
const septemberMonday = (() => {
  let d = `${NEXT}-09-01`;
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 1) d = addDays(d, 1);
  return d;
})();

beforeAll(async () => {
  t = await buildTestApp();
  const [u] = await t.db.select().from(users).where(eq(users.email, 'verkauf@example.com'));
  verkauf = u!.id;
  // A clean account: 30 days a year from this year on, Saturday and Sunday off, nothing carried in.
  await t.db.delete(absences).where(eq(absences.userId, verkauf));
  await t.db.delete(contingents).where(eq(contingents.userId, verkauf));
  await t.db.update(users).set({ holidayContingent: 30, freeDays: ['', '', '', '', '', 'Sa', 'So'], createdAt: new Date(Date.UTC(Y, 0, 1)) }).where(eq(users.id, verkauf));
  await t.db.update(globalSettings).set({ carryOverExpiry: '03-31' });
});
afterAll(() => t.close());

const as = async (email: string, opts: Parameters<TestContext['as']>[1]) => t.as(await t.login(email), opts);
const openList = async (email = 'filialleitung@example.com') => (await as(email, { method: 'GET', url: '/api/absence/0/all/1' })).json().absences as Record<string, unknown>[];
const sickPayload = (startDate: string, endDate: string) => ({ sickReport: { userId: verkauf, startDate, endDate } });

describe('approver warning for the year the request falls into', () => {
  let id: string;
  it('a request early next year beyond next year’s remaining days: 224, warning in the list, the answer and the task', async () => {
    // Next year starts with 30 days and nothing carried over (HR set the surplus to 0).
    await t.db.insert(contingents).values({ userId: verkauf, year: NEXT, surplus: 0, deduction: 0 });
    const res = await as('verkauf@example.com', { method: 'POST', url: '/api/appointment', payload: { appointment: { userId: verkauf, startDate: `${NEXT}-01-04`, endDate: `${NEXT}-03-31` } } });
    expect(res.statusCode).toBe(224);
    const a = res.json().appointment;
    id = a.id;
    expect(a.countDays).toBeGreaterThan(30);
    expect(a.exceeds).toEqual([a.countDays, 30]);
    expect(a.exceedsYear).toBe(NEXT);
    const row = (await openList()).find((r) => r.id === id)!;
    expect(row).toMatchObject({ exceeds: [a.countDays, 30], exceedsYear: NEXT, canAccept: true });
    const [task] = await t.db.select({ title: tasks.title }).from(tasks).where(eq(tasks.reference, `absence:${id}`));
    expect(task!.title).toContain(`offene Anträge ${NEXT}: ${a.countDays} Tage, Resturlaub ${NEXT}: 30 Tage`);
  });

  it('a request this year within this year’s days carries no warning', async () => {
    const list = await openList();
    for (const r of list.filter((r) => r.userId === verkauf && r.id !== id)) expect(r.exceeds).toBeNull();
  });

  it('declining with a reason: the row, view 5 and the mail carry it', async () => {
    const res = await as('filialleitung@example.com', { method: 'PUT', url: `/api/updateabsence/${id}/0`, payload: { reason: 'Inventur im Januar' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().appointment).toMatchObject({ state: 'abgelehnt', declineReason: 'Inventur im Januar', exceeds: null });
    const declined = (await as('filialleitung@example.com', { method: 'GET', url: '/api/absence/0/all/5' })).json().absences;
    expect(declined.find((r: { id: string }) => r.id === id)).toMatchObject({ declineReason: 'Inventur im Januar' });
    // The mail goes with the decision's notification, through the outbox after the answer.
    await t.app.background.idle();
    const mail = readOutbox(t.outboxDir).find((m) => m.to === 'verkauf@example.com' && m.subject.includes('abgelehnt'));
    expect(mail?.text).toContain('Begründung: Inventur im Januar');
  });

  it('a reason over 500 characters is refused and nothing changes; accepting clears the reason', async () => {
    const long = await as('filialleitung@example.com', { method: 'PUT', url: `/api/updateabsence/${id}/1`, payload: { reason: 'x'.repeat(501) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('Die Begründung darf höchstens 500 Zeichen lang sein.');
    const [row] = await t.db.select().from(absences).where(eq(absences.id, id));
    expect(row).toMatchObject({ declined: true, approved: false, declineReason: 'Inventur im Januar' });
    const accepted = await as('filialleitung@example.com', { method: 'PUT', url: `/api/updateabsence/${id}/1` });
    expect(accepted.json().appointment).toMatchObject({ state: 'akzeptiert', declineReason: '' });
    await t.db.delete(absences).where(eq(absences.id, id));
    await t.db.delete(contingents).where(and(eq(contingents.userId, verkauf), eq(contingents.year, NEXT)));
  });
});

describe('sickness during approved vacation (§ 9 BUrlG)', () => {
  let vacationId: string;
  let sickId: string;
  const nextAccount = async () => (await accountsFor(t, { userIds: [verkauf], year: NEXT })).get(verkauf)!;
  const vacationRow = async () => (await as('filialleitung@example.com', { method: 'GET', url: `/api/absence/0/all/2?year=${NEXT}` })).json().absences.find((r: { id: string }) => r.id === vacationId);
  const sickRow = async () => (await as('filialleitung@example.com', { method: 'GET', url: '/api/sickreport/0/all/4' })).json().sickReports.find((r: { id: string }) => r.id === sickId);
  const mails = () => readOutbox(t.outboxDir).filter((m) => m.to === 'verkauf@example.com' && m.subject.includes('Krankheit'));

  it('an approved week of vacation counts five days', async () => {
    const res = await as('verkauf@example.com', { method: 'POST', url: '/api/appointment', payload: { appointment: { userId: verkauf, startDate: septemberMonday, endDate: addDays(septemberMonday, 4) } } });
    vacationId = res.json().appointment.id;
    expect((await as('filialleitung@example.com', { method: 'PUT', url: `/api/updateabsence/${vacationId}/1` })).statusCode).toBe(200);
    const acc = await nextAccount();
    expect(acc.taken + acc.planned).toBe(5);
  });

  it('the hint before saving names the vacation and the days credited', async () => {
    const res = await as('filialleitung@example.com', { method: 'POST', url: '/api/sickreport/vacationcredit', payload: sickPayload(addDays(septemberMonday, 1), addDays(septemberMonday, 2)) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ days: 2, vacations: [{ startDate: septemberMonday, days: 2 }] });
  });

  it('a sick report inside the vacation credits its two days back; both rows and a mail show it', async () => {
    const before = mails().length;
    const res = await as('filialleitung@example.com', { method: 'POST', url: '/api/sickreport', payload: sickPayload(addDays(septemberMonday, 1), addDays(septemberMonday, 2)) });
    expect(res.statusCode).toBe(200);
    sickId = res.json().sickReport.id;
    expect(res.json().sickReport.creditedDays).toBe(2);
    expect(await vacationRow()).toMatchObject({ countDays: 5, creditedDays: 2 });
    expect((await sickRow()).creditedDays).toBe(2);
    const acc = await nextAccount();
    expect(acc.taken + acc.planned).toBe(3);
    const mail = mails().slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('2 Tage wegen Krankheit gutgeschrieben');
  });

  it('the calendar shows KR on the credited days and UR on the others', async () => {
    const [me] = await t.db.select({ locationId: users.locationId }).from(users).where(eq(users.id, verkauf));
    const res = await as('filialleitung@example.com', { method: 'GET', url: `/api/calendar/${me!.locationId}/${septemberMonday}` });
    expect(res.statusCode).toBe(200);
    const row = (res.json() as CalendarWeek).rows.find((r) => r.userId === verkauf)!;
    expect(row.cells.slice(0, 5).map((c) => c.statusLabel)).toEqual(['UR', 'KR', 'KR', 'UR', 'UR']);
  });

  it('a partly overlapping report (Thursday to the Monday after) credits only the vacation’s days', async () => {
    const res = await as('filialleitung@example.com', { method: 'PUT', url: `/api/sickreport/${sickId}`, payload: sickPayload(addDays(septemberMonday, 3), addDays(septemberMonday, 7)) });
    expect(res.statusCode).toBe(200);
    expect(res.json().sickReport).toMatchObject({ countDays: 3, creditedDays: 2 });
    const [v] = await t.db.select({ dates: absences.creditedDates }).from(absences).where(eq(absences.id, vacationId));
    expect(v!.dates.map(String).map((d) => d.slice(0, 10)).sort()).toEqual([addDays(septemberMonday, 3), addDays(septemberMonday, 4)]);
  });

  it('deleting the sick report takes the credit back, with a mail', async () => {
    const before = mails().length;
    expect((await as('filialleitung@example.com', { method: 'DELETE', url: `/api/sickreport/${sickId}` })).statusCode).toBe(204);
    expect((await vacationRow()).creditedDays).toBe(0);
    const acc = await nextAccount();
    expect(acc.taken + acc.planned).toBe(5);
    expect(mails().slice(before)[0]?.text).toContain('zurückgenommen');
  });

  it('a sick report first and the vacation approved later: the credit follows the approval, and a decline removes it', async () => {
    const sick = await as('filialleitung@example.com', { method: 'POST', url: '/api/sickreport', payload: sickPayload(addDays(septemberMonday, 4), addDays(septemberMonday, 4)) });
    expect((await vacationRow()).creditedDays).toBe(1);
    expect((await as('filialleitung@example.com', { method: 'PUT', url: `/api/updateabsence/${vacationId}/0` })).statusCode).toBe(200);
    const [v] = await t.db.select({ dates: absences.creditedDates }).from(absences).where(eq(absences.id, vacationId));
    expect(v!.dates).toEqual([]);
    await as('filialleitung@example.com', { method: 'DELETE', url: `/api/sickreport/${sick.json().sickReport.id}` });
    await t.db.delete(absences).where(eq(absences.id, vacationId));
  });

  it('refusals change nothing: Verkauf may not preview or record sick reports', async () => {
    const res = await as('verkauf@example.com', { method: 'POST', url: '/api/sickreport/vacationcredit', payload: sickPayload(septemberMonday, septemberMonday) });
    expect(res.statusCode).toBe(403);
    expect(await t.db.select().from(absences).where(and(eq(absences.userId, verkauf), eq(absences.kind, 'sick')))).toEqual([]);
  });
});

describe('carried-over days expire (global settings)', () => {
  it('HR sets the date as TT.MM.; a wrong one gets 400 and nothing changes; others get 403', async () => {
    const [g] = await t.db.select().from(globalSettings);
    const put = (email: string, carryOverExpiry: string) => as(email, { method: 'PUT', url: `/api/globalsettings/${g!.id}/carryover`, payload: { globalSettings: { carryOverExpiry } } });
    const bad = await put('personalleitung@example.com', '31.02.');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Bitte ein Datum im Format TT.MM. angeben (z. B. 31.03.) oder das Feld leer lassen.');
    expect((await put('verkauf@example.com', '30.06.')).statusCode).toBe(403);
    expect((await t.db.select().from(globalSettings))[0]!.carryOverExpiry).toBe('03-31');
    const ok = await put('personalleitung@example.com', '30.06.');
    expect(ok.json().globalSettings.carryOverExpiry).toBe('06-30');
    const read = await as('verkauf@example.com', { method: 'GET', url: '/api/globalsettings' });
    expect(read.json().globalSettings.carryOverExpiry).toBe('06-30');
    await put('personalleitung@example.com', '31.03.');
  });

  it('next year: this year’s open days carry over and expire on 31.03. unless vacation before uses them first', async () => {
    // This year: 30 days, nothing taken → 30 carried into next year, all expiring on 31 March.
    const own = async () => (await as('verkauf@example.com', { method: 'GET', url: '/api/user-contingents' })).json().contingents.find((c: { year: number }) => c.year === NEXT);
    const before = await own();
    const carried = before.surplus;
    expect(before).toMatchObject({ expiring: carried, expired: 0, expiryDate: `${NEXT}-03-31` });
    // An approved week in February next year uses five of them first.
    let monday = `${NEXT}-02-02`;
    while (new Date(`${monday}T00:00:00Z`).getUTCDay() !== 1) monday = addDays(monday, 1);
    const res = await as('verkauf@example.com', { method: 'POST', url: '/api/appointment', payload: { appointment: { userId: verkauf, startDate: monday, endDate: addDays(monday, 4) } } });
    await as('filialleitung@example.com', { method: 'PUT', url: `/api/updateabsence/${res.json().appointment.id}/1` });
    expect(await own()).toMatchObject({ surplus: carried, expiring: carried - 5, expiryDate: `${NEXT}-03-31` });
    // With no expiry the carry-over stays.
    await t.db.update(globalSettings).set({ carryOverExpiry: '' });
    expect(await own()).toMatchObject({ surplus: carried, expiring: 0, expired: 0, expiryDate: null });
    await t.db.update(globalSettings).set({ carryOverExpiry: '03-31' });
  });

  it('the current user and the overview carry the expiring days', async () => {
    const user = (await as('verkauf@example.com', { method: 'GET', url: '/api/user' })).json().user;
    expect(user).toHaveProperty('holidaysExpiring');
    const overview = (await as('personalleitung@example.com', { method: 'GET', url: `/api/user/listallabsenceuseroverview?from=0&location=all&year=${NEXT}&searchTerm=${encodeURIComponent(user.lastName)}` })).json();
    const row = overview.users.find((u: { userId: string }) => u.userId === verkauf);
    expect(row).toMatchObject({ year: NEXT, expiryDate: `${NEXT}-03-31` });
    expect(row.expiringHolidays).toBeGreaterThan(0);
  });
});

