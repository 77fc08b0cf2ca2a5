import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { BLOCKED_APPROVAL_HR_ONLY, BLOCKED_APPROVAL_NOTE_REQUIRED } from '@filialportal/core/blocked-periods';
import { absences, blockedPeriods } from '../../src/modules/absences/absences.table.ts';
import { locations } from '../../src/modules/locations/locations.table.ts';
import { users } from '../../src/modules/users/users.table.ts';
import { currentYear } from '../../src/platform/dates.ts';
import { addDays, firstWeekday, german } from './days.ts';
import { buildTestApp, type TestContext } from '../helpers.ts';

/** Blocked periods (Urlaubssperre): who sets them, the refusal of a request, HR's approval with a note. */
let t: TestContext;
let verkauf: string;
let koeln: string;
let other: string;
const NEXT = currentYear() + 1;
/** Monday of the first full week of October next year after the 3rd. */
const monday = firstWeekday(`${NEXT}-10-05`, 1);

beforeAll(async () => {
  t = await buildTestApp();
  const [u] = await t.db.select().from(users).where(eq(users.email, 'verkauf@example.com'));
  verkauf = u!.id;
  koeln = u!.locationId;
  other = (await t.db.select().from(locations)).find((l) => l.id !== koeln)!.id;
  await t.db.delete(absences).where(eq(absences.userId, verkauf));
});
afterAll(() => t.close());

const as = async (email: string, opts: Parameters<TestContext['as']>[1]) => t.as(await t.login(email), opts);
const create = (email: string, blockedPeriod: Record<string, unknown>) => as(email, { method: 'POST', url: '/api/blockedperiods', payload: { blockedPeriod } });
const periodCount = async () => (await t.db.select({ n: count() }).from(blockedPeriods))[0]!.n;
const request = (a: Record<string, unknown>) => as('verkauf@example.com', { method: 'POST', url: '/api/appointment', payload: { appointment: { userId: verkauf, ...a } } });

describe('setting blocked periods', () => {
  let inventory: string;

  it('the branch management sets one for its own branch', async () => {
    const res = await create('filialleitung@example.com', { startDate: monday, endDate: addDays(monday, 4), locationId: koeln, reason: 'Inventur' });
    expect(res.statusCode).toBe(200);
    expect(res.json().blockedPeriod).toMatchObject({ reason: 'Inventur', locationId: koeln, locationLabel: 'Filiale Köln', canEdit: true, startDateFormated: german(monday) });
    inventory = res.json().blockedPeriod.id;
  });

  it('refuses the branch management another location and the whole company, and a salesperson any; nothing saved', async () => {
    const before = await periodCount();
    const elsewhere = await create('filialleitung@example.com', { startDate: monday, endDate: monday, locationId: other, reason: 'Inventur' });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().error.message).toBe('Sie dürfen Urlaubssperren nur für den eigenen Standort festlegen.');
    const company = await create('filialleitung@example.com', { startDate: monday, endDate: monday, locationId: null, reason: 'Inventur' });
    expect(company.statusCode).toBe(403);
    expect(company.json().error.message).toBe('Eine Urlaubssperre für alle Standorte legt die Personalleitung fest.');
    expect((await create('verkauf@example.com', { startDate: monday, endDate: monday, locationId: koeln, reason: 'x' })).statusCode).toBe(403);
    expect((await as('verkauf@example.com', { method: 'DELETE', url: `/api/blockedperiods/${inventory}` })).statusCode).toBe(403);
    expect(await periodCount()).toBe(before);
  });

  it('refuses bad input with German messages', async () => {
    const before = await periodCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ startDate: monday, endDate: monday, locationId: koeln, reason: '  ' }, 'Bitte geben Sie einen Grund an.'],
      [{ startDate: monday, endDate: addDays(monday, -1), locationId: koeln, reason: 'Inventur' }, 'Das Enddatum darf nicht vor dem Startdatum liegen.'],
      [{ startDate: `${NEXT}-01-01`, endDate: `${NEXT + 3}-01-01`, locationId: koeln, reason: 'Inventur' }, 'Der Zeitraum darf höchstens ein Jahr umfassen.'],
      [{ startDate: monday, endDate: monday, locationId: koeln, reason: 'x'.repeat(101) }, 'Der Grund darf höchstens 100 Zeichen lang sein.'],
    ];
    for (const [body, message] of cases) {
      const res = await create('personalleitung@example.com', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await periodCount()).toBe(before);
  });

  it('HR sets one for the whole company; everyone who sees vacation reads the company’s and their location’s', async () => {
    const res = await create('personalleitung@example.com', { startDate: `${NEXT}-12-14`, endDate: `${NEXT}-12-23`, locationId: null, reason: 'Weihnachtsgeschäft' });
    expect(res.statusCode).toBe(200);
    expect(res.json().blockedPeriod).toMatchObject({ locationLabel: 'Alle Standorte', locationId: null });
    await create('personalleitung@example.com', { startDate: monday, endDate: monday, locationId: other, reason: 'Umbau' });
    // The demo company's inventory block of Filiale Köln is there as well.
    const seen = (await as('verkauf@example.com', { method: 'GET', url: '/api/blockedperiods' })).json();
    expect(seen.blockedPeriods.map((p: { reason: string }) => p.reason).sort()).toEqual(['Inventur', 'Inventur', 'Weihnachtsgeschäft']);
    expect(seen.blockedPeriods.some((p: { reason: string }) => p.reason === 'Umbau')).toBe(false);
    expect(seen.blockedPeriods.every((p: { canEdit: boolean }) => !p.canEdit)).toBe(true);
    const hr = (await as('personalleitung@example.com', { method: 'GET', url: '/api/blockedperiods' })).json();
    expect(hr.count).toBe(4);
    expect(hr.blockedPeriods.map((p: { reason: string }) => p.reason)).toContain('Umbau');
  });

  it('changes and deletes with the rights of the location', async () => {
    const res = await as('filialleitung@example.com', { method: 'PUT', url: `/api/blockedperiods/${inventory}`, payload: { blockedPeriod: { startDate: monday, endDate: addDays(monday, 4), locationId: koeln, reason: 'Inventur Herbst' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().blockedPeriod.reason).toBe('Inventur Herbst');
  });
});

describe('requests in a blocked period', () => {
  it('refuses a request touching one with a message naming the period and reason; nothing saved', async () => {
    const before = (await t.db.select().from(absences).where(eq(absences.userId, verkauf))).length;
    const res = await request({ startDate: addDays(monday, 4), endDate: addDays(monday, 7) });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      code: 'blocked_period',
      message: `Urlaubssperre vom ${german(monday)} bis ${german(addDays(monday, 4))} (Filiale Köln): Inventur Herbst. Bitte wählen Sie einen anderen Zeitraum.`,
    });
    expect((await t.db.select().from(absences).where(eq(absences.userId, verkauf))).length).toBe(before);
  });

  it('special leave is not blocked', async () => {
    const res = await request({ startDate: monday, endDate: monday, specialHoliday: true, reason: 'Hochzeit' });
    expect(res.statusCode).toBe(200);
  });

  it('a request filed before the block: the approver sees it; only HR approves, with a note', async () => {
    const filed = await request({ startDate: addDays(monday, 14), endDate: addDays(monday, 15) });
    expect(filed.statusCode).toBe(200);
    const id = filed.json().appointment.id;
    await create('filialleitung@example.com', { startDate: addDays(monday, 15), endDate: addDays(monday, 15), locationId: koeln, reason: 'Lieferung' });
    const row = (await as('filialleitung@example.com', { method: 'GET', url: `/api/absence/0/all/1?year=${NEXT}` })).json().absences.find((r: { id: string }) => r.id === id);
    expect(row.blockedPeriod).toBe(`Urlaubssperre am ${german(addDays(monday, 15))} (Filiale Köln): Lieferung. Bitte wählen Sie einen anderen Zeitraum.`);

    const branch = await as('filialleitung@example.com', { method: 'PUT', url: `/api/updateabsence/${id}/1`, payload: { note: 'geht' } });
    expect(branch.statusCode).toBe(422);
    expect(branch.json().error.message).toBe(BLOCKED_APPROVAL_HR_ONLY);
    const noNote = await as('personalleitung@example.com', { method: 'PUT', url: `/api/updateabsence/${id}/1` });
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json().error.message).toBe(BLOCKED_APPROVAL_NOTE_REQUIRED);
    const [still] = await t.db.select().from(absences).where(eq(absences.id, id));
    expect(still).toMatchObject({ approved: false, approvalNote: '' });

    const hr = await as('personalleitung@example.com', { method: 'PUT', url: `/api/updateabsence/${id}/1`, payload: { note: 'Urlaub war lange zugesagt' } });
    expect(hr.statusCode).toBe(200);
    expect(hr.json().appointment).toMatchObject({ approved: true, approvalNote: 'Urlaub war lange zugesagt', blockedPeriod: '' });
  });

  it('declining inside a block needs no note', async () => {
    const filed = await request({ startDate: addDays(monday, 22), endDate: addDays(monday, 22) });
    await create('personalleitung@example.com', { startDate: addDays(monday, 22), endDate: addDays(monday, 22), locationId: null, reason: 'Messe' });
    expect((await as('filialleitung@example.com', { method: 'PUT', url: `/api/updateabsence/${filed.json().appointment.id}/0` })).statusCode).toBe(200);
  });

  it('after the period is deleted the request goes through', async () => {
    const list = (await as('filialleitung@example.com', { method: 'GET', url: '/api/blockedperiods' })).json().blockedPeriods as { id: string; reason: string }[];
    const herbst = list.find((p) => p.reason === 'Inventur Herbst')!;
    expect((await as('filialleitung@example.com', { method: 'DELETE', url: `/api/blockedperiods/${herbst.id}` })).statusCode).toBe(204);
    expect((await request({ startDate: addDays(monday, 1), endDate: addDays(monday, 2) })).statusCode).toBe(200);
  });
});
