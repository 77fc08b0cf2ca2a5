import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { absences, contingents } from '../../src/modules/absences/absences.table.ts';
import { accountsFor, saveAccount } from '../../src/modules/absences/contingents.service.ts';
import { currentYear, todayIso } from '../../src/platform/dates.ts';
import { globalSettings } from '../../src/modules/global-settings/global-settings.table.ts';
import { users } from '../../src/modules/users/users.table.ts';
import { buildTestApp, type TestContext } from '../helpers.ts';

let t: TestContext;
let userId: string;
const Y = currentYear();
beforeAll(async () => {
  t = await buildTestApp();
  const [u] = await t.db.select().from(users).where(eq(users.email, 'buchhaltung@example.com'));
  userId = u!.id;
  // Created two years ago, 30 days a year, no surplus set for this year.
  await t.db.update(users).set({ holidayContingent: 30, createdAt: new Date(Date.UTC(Y - 2, 0, 1)) }).where(eq(users.id, userId));
  await t.db.delete(contingents).where(eq(contingents.userId, userId));
  // The demo's vacation and sick history of the person gives way to the periods below.
  await t.db.delete(absences).where(eq(absences.userId, userId));
  const vacation = (start: string, end: string, days: Record<string, number>, extra: Partial<typeof absences.$inferInsert> = {}) => ({
    kind: 'vacation', userId, startDate: start, endDate: end, countDays: Object.values(days).reduce((a, b) => a + b, 0), daysByYear: days, approved: true, ...extra,
  });
  await t.db.insert(absences).values([
    vacation(`${Y - 2}-07-01`, `${Y - 2}-07-10`, { [Y - 2]: 25 }),
    vacation(`${Y - 1}-12-28`, `${Y}-01-02`, { [Y - 1]: 4, [Y]: 1 }),
    vacation(`${Y + 0}-01-05`, `${Y}-01-05`, { [Y]: 1 }, { specialHoliday: true, reason: 'Umzug' }),
    vacation(`${Y}-12-29`, `${Y}-12-30`, { [Y]: 2 }, { approved: false }),
  ]);
});
afterAll(() => t.close());

/** Sets the expiry of carried-over days ('MM-DD', '' never). */
const expireOn = (expiry: string) => t.db.update(globalSettings).set({ carryOverExpiry: expiry });

describe('vacation accounts', () => {
  it('carries last year’s open days over and counts only approved ordinary vacation', async () => {
    await expireOn('');
    const acc = (await accountsFor(t, { userIds: [userId], year: Y })).get(userId)!;
    // Y-2: 30 − 25 = 5 open → Y-1: 30 + 5 − 4 = 31 open → Y: surplus 31.
    expect(acc.surplus).toBe(31);
    expect(acc.surplusSet).toBe(false);
    expect(acc.available).toBe(61);
    // 2 January of this year is before today (the test runs after 2 January) → taken.
    if (todayIso() >= `${Y}-01-02`) expect(acc.taken).toBe(1);
    expect(acc.taken + acc.planned).toBe(1);
    expect(acc.open).toBe(60);
    expect(acc).toMatchObject({ expiring: 0, expired: 0, expiryDate: null });
  });

  it('carried-over days expire on the set date unless vacation before it used them', async () => {
    // Expiry 31 December: Y-1 carries 5 in, uses 4 (28.–31.12.) → 1 expires at its end → Y: 30 + 5 − 4 − 1 = 30 carried in.
    // Y uses 1 (2 January) by 31 December → 29 still to expire this year (the date has not passed).
    await expireOn('12-31');
    const late = (await accountsFor(t, { userIds: [userId], year: Y })).get(userId)!;
    expect(late).toMatchObject({ surplus: 30, expiring: 29, expired: 0, expiryDate: `${Y}-12-31`, available: 60, open: 59 });
    // Expiry 1 January (a holiday: nothing is used by then): all of it expired on 1 January of each year.
    if (todayIso() > `${Y}-01-01`) {
      await expireOn('01-01');
      const early = (await accountsFor(t, { userIds: [userId], year: Y })).get(userId)!;
      // Y-1: the 5 expire → 30 − 4 = 26 carried in; Y: the 26 expire.
      expect(early).toMatchObject({ surplus: 26, expiring: 0, expired: 26, expiryDate: `${Y}-01-01`, available: 30, open: 29 });
    }
    // Next year: what this year leaves carries over and expires by next year's date.
    await expireOn('03-31');
    const next = (await accountsFor(t, { userIds: [userId], year: Y + 1 })).get(userId)!;
    const now = (await accountsFor(t, { userIds: [userId], year: Y })).get(userId)!;
    expect(next.surplus).toBe(now.open - now.expiring);
    expect(next).toMatchObject({ expiring: next.surplus, expired: 0, expiryDate: `${Y + 1}-03-31` });
    await expireOn('');
  });

  it('lets HR set the surplus and a deduction for a year', async () => {
    await saveAccount(t, { userId, year: Y, surplus: 10, deduction: 2 });
    const acc = (await accountsFor(t, { userIds: [userId], year: Y })).get(userId)!;
    expect(acc).toMatchObject({ surplus: 10, surplusSet: true, deduction: 2, available: 38 });
  });

  it('keeps a computed surplus computed when the form sends it back unchanged', async () => {
    await t.db.delete(contingents).where(eq(contingents.userId, userId));
    await saveAccount(t, { userId, year: Y, surplus: 31, deduction: 0 });
    const [row] = await t.db.select().from(contingents).where(eq(contingents.userId, userId));
    expect(row!.surplus).toBeNull();
  });

  it('the user API shows the account of this year', async () => {
    await expireOn('');
    const res = await t.as(await t.login('buchhaltung@example.com'), { method: 'GET', url: '/api/user' });
    expect(res.json().user).toMatchObject({ availableHolidays: 61, holidaysTakenThisYear: expect.any(Number) });
  });

  it('plans the account statement once, not again on every call for one person', async () => {
    // Sequential calls on an idle pool take the same connection, which the last query reads.
    for (let i = 0; i < 8; i++) await accountsFor(t, { userIds: [userId], year: Y });
    const result = await t.db.execute(
      sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like '%holiday_contingent::float as "holidayContingent"%' and statement not like '%row_to_json%'`,
    );
    const [plans] = (result as unknown as { rows: { generic: number; custom: number }[] }).rows;
    // PostgreSQL plans for the given values five times, then keeps the generic plan when it is no dearer.
    expect(plans).toBeDefined();
    expect(plans!.custom).toBeLessThanOrEqual(5);
    expect(plans!.generic).toBeGreaterThanOrEqual(3);
  });
});
