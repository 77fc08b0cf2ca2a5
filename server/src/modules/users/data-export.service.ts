import { PassThrough } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { hasRole, type Actor } from '../../platform/access.ts';
import { audit, unseal } from '../../platform/audit.ts';
import { personKeys } from '../../platform/audit.table.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { attachment, xlsxBytes } from '../../platform/exports.ts';
import { files } from '../../platform/files.table.ts';
import { personColumns, personRows } from '../../platform/personal-data.ts';
import { users } from './users.table.ts';

/** HR hands a person their data (Art. 15 GDPR); everyone may ask for their own. */
const HR = ['Personalleitung'] as const;

interface Part {
  table: string;
  rows: Record<string, unknown>[];
}

/**
 * POST /user/{id}/dataexport: every row of every table that refers to the person (one JSON file
 * per table), an XLSX overview and the person's files (avatar, certificates of their sick
 * reports), as one ZIP written while it is read. Values the audit trail sealed for the person are
 * opened; what it sealed for others is left out.
 */
export async function sendDataExport(deps: ServiceDeps<'db' | 'storage'>, actor: Actor, { id, reply }: { id: string; reply: FastifyReply }) {
  const { db, storage } = deps;
  if (id !== actor.userId && !hasRole(actor, HR)) throw forbidden();
  const [person] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, id));
  if (!person) throw notFound();
  // Recorded first, so the export holds its own entry too.
  await audit(db, actor, { entity: 'user', id, action: 'export', subject: id });
  const parts = await personParts(db, id);
  const own = await personFiles(db, id);

  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) out.destroy(err);
    else {
      out.write(Buffer.from(chunk));
      if (final) out.end();
    }
  });
  reply
    .header('Content-Type', 'application/zip')
    .header('Content-Disposition', attachment(`Daten ${person.firstName} ${person.lastName}.zip`))
    .header('Cache-Control', 'no-store')
    .send(out);
  const add = (name: string, bytes: Uint8Array, compress = true) => {
    const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    zip.add(entry);
    entry.push(bytes, true);
  };
  for (const part of parts) add(`${part.table}.json`, Buffer.from(JSON.stringify(part.rows, null, 2)));
  add('Übersicht.xlsx', await overview(parts, own), false);
  for (const file of own) add(`dateien/${file.id}-${safeName(file.name)}`, await storage.get(file.storageKey), false);
  zip.end();
  return reply;
}

/** Each table's rows of the person, through every column that names them, without doubles. */
async function personParts(db: Db, id: string): Promise<Part[]> {
  const byTable = new Map<string, Map<string, Record<string, unknown>>>();
  const [key] = await db.select({ key: personKeys.key }).from(personKeys).where(eq(personKeys.userId, id));
  for (const at of await personColumns(db)) {
    const rows = byTable.get(at.table) ?? new Map();
    byTable.set(at.table, rows);
    for (const row of await personRows(db, at, id)) {
      const shown = at.table === 'audit_log' ? auditRow(row, id, key?.key ?? null) : row;
      rows.set(JSON.stringify(shown), shown);
    }
  }
  return [...byTable].filter(([, rows]) => rows.size).map(([table, rows]) => ({ table, rows: [...rows.values()] }));
}

/** An entry of the trail: the changes sealed for this person opened, those of others left out. */
function auditRow(row: Record<string, unknown>, id: string, key: Buffer | null) {
  const { sealed, ...rest } = row;
  const mine = rest.subject_id === id && sealed ? unseal(key, sealed as Buffer) : null;
  return mine ? { ...rest, changes: mine } : rest;
}

/** The person's own files: the avatar and the certificates of their sick reports. */
async function personFiles(db: Db, id: string) {
  const result = await db.execute(sql`
    select f.id, f.name, f.storage_key as "storageKey", f.mime_type as "mimeType", f.size from ${files} f
    where f.id = (select avatar_file_id from users where id = ${id})
       or f.id in (select certificate_file_id from absences where user_id = ${id} and certificate_file_id is not null)`);
  return (result as unknown as { rows: { id: string; name: string; storageKey: string; mimeType: string; size: number }[] }).rows;
}

const safeName = (name: string) => name.replace(/[\\/:*?"<>|\x00-\x1f]/g, '_').slice(0, 120);

function overview(parts: Part[], own: { name: string; size: number }[]) {
  const rows = [
    ...parts.map((p) => ({ kind: p.table, count: p.rows.length, file: `${p.table}.json` })),
    ...(own.length ? [{ kind: 'Dateien', count: own.length, file: 'dateien/' }] : []),
  ];
  return xlsxBytes({
    sheet: 'Übersicht',
    columns: [
      { header: 'Art (Tabelle)', value: (r: (typeof rows)[number]) => r.kind, width: 28 },
      { header: 'Anzahl', value: (r) => r.count, type: 'number' },
      { header: 'Datei im ZIP', value: (r) => r.file, width: 32 },
    ],
    rows,
  });
}
