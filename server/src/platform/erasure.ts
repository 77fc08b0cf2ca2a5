import type { RetentionSettings } from '@filialportal/core/retention';
import type { TErasureLine } from '@filialportal/core/erasure';
import { type SQL, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import type { Db } from './db.ts';

/**
 * Erasure of a person who left (Art. 17 GDPR): each module registers what it does with its
 * records of the person beyond what the database's foreign keys do on their own (cascade: gone;
 * set null: kept without the person) — records kept by number with a copied name lose the name,
 * records past what must be kept go, ids without a foreign key are cleared. The users module
 * shows the parts in its confirm and runs them in one transaction before it deletes the person.
 */
export interface ErasedPerson {
  id: string;
  /** The sign-in name: failed sign-ins recorded it before the account was known. */
  email: string;
  firstName: string;
  lastName: string;
}

export interface ErasureLines {
  deleted: TErasureLine[];
  kept: TErasureLine[];
}

export interface ErasurePart {
  /** What `erase` will do, counted without changing anything. */
  preview(db: Db, person: ErasedPerson, periods: RetentionSettings): Promise<ErasureLines>;
  /** Does it inside the erasure's transaction; returns the files to delete once it committed. */
  erase(db: Db, person: ErasedPerson, periods: RetentionSettings): Promise<readonly (string | null)[]>;
}

export interface Erasure {
  add(part: ErasurePart): void;
  readonly parts: readonly ErasurePart[];
}

export function createErasure(): Erasure {
  const parts: ErasurePart[] = [];
  return {
    add: (part) => void parts.push(part),
    parts,
  };
}

/** The last day a record ending `end` is kept for `days` (ISO). */
export function keptUntil(end: string, days: number): string {
  const d = new Date(`${end}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The number a `select count(*)::int as n` answers. */
export async function countOf(db: Db, query: SQL): Promise<number> {
  const result = await db.execute(query);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/**
 * Others' texts that name the person ('Urlaubsantrag von Vera Verkauf', 'Urlaubsantrag Verkauf,
 * Vera'): both spellings of the full name the portal writes become 'Benutzer gelöscht'. In jsonb
 * the name is matched as JSON spells it. Free text people wrote with other forms of the name is
 * not found (docs/datenschutz.md).
 */
function named(column: string, person: ErasedPerson, json: boolean) {
  const spell = (name: string) => (json ? JSON.stringify(name).slice(1, -1) : name);
  const forms = [`${person.firstName} ${person.lastName}`, `${person.lastName}, ${person.firstName}`].map(spell);
  const col = sql.raw(`"${column}"`);
  const text = json ? sql`${col}::text` : col;
  const has = sql.join(
    forms.map((f) => sql`strpos(${text}, ${f}) > 0`),
    sql` or `,
  );
  let replaced: SQL = text;
  for (const f of forms) replaced = sql`replace(${replaced}, ${f}, ${MSG.deletedUser})`;
  return { has: sql`(${has})`, replaced: json ? sql`${replaced}::jsonb` : replaced, col };
}

/** How many rows of a table name the person in one of these columns. */
export function countNamed(db: Db, table: SQL, columns: readonly string[], person: ErasedPerson, json = false): Promise<number> {
  const has = sql.join(columns.map((c) => named(c, person, json).has), sql` or `);
  return countOf(db, sql`select count(*)::int as n from ${table} where ${has}`);
}

/** Replaces the person's name in these columns by 'Benutzer gelöscht'. */
export async function unname(db: Db, table: SQL, columns: readonly string[], person: ErasedPerson, json = false): Promise<void> {
  for (const c of columns) {
    const n = named(c, person, json);
    await db.execute(sql`update ${table} set ${n.col} = ${n.replaced} where ${n.has}`);
  }
}
