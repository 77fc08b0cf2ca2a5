import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { ZErasureResponse } from '@filialportal/core/erasure';
import { absences } from '../src/modules/absences/absences.table.ts';
import { users } from '../src/modules/users/users.table.ts';
import { PERSON_TABLES } from '../src/modules/users/erase.service.ts';
import { personColumns } from '../src/platform/personal-data.ts';
import { files } from '../src/platform/files.table.ts';
import { saveFile } from '../src/platform/uploads.ts';
import { buildTestApp, type TestContext } from './helpers.ts';

/** Art. 17 GDPR: 'Person endgültig löschen' for a person who left. */

let t: TestContext;
let person: typeof users.$inferSelect;

beforeAll(async () => {
  t = await buildTestApp();
  [person] = await t.db.select().from(users).where(eq(users.email, 'verkauf@example.com'));
});
afterAll(() => t.close());

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const hr = () => t.login('personalleitung@example.com');
const url = () => `/api/user/${person.id}/erase`;
const stillThere = async () => (await t.db.select({ id: users.id }).from(users).where(eq(users.id, person.id))).length === 1;

/**
 * Every place in the database that still holds one of the person's fields: each column of each
 * table, as text. The id only counts outside the audit trail, which holds people by id and whose
 * values about the person are sealed with the key erasure destroys. Digits (phone, personal
 * number) count where no hex digit or hyphen stands beside them, so a uuid is no false match.
 */
async function whereFound(p: typeof users.$inferSelect): Promise<string[]> {
  const columns = rows<{ table: string; column: string; type: string }>(
    await t.db.execute(sql`
      select c.table_name as "table", c.column_name as "column", c.data_type as type
      from information_schema.columns c join information_schema.tables tb on tb.table_name = c.table_name and tb.table_schema = c.table_schema
      where c.table_schema = 'public' and tb.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY', 'uuid')`),
  );
  const words = [p.email, `${p.firstName} ${p.lastName}`, `${p.lastName}, ${p.firstName}`].map((w) => w.toLowerCase());
  const digits = [p.phone, p.personalNumber].filter((d): d is string => !!d && d.length >= 4).map((d) => `(^|[^0-9a-f-])${d.replace(/[^0-9 ]/g, '')}($|[^0-9a-f-])`);
  const found: string[] = [];
  for (const { table, column, type } of columns) {
    const col = sql.raw(`"${table}"."${column}"`);
    const tests = [sql`position(${p.id} in lower(${col}::text)) > 0`];
    if (type !== 'uuid') {
      for (const w of words) tests.push(sql`position(${w} in lower(${col}::text)) > 0`);
      for (const d of digits) tests.push(sql`${col}::text ~ ${d}`);
    }
    const [hit] = rows<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from ${sql.raw(`"${table}"`)} where ${sql.join(tests, sql` or `)}`));
    if (hit!.n && !(table === 'audit_log' && ['actor_id', 'subject_id', 'entity_id'].includes(column))) found.push(`${table}.${column} (${hit!.n})`);
  }
  return found;
}

describe('Person endgültig löschen', () => {
  it('names a line for every table that refers to people', async () => {
    const tables = new Set((await personColumns(t.db)).map((c) => c.table));
    for (const table of ['users', 'audit_log']) tables.delete(table);
    expect([...tables].filter((table) => !PERSON_TABLES[table])).toEqual([]);
  });

  it('is for HR and Admin only, and only for a person who left: a refusal changes nothing', async () => {
    const sales = await t.login('verkauf@example.com');
    const other = await t.login('filialleitung@example.com');
    expect((await t.as(other, { method: 'GET', url: url() })).statusCode).toBe(403);
    expect((await t.as(other, { method: 'POST', url: url() })).statusCode).toBe(403);
    expect((await t.as(sales, { method: 'POST', url: url() })).statusCode).toBe(403);
    const active = await t.as(await hr(), { method: 'POST', url: url() });
    expect(active.statusCode).toBe(400);
    expect(active.json().error.message).toBe(MSG.eraseActive);
    expect(await stillThere()).toBe(true);
    const self = await t.as(await hr(), { method: 'POST', url: `/api/user/${(await t.db.select().from(users).where(eq(users.email, 'personalleitung@example.com')))[0]!.id}/erase` });
    expect(self.statusCode).toBe(400);
    expect((await t.as(await hr(), { method: 'GET', url: '/api/user/00000000-0000-4000-8000-000000000000/erase' })).statusCode).toBe(404);
  });

  it('shows what goes and what stays, then erases: no field of the person is left in any table', async () => {
    // The person's own files: a picture and a certificate on one of their sick reports.
    const avatar = await saveFile(t.db, t.storage, { name: 'ich.png', mimeType: 'image/png', bytes: Buffer.from('avatar'), createdBy: person.id });
    const note = await saveFile(t.db, t.storage, { name: 'au.pdf', mimeType: 'application/pdf', bytes: Buffer.from('%PDF-1.4 au'), createdBy: person.id });
    await t.db.update(users).set({ avatarFileId: avatar.id }).where(eq(users.id, person.id));
    await t.db.insert(absences).values({ kind: 'sick', userId: person.id, startDate: '2026-11-02', endDate: '2026-11-04', countDays: 3, certificate: 'first', certificateFileId: note.id });
    // A vacation granted within the leavers' period is kept; one four years ago goes.
    const granted = await t.db.insert(absences).values([
      { kind: 'vacation', userId: person.id, startDate: '2024-02-12', endDate: '2024-02-16', countDays: 5, approved: true },
      { kind: 'vacation', userId: person.id, startDate: '2022-10-03', endDate: '2022-10-07', countDays: 5, approved: true },
    ]).returning({ id: absences.id });
    const keys = (await t.db.select({ key: files.storageKey }).from(files).where(sql`${files.id} in (${avatar.id}, ${note.id})`)).map((f) => f.key);
    expect(keys).toHaveLength(2);
    await t.login('verkauf@example.com');
    // The grep finds the person before: the test can fail.
    const before = await whereFound(person);
    expect(before.length).toBeGreaterThan(5);

    const token = await hr();
    // Leaving: HR sets the person inactive first.
    expect((await t.as(token, { method: 'GET', url: `/api/activate/user/${person.id}` })).json().active).toBe(false);
    const preview = await t.as(token, { method: 'GET', url: url() });
    expect(preview.statusCode).toBe(200);
    const shown = ZErasureResponse.parse(preview.json());
    expect(shown.person).toEqual({ id: person.id, firstName: person.firstName, lastName: person.lastName, active: false });
    const line = (list: typeof shown.deleted, label: string) => list.find((l) => l.label.startsWith(label));
    expect(line(shown.deleted, 'Krankmeldungen')!.count).toBeGreaterThanOrEqual(1);
    expect(line(shown.deleted, 'Bescheinigungen')!.count).toBe(1);
    expect(line(shown.deleted, 'Profilbild')!.count).toBe(1);
    expect(line(shown.deleted, 'Sitzungen')!.count).toBeGreaterThanOrEqual(1);
    expect(line(shown.deleted, 'Login-Verlauf')!.count).toBeGreaterThanOrEqual(1);
    const vacation = line(shown.kept, 'Genehmigter Urlaub')!;
    expect(vacation.until! >= '2027-02-16').toBe(true);
    expect(line(shown.kept, 'Beanstandungen')!.count).toBeGreaterThanOrEqual(1);
    expect(line(shown.kept, 'Bestandsänderungen')!.count).toBeGreaterThanOrEqual(1);
    // The preview changed nothing.
    expect(await stillThere()).toBe(true);

    const done = await t.as(token, { method: 'POST', url: url() });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ erased: true, deleted: shown.deleted, kept: shown.kept });
    expect(await stillThere()).toBe(false);
    expect(await whereFound(person)).toEqual([]);

    // Files gone from the database and the storage.
    for (const f of [avatar, note]) expect(await t.db.select().from(files).where(eq(files.id, f.id))).toEqual([]);
    for (const key of keys) await expect(t.storage.get(key)).rejects.toBeTruthy();
    // The kept vacation has no person; the old one went.
    const left = await t.db.select({ start: absences.startDate, user: absences.userId }).from(absences).where(inArray(absences.id, granted.map((g) => g.id)));
    expect(left).toEqual([{ start: '2024-02-12', user: null }]);
    // Others' records show the name as 'Benutzer gelöscht'.
    const claims = rows<{ name: string }>(await t.db.execute(sql`select distinct created_by_name as name from claims where created_by_id is null`));
    expect(claims.map((c) => c.name)).toContain(MSG.deletedUser);
    // The trail records the erasure, without values of the person.
    const [entry] = rows<{ action: string; changes: unknown }>(await t.db.execute(sql`select action, changes from audit_log where entity_id = ${person.id} order by id desc limit 1`));
    expect(entry!.action).toBe('erase');
    expect(JSON.stringify(entry!.changes)).not.toContain(person.lastName);
    // The stock history still refuses every other change.
    await expect(t.db.execute(sql`update stock_history set after = after + 1 where user_name = ${MSG.deletedUser}`)).rejects.toThrow();
    await expect(t.db.execute(sql`update stock_history set user_name = 'Jemand' where user_name = ${MSG.deletedUser}`)).rejects.toThrow();
    // A second erase finds no one.
    expect((await t.as(token, { method: 'POST', url: url() })).statusCode).toBe(404);
  });

  it('erases once when asked several times at once: one 200, the others 404, one entry in the trail', async () => {
    const [other] = await t.db.select().from(users).where(eq(users.email, 'azubi@example.com'));
    const token = await hr();
    await t.db.update(users).set({ active: false }).where(eq(users.id, other!.id));
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.as(token, { method: 'POST', url: `/api/user/${other!.id}/erase` })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404, 404, 404, 404]);
    const entries = rows<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from audit_log where entity_id = ${other!.id} and action = 'erase'`));
    expect(entries[0]!.n).toBe(1);
  });
});
