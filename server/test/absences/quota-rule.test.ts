import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte } from 'drizzle-orm';
import { absences, contingents } from '../../src/modules/absences/absences.table.ts';
import { users } from '../../src/modules/users/users.table.ts';
import { buildTestApp, type TestContext } from '../helpers.ts';

let t: TestContext;
let person: { id: string; lastName: string };
const NEXT = new Date().getUTCFullYear() + 1;

beforeAll(async () => {
  t = await buildTestApp();
  const [u] = await t.db.select().from(users).where(eq(users.email, 'verkauf@example.com'));
  person = { id: u!.id, lastName: u!.lastName };
  // Next year starts empty, with 5 days carried over (HR's value) that expire on 31 March.
  await t.db.delete(absences).where(and(eq(absences.userId, person.id), gte(absences.endDate, `${NEXT}-01-01`)));
  await t.db.update(users).set({ holidayContingent: 30, freeDays: ['', '', '', '', '', 'Sa', 'So'] }).where(eq(users.id, person.id));
  await t.db.insert(contingents).values({ userId: person.id, year: NEXT, surplus: 5, deduction: 0 });
});
afterAll(() => t.close());

const request = async (startDate: string, endDate: string) =>
  t.as(await t.login('verkauf@example.com'), { method: 'POST', url: '/api/appointment', payload: { appointment: { userId: person.id, startDate, endDate } } });

describe('one quota rule for the 224 answer and the approver', () => {
  it('a request for 04.01.–31.03. of next year names the remaining days the approver sees for that year', async () => {
    // Another open request of next year (two weeks in April) fits the 35 days.
    expect((await request(`${NEXT}-04-12`, `${NEXT}-04-23`)).statusCode).toBe(200);
    const res = await request(`${NEXT}-01-04`, `${NEXT}-03-31`);
    expect(res.statusCode).toBe(224);
    const body = res.json();
    const n = Number(/^Nur noch (\d+) Tage verfügbar\./.exec(body.message)![1]);
    expect(body.available).toBe(n);

    const admin = await t.login('admin@example.com');
    const list = (await t.as(admin, { method: 'GET', url: `/api/absence/0/all/1?year=${NEXT}&searchTerm=${encodeURIComponent(person.lastName)}` })).json();
    const row = list.absences.find((a: { id: string }) => a.id === body.appointment.id);
    const overview = (await t.as(admin, { method: 'GET', url: `/api/user/listallabsenceuseroverview?from=0&location=all&year=${NEXT}&searchTerm=${encodeURIComponent(person.lastName)}` })).json();
    const account = overview.users.find((u: { userId: string; year: number }) => u.userId === person.id && u.year === NEXT);

    // 30 + 5 carried over, nothing approved: 35 remain; the open requests need 10 + 61 days.
    expect(account.openHolidays).toBe(35);
    expect(row.exceedsYear).toBe(NEXT);
    expect(row.exceeds).toEqual([71, 35]);
    expect(n).toBe(row.exceeds[1]);
    expect(n).toBe(account.openHolidays);
    // The answer's own row says the same.
    expect(body.appointment.exceeds).toEqual(row.exceeds);
  });
});
