import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { users } from '../src/modules/users/users.table.ts';
import { auditLog } from '../src/platform/audit.table.ts';
import { saveFile } from '../src/platform/uploads.ts';
import { personColumns, SECRET_COLUMN } from '../src/platform/personal-data.ts';
import { buildTestApp, type TestContext } from './helpers.ts';

/** Art. 15 GDPR: a person's data as one ZIP, for themselves and for HR. */

let t: TestContext;
const id: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  for (const u of await t.db.select({ id: users.id, email: users.email }).from(users)) id[u.email] = u.id;
});
afterAll(() => t.close());

const exportOf = async (who: string, of: string) => t.as(await t.login(who), { method: 'POST', url: `/api/user/${id[of]}/dataexport` });
const exports = async () => (await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'export')))[0]!.n;
const unzip = (body: Buffer) => unzipSync(new Uint8Array(body));
const json = (entries: Record<string, Uint8Array>, name: string) => JSON.parse(Buffer.from(entries[name]!).toString('utf8')) as Record<string, unknown>[];

describe('POST /api/user/{id}/dataexport', () => {
  it('gives the person every row that refers to them, table by table, and nothing of anyone else', async () => {
    const res = await exportOf('verkauf@example.com', 'verkauf@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('.zip');
    const entries = unzip(res.rawPayload);
    const me = id['verkauf@example.com']!;

    const columns = await personColumns(t.db);
    const tables = [...new Set(columns.map((c) => c.table))];
    for (const table of tables) {
      const own = columns.filter((c) => c.table === table);
      const where = sql.join(
        own.map((c) => sql`${sql.raw(`"${c.column}"`)} = ${me}::uuid`),
        sql` or `,
      );
      const result = await t.db.execute(sql`select count(*)::int as n from ${sql.raw(`"${table}"`)} where ${where}`);
      const n = (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
      const file = entries[`${table}.json`];
      if (!n) {
        expect(file, table).toBeUndefined();
        continue;
      }
      expect(file, `${table} has ${n} rows`).toBeDefined();
      const rows = json(entries, `${table}.json`);
      expect(rows.length, table).toBe(n);
      // Each row names the person in one of the table's person columns.
      for (const row of rows) expect(own.some((c) => row[c.column] === me), `${table}: ${JSON.stringify(row).slice(0, 120)}`).toBe(true);
      // No secret leaves: no hash, token, key or search vector.
      for (const row of rows) expect(Object.keys(row).filter((k) => SECRET_COLUMN.test(k)), table).toEqual([]);
    }
    expect(json(entries, 'users.json')[0]).toMatchObject({ id: me, email: 'verkauf@example.com' });
    expect(Buffer.from(entries['users.json']!).toString()).not.toContain('argon2');

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(entries['Übersicht.xlsx']!) as unknown as ArrayBuffer);
    const first = wb.worksheets[0]!;
    expect(first.getRow(1).values).toEqual([undefined, 'Art (Tabelle)', 'Anzahl', 'Datei im ZIP']);
    expect(first.rowCount).toBeGreaterThan(3);
  });

  it('holds the person’s files and is recorded in the trail', async () => {
    const avatar = await saveFile(t.db, t.storage, { name: 'ich.png', mimeType: 'image/png', bytes: Buffer.from('avatar-bytes'), createdBy: null });
    await t.db.update(users).set({ avatarFileId: avatar.id }).where(eq(users.id, id['verkauf@example.com']!));
    const before = await exports();
    const res = await exportOf('personalleitung@example.com', 'verkauf@example.com');
    expect(res.statusCode).toBe(200);
    const entries = unzip(res.rawPayload);
    expect(Buffer.from(entries[`dateien/${avatar.id}-ich.png`]!).toString()).toBe('avatar-bytes');
    expect(await exports()).toBe(before + 1);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'export'), eq(auditLog.actorId, id['personalleitung@example.com']!)));
    expect(entry).toMatchObject({ entity: 'user', entityId: id['verkauf@example.com'], subjectId: id['verkauf@example.com'] });
  });

  it('works as the spec’s form POST with authTok', async () => {
    const token = await t.login('lagerist@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/user/${id['lagerist@example.com']}/dataexport`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `authTok=${encodeURIComponent(`Bearer ${token}`)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(unzip(res.rawPayload))).toContain('users.json');
  });

  it('refuses someone else’s data to a colleague (403) and a stranger (401), and records nothing', async () => {
    const before = await exports();
    expect((await exportOf('verkauf@example.com', 'filialleitung@example.com')).statusCode).toBe(403);
    expect((await exportOf('filialleitung@example.com', 'verkauf@example.com')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/user/${id['verkauf@example.com']}/dataexport` })).statusCode).toBe(401);
    const gone = await t.as(await t.login('personalleitung@example.com'), { method: 'POST', url: '/api/user/00000000-0000-4000-8000-000000000000/dataexport' });
    expect(gone.statusCode).toBe(404);
    expect(await exports()).toBe(before);
  });
});
