import { sql } from 'drizzle-orm';
import type { Db } from './db.ts';

/**
 * Where a person's data lies: every column that refers to a person, read from the database's own
 * catalogue (foreign keys to users.id, plus the audit trail's, which has none on purpose). A table
 * that gains such a column is part of the access export and of erasure without a change here.
 */
export interface PersonColumn {
  table: string;
  column: string;
  /** What deleting the person does to the rows (pg_constraint.confdeltype): 'c' cascade, 'n' set null; none without a foreign key. */
  onDelete?: string;
}

/** The audit trail holds people by id without foreign keys (it outlives them). */
const WITHOUT_FOREIGN_KEY: readonly PersonColumn[] = [
  { table: 'audit_log', column: 'actor_id' },
  { table: 'audit_log', column: 'subject_id' },
];

/** Columns never handed out, whatever table they are in: secrets and search vectors. */
export const SECRET_COLUMN = /(^|_)(password|hash|secret|token|key|challenge|credential|public_key|counter)(_|$)|^search$|_hash$/;

export async function personColumns(db: Db): Promise<PersonColumn[]> {
  const result = await db.execute(sql`
    select cl.relname as "table", a.attname as "column", c.confdeltype as "onDelete"
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_namespace n on n.oid = cl.relnamespace and n.nspname = 'public'
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.contype = 'f' and c.confrelid = 'public.users'::regclass and array_length(c.conkey, 1) = 1
    order by 1, 2`);
  const rows = (result as unknown as { rows: PersonColumn[] }).rows;
  return [{ table: 'users', column: 'id' }, ...rows, ...WITHOUT_FOREIGN_KEY];
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** The rows of one table that refer to the person through one column, secrets left out. */
export async function personRows(db: Db, at: PersonColumn, userId: string): Promise<Record<string, unknown>[]> {
  const result = await db.execute(sql`select * from ${ident(at.table)} where ${ident(at.column)} = ${userId}::uuid`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => !SECRET_COLUMN.test(k))));
}
