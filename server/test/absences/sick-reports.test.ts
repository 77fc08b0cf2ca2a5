import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { absences } from '../../src/modules/absences/absences.table.ts';
import { users } from '../../src/modules/users/users.table.ts';
import { locations } from '../../src/modules/locations/locations.table.ts';
import { buildTestApp, type TestContext } from '../helpers.ts';
import { readXlsx } from '../xlsx.ts';

let t: TestContext;
let verkauf: string;
let hamburger: string;
const Y = new Date().getUTCFullYear();
beforeAll(async () => {
  t = await buildTestApp();
  const [u] = await t.db.select().from(users).where(eq(users.email, 'verkauf@example.com'));
  verkauf = u!.id;
  await t.db.update(users).set({ freeDays: ['', '', '', '', '', 'Sa', 'So'] }).where(eq(users.id, verkauf));
  const [hh] = await t.db.select().from(locations).where(eq(locations.name, 'Filiale Hamburg'));
  const [someone] = await t.db.select().from(users).where(eq(users.locationId, hh!.id)).limit(1);
  hamburger = someone!.id;
});
afterAll(() => t.close());

const sickCount = async () => (await t.db.select({ n: count() }).from(absences).where(eq(absences.kind, 'sick')))[0]!.n;
const post = async (email: string, report: Record<string, unknown>) => t.as(await t.login(email), { method: 'POST', url: '/api/sickreport', payload: { sickReport: report } });

describe('sick reports', () => {
  let id: string;

  it('Filialleitung enters a report for its branch; days are counted like vacation', async () => {
    // 5 to 11 January of last year: Monday to Sunday minus the weekend (and 6 January is no holiday in NW).
    const monday = (() => {
      const d = new Date(Date.UTC(Y - 1, 0, 5));
      while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
      return d.toISOString().slice(0, 10);
    })();
    const sunday = new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
    const res = await post('filialleitung@example.com', { userId: verkauf, startDate: monday, endDate: sunday });
    expect(res.statusCode).toBe(200);
    const s = res.json().sickReport;
    id = s.id;
    expect(s).toMatchObject({ countDays: 5, status: '2', statusLabel: 'Krank', approved: true, canEdit: true });
    expect(s.userData).toMatch(/, Filiale Köln$/);
  });

  it.each([
    [{ userId: '', startDate: `${Y}-03-02`, endDate: `${Y}-03-03` }, MSG.employeeRequired],
    [{ startDate: '', endDate: `${Y}-03-03` }, MSG.sickDateRequired],
    [{ startDate: `${Y}-03-02`, endDate: '' }, MSG.sickEndRequired],
    [{ startDate: `${Y}-03-05`, endDate: `${Y}-03-02` }, MSG.endBeforeStart],
  ])('refuses %j with the spec message', async (report, message) => {
    const before = await sickCount();
    const res = await post('filialleitung@example.com', { userId: verkauf, ...report });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await sickCount()).toBe(before);
  });

  it('422 for an overlapping report; another branch is out of reach for Filialleitung', async () => {
    const [row] = await t.db.select().from(absences).where(eq(absences.id, id));
    const before = await sickCount();
    const dup = await post('filialleitung@example.com', { userId: verkauf, startDate: row!.startDate, endDate: row!.startDate });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().error.message).toBe(MSG.sickDuplicate);
    const other = await post('filialleitung@example.com', { userId: hamburger, startDate: `${Y}-03-02`, endDate: `${Y}-03-03` });
    expect(other.statusCode).toBe(404);
    expect(await sickCount()).toBe(before);
    expect((await t.as(await t.login('verkauf@example.com'), { method: 'GET', url: '/api/sickreport/0/all/4' })).statusCode).toBe(403);
  });

  it('lists by view and sums sick days per person in the summary', async () => {
    const token = await t.login('personalleitung@example.com');
    const [me] = await t.db.select().from(users).where(eq(users.id, verkauf));
    // The demo company's reports of the months since fill the first page: the person's own.
    const past = (await t.as(token, { method: 'GET', url: `/api/sickreport/0/all/3?searchTerm=${encodeURIComponent(me!.personalNumber!)}` })).json();
    expect(past.sickReports.map((s: { id: string }) => s.id)).toContain(id);
    const current = (await t.as(token, { method: 'GET', url: '/api/sickreport/0/all/2' })).json();
    expect(current.sickReports.map((s: { id: string }) => s.id)).not.toContain(id);
    const summary = (await t.as(token, { method: 'GET', url: `/api/sickreport/summary/0/all?searchTerm=${encodeURIComponent(me!.personalNumber!)}` })).json();
    const mine = summary.users.find((u: { id: string }) => u.id === verkauf);
    expect(mine).toMatchObject({ sickDaysThisYear: 0, sickDaysLastYear: 5 });
    const own = (await t.as(await t.login('verkauf@example.com'), { method: 'GET', url: '/api/countsickdays' })).json();
    expect(own).toMatchObject({ sickDaysLastYear: 5 });
  });

  it('edits, exports and deletes with the right permissions', async () => {
    const [row] = await t.db.select().from(absences).where(eq(absences.id, id));
    const put = await t.as(await t.login('filialleitung@example.com'), { method: 'PUT', url: `/api/sickreport/${id}`, payload: { sickReport: { userId: verkauf, startDate: row!.startDate, endDate: row!.startDate } } });
    expect(put.json().sickReport.countDays).toBe(1);
    const rows = await readXlsx(await t.as(await t.login('personalleitung@example.com'), { method: 'POST', url: `/api/exportsickreport/all/4?year=${Y - 1}` }));
    expect(rows[0]).toEqual(['Nachname', 'Vorname', 'Personalnummer', 'Standort', 'Von', 'Bis', 'Tage', 'Art', 'Bescheinigung']);
    expect(rows[1]![4]).toBeInstanceOf(Date);
    const refused = await t.as(await t.login('verkauf@example.com'), { method: 'DELETE', url: `/api/sickreport/${id}` });
    expect(refused.statusCode).toBe(403);
    const del = await t.as(await t.login('filialleitung@example.com'), { method: 'DELETE', url: `/api/sickreport/${id}` });
    expect(del.statusCode).toBe(204);
    expect((await t.db.select().from(absences).where(and(eq(absences.id, id)))).length).toBe(0);
  });

  it('plans each view once for a person, not again on every call', async () => {
    // Sequential calls on an idle pool take the same connection, which the last query reads.
    const token = await t.login('filialleitung@example.com');
    for (const view of ['2', '3', '4']) for (let i = 0; i < 8; i++) expect((await t.as(token, { method: 'GET', url: `/api/sickreport/0/all/${view}` })).statusCode).toBe(200);
    const result = await t.db.execute(
      sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like '%"absences"."kind" = ''sick''%' and statement like '%"users"."location_id" in%limit 20 offset 0'`,
    );
    const plans = (result as unknown as { rows: { generic: number; custom: number }[] }).rows;
    expect(plans).toHaveLength(3);
    // PostgreSQL plans for the given values five times, then keeps the generic plan when it is no dearer.
    for (const p of plans) expect(p).toEqual({ generic: expect.toSatisfy((n: number) => n >= 3), custom: expect.toSatisfy((n: number) => n <= 5) });
  });
});
