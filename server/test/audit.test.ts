import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { RETENTION_DEFAULTS } from '@filialportal/core/retention';
import { runRetentionOnce } from '../src/modules/global-settings/global-settings.service.ts';
import { globalSettings } from '../src/modules/global-settings/global-settings.table.ts';
import { locations } from '../src/modules/locations/locations.table.ts';
import { notifications } from '../src/modules/notifications/notifications.table.ts';
import { loginLog } from '../src/modules/session/session.table.ts';
import { absences } from '../src/modules/absences/absences.table.ts';
import { claimFiles, claims } from '../src/modules/claims/claims.table.ts';
import { files } from '../src/platform/files.table.ts';
import { saveFile } from '../src/platform/uploads.ts';
import { userGroups } from '../src/modules/teams/teams.table.ts';
import { users } from '../src/modules/users/users.table.ts';
import { auditLog, personKeys } from '../src/platform/audit.table.ts';
import { RETENTION_BATCH } from '../src/platform/retention.ts';
import { buildTestApp, type TestContext } from './helpers.ts';
import { readXlsx } from './xlsx.ts';

/** The audit trail: written with each change, append-only in the database, read by Admin alone. */

let t: TestContext;
let admin: string;
let koeln: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin@example.com');
  koeln = (await t.db.select().from(locations).where(eq(locations.name, 'Filiale Köln')))[0]!.id;
});
afterAll(() => t.close());

/** What the database said, through Drizzle's wrapper. */
const refusal = (work: Promise<unknown>) =>
  work.then(
    () => 'accepted',
    (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
  );
const entries = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;
const lastEntry = async () => (await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;
const adminId = async () => (await t.db.select().from(users).where(eq(users.email, 'admin@example.com')))[0]!.id;
const list = (query: string, token = admin) => t.as(token, { method: 'GET', url: `/api/audit?${query}` });
const location = (over: Record<string, unknown> = {}) => ({
  location: { name: 'Filiale Bremen', shortName: 'HB', street: 'Am Wall 1', zip: '28195', city: 'Bremen', region: 'HB', ip: '10.0.5.1', position: 10, ...over },
});

describe('audit_log in the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of an entry', async () => {
    await t.db.insert(auditLog).values({ entity: 'location', entityId: 'x', action: 'update' });
    const before = await entries();
    expect(await refusal(t.db.execute(sql`update audit_log set action = 'delete'`))).toMatch(/append-only: UPDATE/);
    expect(await refusal(t.db.execute(sql`delete from audit_log`))).toMatch(/append-only: DELETE/);
    expect(await refusal(t.db.execute(sql`truncate audit_log`))).toMatch(/append-only: TRUNCATE/);
    expect(await entries()).toBe(before);
    expect((await lastEntry()).action).toBe('update');
  });

  it('lets only rows past the retention period go', async () => {
    const old = new Date(Date.now() - (RETENTION_DEFAULTS.auditDays + 2) * 86_400_000);
    await t.db.insert(auditLog).values({ at: old, entity: 'location', entityId: 'expired', action: 'update' });
    const gone = await t.db.execute(sql`delete from audit_log where entity_id = 'expired'`);
    expect((gone as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? (gone as unknown as { affectedRows: number }).affectedRows).toBe(1);
    expect(await refusal(t.db.execute(sql`delete from audit_log where entity_id = 'x'`))).toMatch(/append-only: DELETE/);
  });
});

describe('changes recorded with the change', () => {
  it('a location created, changed and deleted: three entries with the fields, readable in the list', async () => {
    const created = await t.as(admin, { method: 'POST', url: '/api/location', payload: location() });
    expect(created.statusCode).toBe(200);
    const id = created.json().location.id as string;
    expect((await t.as(admin, { method: 'PUT', url: `/api/location/${id}`, payload: location({ city: 'Bremen-Nord' }) })).statusCode).toBe(200);
    expect((await t.as(admin, { method: 'DELETE', url: `/api/location/${id}` })).statusCode).toBeLessThan(300);

    const res = await list(`entity=location&id=${id}`);
    expect(res.statusCode).toBe(200);
    const found = res.json().list as { action: string; actorName: string; ip: string; changes: { field: string; before: unknown; after: unknown }[] }[];
    expect(found.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(found[1]!.changes).toEqual([{ field: 'city', before: 'Bremen', after: 'Bremen-Nord' }]);
    expect(found[2]!.changes).toContainEqual({ field: 'name', before: null, after: 'Filiale Bremen' });
    expect(found[0]!.changes).toContainEqual({ field: 'city', before: 'Bremen-Nord', after: null });
    const me = (await t.db.select().from(users).where(eq(users.email, 'admin@example.com')))[0]!;
    expect(found.every((e) => e.actorName === `${me.firstName} ${me.lastName}` && e.ip === '127.0.0.1')).toBe(true);
  });

  it('a refused change writes nothing', async () => {
    const before = await entries();
    const taken = await t.as(admin, { method: 'POST', url: '/api/location', payload: location({ name: 'Filiale Köln' }) });
    expect(taken.statusCode).toBe(409);
    const denied = await t.as(await t.login('verkauf@example.com'), { method: 'POST', url: '/api/location', payload: location({ name: 'Filiale Kiel' }) });
    expect(denied.statusCode).toBe(403);
    expect(await entries()).toBe(before);
  });

  it('a group’s permissions: before and after', async () => {
    const [group] = await t.db.select().from(userGroups).where(eq(userGroups.name, 'Aushilfe'));
    const teams = await t.as(admin, { method: 'GET', url: '/api/team' });
    const team = (teams.json().teams as { id: string }[]).find((x) => x.id === group!.id) as Record<string, unknown>;
    const permissions = [...group!.permissions, 'schulung_sehen'].filter((p, i, a) => a.indexOf(p) === i);
    const res = await t.as(admin, { method: 'PUT', url: `/api/team/${group!.id}`, payload: { team: { ...team, parent: team.parent ?? null, permissions } } });
    expect(res.statusCode).toBe(200);
    const entry = await lastEntry();
    expect(entry).toMatchObject({ entity: 'group', entityId: group!.id, action: 'update', actorId: await adminId(), sealed: null });
    const changes = entry.changes as { field: string; before: string[]; after: string[] }[];
    const perms = changes.find((c) => c.field === 'permissions');
    if (!group!.permissions.includes('schulung_sehen')) expect(perms!.after).toContain('schulung_sehen');
  });

  it('a person’s fields are sealed with the person’s key and readable in the list until the key is gone', async () => {
    const [nina] = await t.db.select().from(users).where(eq(users.email, 'verkauf@example.com'));
    const form = await t.as(admin, { method: 'GET', url: `/api/user/${nina!.id}` });
    expect(form.statusCode).toBe(200);
    const user = form.json().user as Record<string, unknown>;
    const payload = { user: { ...user, phone: '0221 999 111', location: user.location ?? koeln }, role: user.role };
    const res = await t.as(admin, { method: 'PUT', url: `/api/user/${nina!.id}`, payload });
    expect(res.statusCode).toBe(200);

    const entry = await lastEntry();
    expect(entry).toMatchObject({ entity: 'user', entityId: nina!.id, subjectId: nina!.id, changes: null });
    // The raw row holds no readable value of the person.
    expect(entry.sealed!.toString('latin1')).not.toContain('0221 999 111');

    const shown = (await list(`id=${nina!.id}`)).json().list[0];
    expect(shown).toMatchObject({ subjectId: nina!.id, erased: false });
    expect(shown.changes).toContainEqual({ field: 'phone', before: nina!.phone, after: '0221 999 111' });

    // Erasure destroys the key: the entry stays, its values cannot be read any more.
    await t.db.delete(personKeys).where(eq(personKeys.userId, nina!.id));
    const after = (await list(`id=${nina!.id}`)).json().list[0];
    expect(after).toMatchObject({ id: shown.id, erased: true, changes: null });
  });
});

describe('deleting a person', () => {
  it('erases their values in the trail: the entries stay, their fields can no longer be read', async () => {
    const [person] = await t.db.select().from(users).where(eq(users.email, 'aushilfe@example.com'));
    expect((await t.as(admin, { method: 'GET', url: `/api/activate/user/${person!.id}` })).statusCode).toBe(200);
    const readable = (await list(`id=${person!.id}`)).json().list[0];
    expect(readable).toMatchObject({ erased: false, changes: [{ field: 'active', before: true, after: false }] });

    expect((await t.as(admin, { method: 'DELETE', url: `/api/user/${person!.id}` })).statusCode).toBeLessThan(300);
    const after = (await list(`id=${person!.id}`)).json().list as { id: string; action: string; erased: boolean; changes: unknown; subjectName: string }[];
    expect(after.map((e) => e.action)).toEqual(['delete', 'update']);
    expect(after.every((e) => e.erased && e.changes === null && e.subjectName === MSG.deletedUser)).toBe(true);
    expect(await t.db.select().from(personKeys).where(eq(personKeys.userId, person!.id))).toEqual([]);
  });
});

describe('GET /api/audit', () => {
  it('is for Admin alone: 401 without a session, 403 for HR', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
    expect((await list('', await t.login('personalleitung@example.com'))).statusCode).toBe(403);
  });

  it('filters by person and time and pages with next', async () => {
    const mine = (await list(`actor=${await adminId()}`)).json();
    expect(mine.list.length).toBeGreaterThan(0);
    expect(mine.list.every((e: { actorId: string }) => e.actorId === mine.list[0].actorId)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`since=2000-01-01&until=2000-01-02`)).json().list).toEqual([]);
    const recent = (await list(`since=${today}`)).json().list as { at: string }[];
    expect(recent.length).toBeGreaterThan(0);
    for (let i = 0; i < 60; i++) await t.db.insert(auditLog).values({ entity: 'settings', entityId: `p${i}`, action: 'update' });
    const first = (await list('entity=settings')).json();
    expect(first.list).toHaveLength(50);
    const second = (await list(`entity=settings&from=${first.next}`)).json();
    expect(second.list.length).toBeGreaterThanOrEqual(10);
    expect(new Set([...first.list, ...second.list].map((e: { id: string }) => e.id)).size).toBe(first.list.length + second.list.length);
  });

  it.each([
    ['a date that is none', 'since=2026-02-30', MSG.auditDateInvalid],
    ['text as a date', 'until=gestern', MSG.auditDateInvalid],
    ['an end before the start', 'since=2026-05-02&until=2026-05-01', MSG.auditRangeInvalid],
    ['an unknown area', 'entity=passwords', MSG.auditEntityInvalid],
    ['a person that is no id', 'actor=1%27%20or%201=1', MSG.auditActorInvalid],
    ['a cursor with a NUL byte', 'from=12%00', MSG.invalidCharacters],
    ['a cursor that is no number', 'from=12abc', MSG.auditCursorInvalid],
    ['a cursor past any id', 'from=9999999999999999999', MSG.auditCursorInvalid],
  ])('refuses %s with 400', async (_what, query, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('exports the filtered trail as XLSX', async () => {
    const res = await t.as(admin, { method: 'GET', url: '/api/audit/export?entity=location' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readXlsx(res);
    expect(rows[0]).toEqual(['Zeitpunkt', 'Person', 'IP-Adresse', 'Bereich', 'Aktion', 'Datensatz', 'Betrifft', 'Änderungen']);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.slice(1).every((r) => r[3] === 'Standort')).toBe(true);
    expect(rows.some((r) => String(r[7]).includes('Ort: Bremen → Bremen-Nord'))).toBe(true);
  });
});

describe('retention settings', () => {
  it('shows the defaults, refuses a period out of bounds and saves a valid one with an entry', async () => {
    const got = await t.as(admin, { method: 'GET', url: '/api/globalsettings/retention' });
    expect(got.json()).toEqual({ retention: RETENTION_DEFAULTS });
    const before = await entries();
    const bad = await t.as(admin, { method: 'PUT', url: '/api/globalsettings/retention', payload: { retention: { ...RETENTION_DEFAULTS, auditDays: 3 } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Protokoll (Audit-Trail): bitte eine ganze Zahl von 365 bis 3650 Tagen angeben.');
    expect(await entries()).toBe(before);
    const ok = await t.as(admin, { method: 'PUT', url: '/api/globalsettings/retention', payload: { retention: { ...RETENTION_DEFAULTS, loginLogDays: 90 } } });
    expect(ok.statusCode).toBe(200);
    expect((await t.as(admin, { method: 'GET', url: '/api/globalsettings/retention' })).json().retention.loginLogDays).toBe(90);
    expect(await lastEntry()).toMatchObject({ entity: 'retention', action: 'update', changes: [{ field: 'loginLogDays', before: 180, after: 90 }] });
    expect((await t.as(await t.login('personalleitung@example.com'), { method: 'GET', url: '/api/globalsettings/retention' })).statusCode).toBe(403);
  });
});

describe('the daily retention run', () => {
  const ago = (days: number) => new Date(Date.now() - days * 86_400_000);

  it('deletes exactly what is past its period, once a day across instances, and says so in the trail', async () => {
    await t.db.update(globalSettings).set({ retentionRanOn: null, retention: { ...RETENTION_DEFAULTS, loginLogDays: 100 } });
    const me = await adminId();
    await t.db.insert(loginLog).values([
      { userName: 'retention-old', success: true, createdAt: ago(101) },
      { userName: 'retention-young', success: true, createdAt: ago(99) },
    ]);
    await t.db.insert(notifications).values([
      { userId: me, kind: 'task_new', title: 'retention-old', link: '/', createdAt: ago(RETENTION_DEFAULTS.notificationDays + 1) },
      { userId: me, kind: 'task_new', title: 'retention-young', link: '/', createdAt: ago(RETENTION_DEFAULTS.notificationDays - 1) },
    ]);
    await t.db.insert(auditLog).values([
      { at: ago(RETENTION_DEFAULTS.auditDays + 1), entity: 'settings', entityId: 'retention-old', action: 'update' },
      { at: ago(RETENTION_DEFAULTS.auditDays - 1), entity: 'settings', entityId: 'retention-young', action: 'update' },
    ]);
    const deps = { db: t.db, storage: t.storage, retention: t.app.deps.retention, log: t.app.log };
    // Two instances asking at once: one runs it.
    const ran = await Promise.all([runRetentionOnce(deps), runRetentionOnce(deps)]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(await runRetentionOnce(deps)).toBe(false);

    const names = (await t.db.select({ n: loginLog.userName }).from(loginLog)).map((r) => r.n);
    expect(names).toContain('retention-young');
    expect(names).not.toContain('retention-old');
    const titles = (await t.db.select({ n: notifications.title }).from(notifications)).map((r) => r.n);
    expect(titles).toContain('retention-young');
    expect(titles).not.toContain('retention-old');
    const kept = (await t.db.select({ n: auditLog.entityId }).from(auditLog)).map((r) => r.n);
    expect(kept).toContain('retention-young');
    expect(kept).not.toContain('retention-old');

    const runs = await t.db.select().from(auditLog).where(eq(auditLog.action, 'expire'));
    expect(runs.map((r) => r.entityId).sort()).toEqual(['auditDays', 'loginLogDays', 'notificationDays']);
    expect(runs.find((r) => r.entityId === 'loginLogDays')).toMatchObject({ actorId: null, changes: [{ field: 'removed', before: null, after: 1 }, { field: 'days', before: null, after: 100 }] });
  });

  it('works through years of due records in batches, each its own transaction with its entry in the trail', async () => {
    await t.db.execute(sql`insert into ${loginLog} (user_name, success, created_at) select 'retention-batch', true, now() - interval '400 days' from generate_series(1, ${RETENTION_BATCH * 2 + 7})`);
    await t.db.update(globalSettings).set({ retentionRanOn: null, retention: RETENTION_DEFAULTS });
    const before = (await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'expire'), eq(auditLog.entityId, 'loginLogDays')))).length;
    expect(await runRetentionOnce({ db: t.db, storage: t.storage, retention: t.app.deps.retention, log: t.app.log })).toBe(true);
    expect((await t.db.select({ n: count() }).from(loginLog).where(eq(loginLog.userName, 'retention-batch')))[0]!.n).toBe(0);
    const batches = (await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'expire'), eq(auditLog.entityId, 'loginLogDays')))).slice(before);
    expect(batches.map((r) => (r.changes as { field: string; after: number }[]).find((c) => c.field === 'removed')!.after)).toEqual([RETENTION_BATCH, RETENTION_BATCH, 7]);
  });
});

describe('retention of health data, leavers and claim photos', () => {
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const file = async (name: string) => (await saveFile(t.db, t.storage, { name, mimeType: 'application/pdf', bytes: Buffer.from(`%PDF-1.4 ${name}`), createdBy: null })).id;
  const certFiles = new Map<string, string>();
  const sick = async (userId: string | null, endedDaysAgo: number) => {
    const certificateFileId = await file('au.pdf');
    const [row] = await t.db
      .insert(absences)
      .values({ kind: 'sick', userId, startDate: day(endedDaysAgo + 1), endDate: day(endedDaysAgo), countDays: 2, certificateFileId })
      .returning({ id: absences.id });
    certFiles.set(row!.id, certificateFileId);
    return row!.id;
  };
  const fileCount = async () => (await t.db.select({ n: count() }).from(files))[0]!.n;

  it('removes certificates, then reports, leavers’ absences and completed claims’ photos, each past its own period', async () => {
    const me = await adminId();
    const d = RETENTION_DEFAULTS;
    const certOld = await sick(me, d.sickNoteDays + 1);
    const certYoung = await sick(me, d.sickNoteDays - 1);
    const reportOld = await sick(me, d.sickReportDays + 1);
    const leaverOld = await t.db.insert(absences).values({ kind: 'vacation', userId: null, startDate: day(d.leaverDays + 5), endDate: day(d.leaverDays + 1), countDays: 5, approved: true }).returning({ id: absences.id });
    const leaverYoung = await t.db.insert(absences).values({ kind: 'vacation', userId: null, startDate: day(20), endDate: day(10), countDays: 5, approved: true }).returning({ id: absences.id });
    const [anyClaim] = await t.db.select().from(claims).limit(1);
    await t.db.update(claims).set({ completed: new Date(Date.now() - (d.claimPhotoDays + 1) * 86_400_000) }).where(eq(claims.id, anyClaim!.id));
    const photo = await file('foto.pdf');
    await t.db.insert(claimFiles).values({ claimId: anyClaim!.id, field: 'pictures', fileId: photo, name: 'foto.pdf', mimeType: 'application/pdf', size: 10, sha256: 'x'.repeat(64) });
    const filesBefore = await fileCount();

    await t.db.update(globalSettings).set({ retentionRanOn: null, retention: {} });
    expect(await runRetentionOnce({ db: t.db, storage: t.storage, retention: t.app.deps.retention, log: t.app.log })).toBe(true);

    const row = async (id: string) => (await t.db.select().from(absences).where(eq(absences.id, id)))[0];
    expect((await row(certOld))!.certificateFileId).toBeNull();
    expect((await row(certYoung))!.certificateFileId).not.toBeNull();
    expect(await row(reportOld)).toBeUndefined();
    expect(await row(leaverOld[0]!.id)).toBeUndefined();
    expect(await row(leaverYoung[0]!.id)).toBeDefined();
    expect(await t.db.select().from(claimFiles).where(eq(claimFiles.claimId, anyClaim!.id))).toEqual([]);
    expect((await t.db.select().from(claims).where(eq(claims.id, anyClaim!.id))).length).toBe(1);
    // The files went with them: the old certificates and the claim's photo, not the young one.
    const stillThere = async (id: string) => (await t.db.select().from(files).where(eq(files.id, id))).length === 1;
    expect(await stillThere(certFiles.get(certOld)!)).toBe(false);
    expect(await stillThere(certFiles.get(reportOld)!)).toBe(false);
    expect(await stillThere(photo)).toBe(false);
    expect(await stillThere(certFiles.get(certYoung)!)).toBe(true);
    expect(await fileCount()).toBeLessThanOrEqual(filesBefore - 3);
  });
});
