import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, notInArray } from 'drizzle-orm';
import type { AuditChange, AuditEntity } from '@filialportal/core/audit';
import { absences } from '../../src/modules/absences/absences.table.ts';
import { accountsFor, saveAccount } from '../../src/modules/absences/contingents.service.ts';
import { users } from '../../src/modules/users/users.table.ts';
import { unseal } from '../../src/platform/audit.ts';
import { auditLog, personKeys } from '../../src/platform/audit.table.ts';
import { currentYear } from '../../src/platform/dates.ts';
import { addDays, firstWeekday } from './days.ts';
import { buildTestApp, type TestContext } from '../helpers.ts';

/** The audit trail of the absences module: vacation accounts, requests and decisions, sick reports and reads of sick days. */
let t: TestContext;
const id: Record<string, string> = {};
const Y = currentYear();
/** A Monday to Friday of next September (no public holiday, no blocked period). */
const monday = firstWeekday(`${Y + 1}-09-07`, 1);
const friday = addDays(monday, 4);
/** A colleague of Verkauf at the same branch, for a report moved to another person. */
let colleague: string;

beforeAll(async () => {
  t = await buildTestApp();
  for (const u of await t.db.select().from(users)) id[u.email] = u.id;
  const verkauf = id['verkauf@example.com']!;
  await t.db.update(users).set({ freeDays: ['', '', '', '', '', 'Sa', 'So'], holidayContingent: 30 }).where(eq(users.id, verkauf));
  await t.db.delete(absences).where(eq(absences.userId, verkauf));
  const [home] = await t.db.select({ locationId: users.locationId }).from(users).where(eq(users.id, verkauf));
  const [other] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.locationId, home!.locationId), notInArray(users.email, ['verkauf@example.com', 'filialleitung@example.com'])))
    .limit(1);
  colleague = other!.id;
  await t.db.delete(absences).where(eq(absences.userId, colleague));
});
afterAll(() => t.close());

const as = async (email: string, opts: Parameters<TestContext['as']>[1]) => t.as(await t.login(email), opts);
const entries = (entity: AuditEntity, entityId: string) =>
  t.db.select().from(auditLog).where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId))).orderBy(asc(auditLog.id));
const total = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;

/** The changes of an entry, opened with its subject's key: field → [before, after]. */
async function opened(row: typeof auditLog.$inferSelect): Promise<Record<string, [unknown, unknown]>> {
  expect(row.changes).toBeNull();
  const [k] = await t.db.select().from(personKeys).where(eq(personKeys.userId, row.subjectId!));
  const list = unseal(k?.key ?? null, row.sealed!) as AuditChange[] | null;
  expect(list).not.toBeNull();
  return Object.fromEntries(list!.map((c) => [c.field, [c.before, c.after]]));
}

describe('vacation accounts', () => {
  const key = () => `${id['verkauf@example.com']}:${Y}`;

  it('records the values before and after, sealed for the person, with who and from where', async () => {
    const userId = id['verkauf@example.com']!;
    const computed = (await accountsFor(t, { userIds: [userId], year: Y })).get(userId)!;
    const actor = { userId: id['personalleitung@example.com']!, ip: '10.1.2.3' };
    await saveAccount(t, { userId, year: Y, surplus: computed.surplus + 2, deduction: 1, actor });
    const [row] = await entries('contingent', key());
    expect(row).toMatchObject({ action: 'update', actorId: actor.userId, ip: '10.1.2.3', subjectId: userId });
    expect(await opened(row!)).toEqual({ surplus: [computed.surplus, computed.surplus + 2], deduction: [0, 1] });
  });

  it('writes nothing when the values stay as they are', async () => {
    const before = await total();
    const userId = id['verkauf@example.com']!;
    const current = (await accountsFor(t, { userIds: [userId], year: Y })).get(userId)!;
    await saveAccount(t, { userId, year: Y, surplus: current.surplus, deduction: current.deduction });
    expect(await total()).toBe(before);
  });

  it('rolls back with the change it records', async () => {
    const before = await total();
    const failed = t.db.transaction(async (tx) => {
      await saveAccount({ db: tx }, { userId: id['verkauf@example.com']!, year: Y, surplus: 40, deduction: 5 });
      throw new Error('abgebrochen');
    });
    await expect(failed).rejects.toThrow('abgebrochen');
    expect(await total()).toBe(before);
  });

  it('records a change from the user form; a refused form writes nothing', async () => {
    const userId = id['verkauf@example.com']!;
    const user = (await as('admin@example.com', { method: 'GET', url: `/api/user/${userId}` })).json().user;
    const body = { user: { ...user, deductionHolidaysCurrentYear: 3 }, role: user.role };
    const before = (await entries('contingent', key())).length;
    expect((await as('filialleitung@example.com', { method: 'PUT', url: `/api/user/${userId}`, payload: body })).statusCode).toBe(403);
    expect(await entries('contingent', key())).toHaveLength(before);
    expect((await as('personalleitung@example.com', { method: 'PUT', url: `/api/user/${userId}`, payload: body })).statusCode).toBe(200);
    const list = await entries('contingent', key());
    expect(list).toHaveLength(before + 1);
    const row = list.at(-1)!;
    expect(row.actorId).toBe(id['personalleitung@example.com']);
    expect(row.subjectId).toBe(userId);
    expect(await opened(row)).toEqual({ deduction: [1, 3] });
  });
});

describe('vacation requests', () => {
  let requestId: string;
  const request = (email: string, startDate: string, endDate: string) =>
    as(email, { method: 'POST', url: '/api/appointment', payload: { appointment: { userId: id['verkauf@example.com'], startDate, endDate } } });
  const decide = (email: string, approved: '0' | '1', payload: Record<string, unknown> = {}) => as(email, { method: 'PUT', url: `/api/updateabsence/${requestId}/${approved}`, payload });

  it('records the request as created by the person', async () => {
    const res = await request('verkauf@example.com', monday, friday);
    expect(res.statusCode).toBe(200);
    requestId = res.json().appointment.id;
    const [row] = await entries('vacation', requestId);
    expect(row).toMatchObject({ action: 'create', actorId: id['verkauf@example.com'], subjectId: id['verkauf@example.com'], ip: '127.0.0.1' });
    expect(await opened(row!)).toEqual({
      status: [null, 'offen'],
      startDate: [null, monday],
      endDate: [null, friday],
      countDays: [null, 5],
      dayLength: [null, 'full'],
      specialHoliday: [null, false],
      overtimeDeduction: [null, false],
    });
  });

  it('writes nothing for an overlapping request (422) or a decision the person may not make (403)', async () => {
    const before = await total();
    expect((await request('verkauf@example.com', friday, addDays(friday, 3))).statusCode).toBe(422);
    expect((await decide('verkauf@example.com', '1')).statusCode).toBe(403);
    expect(await total()).toBe(before);
  });

  it('records a decision: the state before and after and the comment', async () => {
    expect((await decide('filialleitung@example.com', '0', { reason: 'Inventur' })).statusCode).toBe(200);
    const [, declined] = await entries('vacation', requestId);
    expect(declined).toMatchObject({ action: 'decide', actorId: id['filialleitung@example.com'], subjectId: id['verkauf@example.com'] });
    expect(await opened(declined!)).toEqual({ status: ['offen', 'abgelehnt'], declineReason: [null, 'Inventur'] });
    expect((await decide('personalleitung@example.com', '1')).statusCode).toBe(200);
    const [, , approved] = await entries('vacation', requestId);
    expect(approved).toMatchObject({ action: 'decide', actorId: id['personalleitung@example.com'] });
    expect(await opened(approved!)).toEqual({ status: ['abgelehnt', 'akzeptiert'], declineReason: ['Inventur', null] });
  });

  it('records a deletion with the request as it was; a refused one writes nothing', async () => {
    const before = await total();
    expect((await as('verkauf@example.com', { method: 'DELETE', url: `/api/appointment/${requestId}` })).statusCode).toBe(403);
    expect(await total()).toBe(before);
    expect((await as('personalleitung@example.com', { method: 'DELETE', url: `/api/appointment/${requestId}` })).statusCode).toBe(204);
    const row = (await entries('vacation', requestId)).at(-1)!;
    expect(row).toMatchObject({ action: 'delete', actorId: id['personalleitung@example.com'], subjectId: id['verkauf@example.com'] });
    expect(await opened(row)).toMatchObject({ status: ['akzeptiert', null], startDate: [monday, null], endDate: [friday, null], countDays: [5, null] });
  });
});

describe('sick reports', () => {
  let reportId: string;
  const start = `${Y - 1}-03-02`;
  const report = (email: string, sickReport: Record<string, unknown>, reportOf?: string) =>
    as(email, {
      method: reportOf ? 'PUT' : 'POST',
      url: reportOf ? `/api/sickreport/${reportOf}` : '/api/sickreport',
      payload: { sickReport: { userId: id['verkauf@example.com'], startDate: start, endDate: addDays(start, 4), ...sickReport } },
    });

  it('records a new report for the sick person', async () => {
    const res = await report('filialleitung@example.com', { certificate: 'first' });
    expect(res.statusCode).toBe(200);
    reportId = res.json().sickReport.id;
    const [row] = await entries('sick_report', reportId);
    expect(row).toMatchObject({ action: 'create', actorId: id['filialleitung@example.com'], subjectId: id['verkauf@example.com'] });
    const countDays = res.json().sickReport.countDays;
    expect(await opened(row!)).toEqual({
      userId: [null, id['verkauf@example.com']],
      startDate: [null, start],
      endDate: [null, addDays(start, 4)],
      countDays: [null, countDays],
      kind: [null, 'own'],
      certificateKind: [null, 'first'],
    });
  });

  it('records a correction with the changed fields only; an unchanged save writes nothing', async () => {
    expect((await report('filialleitung@example.com', { kind: 'child', certificate: 'followUp' }, reportId)).statusCode).toBe(200);
    const [, row] = await entries('sick_report', reportId);
    expect(row).toMatchObject({ action: 'update', actorId: id['filialleitung@example.com'], subjectId: id['verkauf@example.com'] });
    expect(await opened(row!)).toEqual({ kind: ['own', 'child'], certificateKind: ['first', 'followUp'] });
    const before = await total();
    expect((await report('filialleitung@example.com', { kind: 'child', certificate: 'followUp' }, reportId)).statusCode).toBe(200);
    expect(await total()).toBe(before);
  });

  it('writes nothing for a report refused (403) or invalid (400)', async () => {
    const before = await total();
    expect((await report('verkauf@example.com', { startDate: `${Y - 1}-05-04`, endDate: `${Y - 1}-05-05` })).statusCode).toBe(403);
    expect((await report('filialleitung@example.com', { certificate: 'yellow' }, reportId)).statusCode).toBe(400);
    expect(await total()).toBe(before);
  });

  it('a report moved to another person: each person’s values sealed with their own key', async () => {
    expect((await report('filialleitung@example.com', { userId: colleague, kind: 'child', certificate: 'followUp' }, reportId)).statusCode).toBe(200);
    const [, , left, arrived] = await entries('sick_report', reportId);
    expect(left).toMatchObject({ action: 'update', subjectId: id['verkauf@example.com'] });
    expect(await opened(left!)).toMatchObject({ userId: [id['verkauf@example.com'], colleague], startDate: [start, null], kind: ['child', null] });
    expect(arrived).toMatchObject({ action: 'update', subjectId: colleague });
    expect(await opened(arrived!)).toMatchObject({ userId: [id['verkauf@example.com'], colleague], startDate: [null, start], kind: [null, 'child'] });
    expect(await opened(arrived!)).not.toHaveProperty('certificate');
  });

  it('records a deletion with the report’s fields', async () => {
    const before = await total();
    expect((await as('verkauf@example.com', { method: 'DELETE', url: `/api/sickreport/${reportId}` })).statusCode).toBe(403);
    expect(await total()).toBe(before);
    expect((await as('filialleitung@example.com', { method: 'DELETE', url: `/api/sickreport/${reportId}` })).statusCode).toBe(204);
    const row = (await entries('sick_report', reportId)).at(-1)!;
    expect(row).toMatchObject({ action: 'delete', actorId: id['filialleitung@example.com'], subjectId: colleague });
    expect(await opened(row)).toMatchObject({ userId: [colleague, null], startDate: [start, null], kind: ['child', null], certificateKind: ['followUp', null] });
  });
});

describe('reading sick days', () => {
  const reads = () => t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'sick_report'), eq(auditLog.action, 'read'))).orderBy(asc(auditLog.id));

  it('records a look at another person’s sick days: who, whose, from where; nothing sealed', async () => {
    const verkauf = id['verkauf@example.com']!;
    const before = (await reads()).length;
    expect((await as('filialleitung@example.com', { method: 'GET', url: `/api/countsickdays?userId=${verkauf}` })).statusCode).toBe(200);
    const list = await reads();
    expect(list).toHaveLength(before + 1);
    expect(list.at(-1)).toMatchObject({ entityId: verkauf, subjectId: verkauf, actorId: id['filialleitung@example.com'], ip: '127.0.0.1', changes: null, sealed: null });
  });

  it('writes nothing for the own sick days, a refused look or the lists over many people', async () => {
    const before = await total();
    const own = id['verkauf@example.com'];
    expect((await as('verkauf@example.com', { method: 'GET', url: '/api/countsickdays' })).statusCode).toBe(200);
    expect((await as('verkauf@example.com', { method: 'GET', url: `/api/countsickdays?userId=${own}` })).statusCode).toBe(200);
    expect((await as('verkauf@example.com', { method: 'GET', url: `/api/countsickdays?userId=${id['filialleitung@example.com']}` })).statusCode).toBe(404);
    expect((await as('personalleitung@example.com', { method: 'GET', url: '/api/sickreport/0/all/4' })).statusCode).toBe(200);
    expect((await as('personalleitung@example.com', { method: 'GET', url: '/api/sickreport/0/all/4?searchTerm=Verkauf' })).statusCode).toBe(200);
    expect((await as('personalleitung@example.com', { method: 'GET', url: '/api/sickreport/summary/0/all' })).statusCode).toBe(200);
    expect(await total()).toBe(before);
  });

  it('records an export of sick reports (which list, not whose rows); a refused one writes nothing', async () => {
    const before = await total();
    expect((await as('verkauf@example.com', { method: 'POST', url: '/api/exportsickreport/all/4' })).statusCode).toBe(403);
    expect(await total()).toBe(before);
    const res = await as('personalleitung@example.com', { method: 'POST', url: `/api/exportsickreport/all/4?year=${Y}&searchTerm=Wolf` });
    expect(res.statusCode).toBe(200);
    const [entry] = await entries('sick_report', 'all/4');
    expect(entry).toMatchObject({ action: 'export', actorId: id['personalleitung@example.com'], subjectId: null, sealed: null });
    expect(entry!.changes).toEqual([
      { field: 'year', before: null, after: Y },
      { field: 'searchTerm', before: null, after: 'Wolf' },
    ]);
  });
});
