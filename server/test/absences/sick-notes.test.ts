import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, like, ne } from 'drizzle-orm';
import { absences } from '../../src/modules/absences/absences.table.ts';
import { auditLog } from '../../src/platform/audit.table.ts';
import { taskAssignments, tasks } from '../../src/modules/tasks/tasks.table.ts';
import { users } from '../../src/modules/users/users.table.ts';
import { files } from '../../src/platform/files.table.ts';
import { currentYear } from '../../src/platform/dates.ts';
import { addDays, firstWeekday, german } from './days.ts';
import { buildTestApp, countStored, type TestContext } from '../helpers.ts';
import { pdf } from '../pdf-text.ts';
import { readXlsx } from '../xlsx.ts';

/** Sick notes: first or follow-up certificate, the certificate file (health data), 'Kind krank' apart, the 42-day rule of § 3 EFZG. */
let t: TestContext;
const id: Record<string, string> = {};
const Y = currentYear() - 1;
const heic = fs.readFileSync(path.join(import.meta.dirname, '../fixtures/foto.heic'));

beforeAll(async () => {
  t = await buildTestApp();
  for (const u of await t.db.select().from(users)) id[u.email] = u.id;
  await t.db.delete(absences).where(eq(absences.userId, id['verkauf@example.com']!));
});
afterAll(() => t.close());

const as = async (email: string, opts: Parameters<TestContext['as']>[1]) => t.as(await t.login(email), opts);
const report = (email: string, sickReport: Record<string, unknown>) =>
  as(email, { method: 'POST', url: '/api/sickreport', payload: { sickReport: { userId: id['verkauf@example.com'], ...sickReport } } });
const upload = (email: string, reportId: string, name: string, bytes: Buffer) =>
  as(email, { method: 'POST', url: `/api/sickreport/${reportId}/certificate?name=${encodeURIComponent(name)}`, headers: { 'content-type': 'application/octet-stream' }, payload: bytes });
const readsOfReports = and(eq(auditLog.entity, 'sick_report'), eq(auditLog.action, 'read'));
const downloads = async () => (await t.db.select({ n: count() }).from(auditLog).where(readsOfReports))[0]!.n;

describe('a sick report with a certificate', () => {
  let reportId: string;

  it('records a first certificate and the kind', async () => {
    const res = await report('filialleitung@example.com', { startDate: `${Y}-02-02`, endDate: `${Y}-02-06`, certificate: 'first' });
    expect(res.statusCode).toBe(200);
    expect(res.json().sickReport).toMatchObject({ kind: 'own', certificate: 'first', certificateFile: null });
    reportId = res.json().sickReport.id;
  });

  it('refuses an unknown certificate or kind with German messages, saving nothing', async () => {
    const before = (await t.db.select().from(absences)).length;
    const a = await report('filialleitung@example.com', { startDate: `${Y}-03-02`, endDate: `${Y}-03-03`, certificate: 'yellow' });
    expect(a.statusCode).toBe(400);
    expect(a.json().error.message).toBe('Bitte wählen Sie Erst- oder Folgebescheinigung.');
    const b = await report('filialleitung@example.com', { startDate: `${Y}-03-02`, endDate: `${Y}-03-03`, kind: 'dog' });
    expect(b.statusCode).toBe(400);
    expect(b.json().error.message).toBe('Bitte wählen Sie „Krank“ oder „Kind krank“.');
    expect((await t.db.select().from(absences)).length).toBe(before);
  });

  it('takes the certificate as PDF; the branch management and HR see it in the row', async () => {
    const res = await upload('filialleitung@example.com', reportId, 'AU Berg.pdf', await pdf('Arbeitsunfähigkeitsbescheinigung'));
    expect(res.statusCode).toBe(200);
    expect(res.json().sickReport.certificateFile).toMatchObject({ name: 'AU Berg.pdf', mimeType: 'application/pdf' });
    const [person] = await t.db.select().from(users).where(eq(users.id, id['verkauf@example.com']!));
    const hr = (await as('personalleitung@example.com', { method: 'GET', url: `/api/sickreport/0/all/4?year=${Y}&searchTerm=${encodeURIComponent(person!.lastName)}` })).json().sickReports.find((r: { id: string }) => r.id === reportId);
    expect(hr.certificateFile.name).toBe('AU Berg.pdf');
  });

  it('a HEIC photo is kept as JPEG and replaces the PDF, whose bytes go', async () => {
    const stored = await countStored(t.storage);
    const res = await upload('personalleitung@example.com', reportId, 'au.heic', heic);
    expect(res.statusCode).toBe(200);
    expect(res.json().sickReport.certificateFile).toMatchObject({ name: 'au.jpg', mimeType: 'image/jpeg' });
    expect(await countStored(t.storage)).toBe(stored);
  });

  it('refuses other files and a file too large, keeping the certificate', async () => {
    const text = await upload('filialleitung@example.com', reportId, 'notiz.txt', Buffer.from('hallo'));
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toBe('Bitte laden Sie die Bescheinigung als PDF, JPEG oder HEIC hoch.');
    const fake = await upload('filialleitung@example.com', reportId, 'au.pdf', Buffer.from('kein pdf'));
    expect(fake.statusCode).toBe(400);
    const [row] = await t.db.select({ name: files.name }).from(absences).innerJoin(files, eq(files.id, absences.certificateFileId)).where(eq(absences.id, reportId));
    expect(row!.name).toBe('au.jpg');
  });

  it('downloads for those with the sick-report rights, each download recorded', async () => {
    const before = await downloads();
    const res = await as('filialleitung@example.com', { method: 'GET', url: `/api/sickreport/${reportId}/certificate` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(await downloads()).toBe(before + 1);
    const [log] = await t.db.select().from(auditLog).where(and(readsOfReports, eq(auditLog.entityId, reportId)));
    expect(log).toMatchObject({ actorId: id['filialleitung@example.com'], subjectId: id['verkauf@example.com'], ip: '127.0.0.1', sealed: null });
  });

  it('never for the person’s colleague, another branch’s management or the person in the list; nothing recorded', async () => {
    const before = await downloads();
    expect((await as('verkauf@example.com', { method: 'GET', url: `/api/sickreport/${reportId}/certificate` })).statusCode).toBe(403);
    expect((await as('azubi@example.com', { method: 'GET', url: `/api/sickreport/${reportId}/certificate` })).statusCode).toBe(403);
    // A branch manager elsewhere: the report does not exist for them.
    const [manager] = await t.db.select().from(users).where(eq(users.email, 'filialleitung@example.com'));
    const [other] = await t.db.select().from(users).where(and(eq(users.groupId, manager!.groupId), ne(users.locationId, manager!.locationId), eq(users.active, true)));
    expect(other).toBeDefined();
    expect((await as(other!.email, { method: 'GET', url: `/api/sickreport/${reportId}/certificate` })).statusCode).toBe(404);
    expect((await as('verkauf@example.com', { method: 'POST', url: `/api/sickreport/${reportId}/certificate?name=x.pdf`, headers: { 'content-type': 'application/octet-stream' }, payload: await pdf('x') })).statusCode).toBe(403);
    expect(await downloads()).toBe(before);
  });

  it('the export names kind and certificate, never the file', async () => {
    const rows = await readXlsx(await as('personalleitung@example.com', { method: 'POST', url: `/api/exportsickreport/all/4?year=${Y}` }));
    const header = rows[0]!;
    const row = rows.find((r) => r[header.indexOf('Bescheinigung')] === 'Erstbescheinigung')!;
    expect(row[header.indexOf('Art')]).toBe('Krank');
    expect(JSON.stringify(rows)).not.toContain('au.jpg');
  });

  it('whoever only exports (Buchhaltung, no sick-report rights) gets the days, never kind or certificate', async () => {
    const [accountant] = await t.db.select().from(users).where(eq(users.email, 'buchhaltung@example.com'));
    const colleague = (await t.db.select().from(users).where(and(eq(users.locationId, accountant!.locationId), ne(users.id, accountant!.id))))[0]!;
    await t.db.insert(absences).values({ kind: 'sick', userId: colleague.id, startDate: `${Y}-10-06`, endDate: `${Y}-10-07`, countDays: 2, daysByYear: { [Y]: 2 }, sickKind: 'child', certificate: 'first' });
    const rows = await readXlsx(await as('buchhaltung@example.com', { method: 'POST', url: `/api/exportsickreport/all/4?year=${Y}` }));
    const header = rows[0]!;
    const row = rows.find((r) => r[header.indexOf('Nachname')] === colleague.lastName && String(r[header.indexOf('Von')]).length > 0)!;
    expect(row).toBeDefined();
    for (const r of rows.slice(1)) {
      expect(r[header.indexOf('Art')] ?? '').toBe('');
      expect(r[header.indexOf('Bescheinigung')] ?? '').toBe('');
    }
  });

  it('deleting the report removes the certificate’s bytes', async () => {
    const stored = await countStored(t.storage);
    expect((await as('personalleitung@example.com', { method: 'DELETE', url: `/api/sickreport/${reportId}` })).statusCode).toBe(204);
    expect(await countStored(t.storage)).toBe(stored - 1);
  });
});

describe('Kind krank', () => {
  it('is counted apart from the own sickness in the person’s days and the summary', async () => {
    // A Tuesday in May: two working days of a sick child, one of the own sickness a week later.
    const tuesday = firstWeekday(`${Y}-05-01`, 2);
    expect((await report('filialleitung@example.com', { startDate: tuesday, endDate: addDays(tuesday, 1), kind: 'child' })).statusCode).toBe(200);
    expect((await report('filialleitung@example.com', { startDate: addDays(tuesday, 7), endDate: addDays(tuesday, 7) })).statusCode).toBe(200);
    const days = (await as('filialleitung@example.com', { method: 'GET', url: `/api/countsickdays?userId=${id['verkauf@example.com']}` })).json();
    expect(days).toMatchObject({ sickDaysLastYear: 1, childSickDaysLastYear: 2 });
    const summary = (await as('personalleitung@example.com', { method: 'GET', url: `/api/sickreport/summary/0/all?year=${Y}&searchTerm=${encodeURIComponent((await t.db.select().from(users).where(eq(users.id, id['verkauf@example.com']!)))[0]!.lastName)}` })).json();
    expect(summary.users.find((u: { id: string }) => u.id === id['verkauf@example.com'])).toMatchObject({ sickDaysThisYear: 1, childSickDaysThisYear: 2 });
  });
});

describe('continued pay ends after 42 days (§ 3 EFZG)', () => {
  const start = `${Y}-09-07`;
  const title = async () => {
    const [u] = await t.db.select().from(users).where(eq(users.id, id['verkauf@example.com']!));
    return `Entgeltfortzahlung endet: ${u!.firstName} ${u!.lastName}, ${german(addDays(start, 46))}`;
  };

  it('a first certificate of 30 days and a follow-up of 20 after a break: HR gets one task naming the 42nd day', async () => {
    expect((await report('filialleitung@example.com', { startDate: start, endDate: addDays(start, 29), certificate: 'first' })).statusCode).toBe(200);
    expect(await t.db.select().from(tasks).where(like(tasks.title, 'Entgeltfortzahlung endet%'))).toEqual([]);
    expect((await report('filialleitung@example.com', { startDate: addDays(start, 35), endDate: addDays(start, 54), certificate: 'followUp' })).statusCode).toBe(200);
    const made = await t.db.select().from(tasks).where(like(tasks.title, 'Entgeltfortzahlung endet%'));
    // Day 42: the twelfth day of the follow-up (30 days, then from day 36 after the start).
    expect(made.map((x) => x.title)).toEqual([await title()]);
    const holders = await t.db.select({ userId: taskAssignments.userId }).from(taskAssignments).where(eq(taskAssignments.taskId, made[0]!.id));
    expect(holders.map((h) => h.userId)).toContain(id['personalleitung@example.com']);
    expect(holders.map((h) => h.userId)).not.toContain(id['filialleitung@example.com']);
  });

  it('a further report of the same chain makes no second task; a sick child never starts one', async () => {
    expect((await report('filialleitung@example.com', { startDate: addDays(start, 55), endDate: addDays(start, 60), certificate: 'followUp' })).statusCode).toBe(200);
    expect((await report('filialleitung@example.com', { startDate: `${Y}-11-10`, endDate: `${Y}-12-31`, kind: 'child' })).statusCode).toBe(200);
    expect(await t.db.select().from(tasks).where(like(tasks.title, 'Entgeltfortzahlung endet%'))).toHaveLength(1);
  });
});
