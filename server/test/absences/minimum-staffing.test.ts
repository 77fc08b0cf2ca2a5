import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import type { CalendarWeek } from '@filialportal/core/calendar';
import { absences } from '../../src/modules/absences/absences.table.ts';
import { locations } from '../../src/modules/locations/locations.table.ts';
import { userGroups } from '../../src/modules/teams/teams.table.ts';
import { users } from '../../src/modules/users/users.table.ts';
import { currentYear } from '../../src/platform/dates.ts';
import { addDays, firstWeekday, german } from './days.ts';
import { buildTestApp, type TestContext } from '../helpers.ts';

/** Minimum staffing per location and weekday: the location form, the request's warning, the approver's check, the calendar mark. */
let t: TestContext;
let verkauf: string;
let koeln: string;
/** Active staff of Köln who count (the hidden group does not). */
let staff: number;
const NEXT = currentYear() + 1;
/** A Tuesday in the middle of February next year (no public holiday anywhere). */
const tuesday = firstWeekday(`${NEXT}-02-09`, 2);

beforeAll(async () => {
  t = await buildTestApp();
  const [u] = await t.db.select().from(users).where(eq(users.email, 'verkauf@example.com'));
  verkauf = u!.id;
  koeln = u!.locationId;
  // Everyone of Köln works Monday to Friday, so every one of them counts on a Tuesday.
  await t.db.update(users).set({ freeDays: ['', '', '', '', '', 'Sa', 'So'] }).where(eq(users.locationId, koeln));
  await t.db.delete(absences).where(and(eq(absences.kind, 'vacation')));
  const people = await t.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(and(eq(users.locationId, koeln), eq(users.active, true), ne(userGroups.name, 'Ausgeblendet')));
  staff = people.length;
});
afterAll(() => t.close());

const as = async (email: string, opts: Parameters<TestContext['as']>[1]) => t.as(await t.login(email), opts);
const locationBody = async (minStaff?: unknown) => {
  const [l] = await t.db.select().from(locations).where(eq(locations.id, koeln));
  return { location: { name: l!.name, shortName: l!.shortName, street: l!.street || 'Hohe Straße 1', zip: l!.zip || '50667', city: l!.city || 'Köln', region: l!.region, ip: l!.ip || '127.0.0.1', position: l!.position, ...(minStaff === undefined ? {} : { minStaff }) } };
};

describe('the location form', () => {
  it('saves the minimum staffing Monday to Saturday and shows it', async () => {
    const need = [2, staff, 2, 2, 2, 1];
    const res = await as('admin@example.com', { method: 'PUT', url: `/api/location/${koeln}`, payload: await locationBody(need) });
    expect(res.statusCode).toBe(200);
    expect(res.json().location.minStaff).toEqual(need);
  });

  it('a client that leaves the field out keeps the values', async () => {
    const res = await as('admin@example.com', { method: 'PUT', url: `/api/location/${koeln}`, payload: await locationBody() });
    expect(res.statusCode).toBe(200);
    expect(res.json().location.minStaff[1]).toBe(staff);
  });

  it('refuses anything but six whole numbers from 0 to 999, saving nothing', async () => {
    for (const bad of [[1, 2, 3], [1, 2, 3, 4, 5, -1], [1, 2, 3, 4, 5, 1.5], [1, 2, 3, 4, 5, 1000], 'viele']) {
      const res = await as('admin@example.com', { method: 'PUT', url: `/api/location/${koeln}`, payload: await locationBody(bad) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Bitte geben Sie für Montag bis Samstag je eine Mindestbesetzung von 0 bis 999 an.');
    }
    const [l] = await t.db.select().from(locations).where(eq(locations.id, koeln));
    expect(l!.minStaff[1]).toBe(staff);
  });
});

describe('a request below the minimum', () => {
  let id: string;
  const expected = () => `Mindestbesetzung in Filiale Köln unterschritten – anwesend wären Di ${german(tuesday)}: ${staff - 1} von mindestens ${staff}.`;

  it('warns the requester in the answer; Wednesday (need 2) is fine', async () => {
    const res = await as('verkauf@example.com', { method: 'POST', url: '/api/appointment', payload: { appointment: { userId: verkauf, startDate: tuesday, endDate: addDays(tuesday, 1) } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().appointment.warnings).toEqual([expected()]);
    id = res.json().appointment.id;
  });

  it('the approver sees it in the row and, as of now, before deciding', async () => {
    const row = (await as('filialleitung@example.com', { method: 'GET', url: `/api/absence/0/all/1?year=${NEXT}` })).json().absences.find((r: { id: string }) => r.id === id);
    expect(row.warnings).toEqual([expected()]);
    const now = await as('filialleitung@example.com', { method: 'GET', url: `/api/appointment/${id}/warnings` });
    expect(now.json()).toEqual({ warnings: [expected()] });
  });

  it('counts approved absences of the others: a colleague away that day makes it fewer', async () => {
    const [colleague] = await t.db.select().from(users).where(eq(users.email, 'filialleitung@example.com'));
    expect(colleague!.locationId).toBe(koeln);
    await t.db.insert(absences).values({ kind: 'sick', userId: colleague!.id, startDate: tuesday, endDate: tuesday, countDays: 1, daysByYear: { [String(NEXT)]: 1 } });
    const now = await as('filialleitung@example.com', { method: 'GET', url: `/api/appointment/${id}/warnings` });
    expect(now.json().warnings[0]).toContain(`Di ${german(tuesday)}: ${staff - 2} von mindestens ${staff}`);
  });

  it('someone outside the request’s scope gets 404 for its warnings', async () => {
    expect((await as('lagerist@example.com', { method: 'GET', url: `/api/appointment/${id}/warnings` })).statusCode).toBe(404);
  });

  it('once approved, the calendar marks the Tuesday as understaffed, not the Wednesday', async () => {
    expect((await as('filialleitung@example.com', { method: 'PUT', url: `/api/updateabsence/${id}/1` })).statusCode).toBe(200);
    const week = (await as('filialleitung@example.com', { method: 'GET', url: `/api/calendar/${koeln}/${tuesday}` })).json() as CalendarWeek;
    const [, tue, wed, , , sat, sun] = week.days;
    expect(tue).toMatchObject({ minStaff: staff, understaffed: true });
    expect(wed).toMatchObject({ minStaff: 2, understaffed: false });
    expect(sat).toMatchObject({ minStaff: 1, understaffed: true });
    expect(sun).toMatchObject({ minStaff: 0, understaffed: false });
  });
});
