import { asc, desc, eq, and, ne } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { MSG } from '@filialportal/core/messages';
import { parseSort } from '@filialportal/core/sort';
import type { Db } from '../../platform/db.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { claimListEntries, claimStatuses, colorLabels, manufacturers } from './lists.table.ts';
import type { ClaimListKind } from '@filialportal/core/lists';

type NamedTable = PgTable & { id: PgColumn; name: PgColumn };

/**
 * The settings lists (manufacturers, colour labels, claim statuses, claim dropdowns) are the same
 * small CRUD over a name: one implementation, parameterised by table and an optional scope
 * (the claim list kind).
 */
function namedList<T extends NamedTable>(table: T, scope?: (kind: ClaimListKind) => ReturnType<typeof eq>) {
  const where = (kind?: ClaimListKind, extra?: ReturnType<typeof eq>) => and(scope && kind ? scope(kind) : undefined, extra);
  return {
    async list(db: Db, sort?: string, kind?: ClaimListKind) {
      const s = parseSort(sort, ['name'] as const);
      return db
        .select()
        .from(table as PgTable)
        .where(where(kind))
        .orderBy(s?.desc ? desc(table.name) : asc(table.name));
    },
    async get(db: Db, id: string, kind?: ClaimListKind) {
      const [row] = await db.select().from(table as PgTable).where(where(kind, eq(table.id, id)));
      if (!row) throw notFound();
      return row as Record<string, unknown>;
    },
    async assertFree(db: Db, name: string, exceptId: string | null, kind?: ClaimListKind) {
      const [clash] = await db
        .select({ id: table.id })
        .from(table as PgTable)
        .where(where(kind, and(eq(table.name, name), exceptId ? ne(table.id, exceptId) : undefined) as ReturnType<typeof eq>));
      if (clash) throw conflict(MSG.nameTaken);
    },
  };
}

export const manufacturerList = namedList(manufacturers);
export const statusList = namedList(claimStatuses);
export const colorList = namedList(colorLabels);
export const claimList = namedList(claimListEntries, (kind) => eq(claimListEntries.kind, kind));

export async function saveManufacturer(db: Db, name: string, id: string | null) {
  await manufacturerList.assertFree(db, name, id);
  const [row] = id
    ? await db.update(manufacturers).set({ name }).where(eq(manufacturers.id, id)).returning()
    : await db.insert(manufacturers).values({ name }).returning();
  if (!row) throw notFound();
  return { id: row.id, name: row.name };
}

export async function saveStatus(db: Db, name: string, id: string | null) {
  await statusList.assertFree(db, name, id);
  const [row] = id
    ? await db.update(claimStatuses).set({ name }).where(eq(claimStatuses.id, id)).returning()
    : await db.insert(claimStatuses).values({ name }).returning();
  if (!row) throw notFound();
  return { id: row.id, name: row.name };
}

export async function saveClaimListEntry(db: Db, kind: ClaimListKind, name: string, id: string | null) {
  await claimList.assertFree(db, name, id, kind);
  const [row] = id
    ? await db.update(claimListEntries).set({ name }).where(and(eq(claimListEntries.id, id), eq(claimListEntries.kind, kind))).returning()
    : await db.insert(claimListEntries).values({ kind, name }).returning();
  if (!row) throw notFound();
  return { id: row.id, name: row.name };
}

/** Auslauf and Werbung are system labels: neither renamed, recoloured nor deleted. */
async function assertEditableColor(db: Db, id: string) {
  const row = (await colorList.get(db, id)) as typeof colorLabels.$inferSelect;
  if (row.fixed) throw forbidden(MSG.fixedLabel);
}

export async function saveColor(db: Db, color: { name: string; hex: string }, id: string | null) {
  if (id) await assertEditableColor(db, id);
  await colorList.assertFree(db, color.name, id);
  const hex = color.hex.toLowerCase();
  const [row] = id
    ? await db.update(colorLabels).set({ name: color.name, hex }).where(eq(colorLabels.id, id)).returning()
    : await db.insert(colorLabels).values({ name: color.name, hex }).returning();
  return { color: toColorDto(row!) };
}

export function toColorDto(row: typeof colorLabels.$inferSelect) {
  return { id: row.id, name: row.name, hex: row.hex, editable: !row.fixed };
}

export async function deleteColor(db: Db, id: string) {
  await assertEditableColor(db, id);
  await db.delete(colorLabels).where(eq(colorLabels.id, id));
}

export async function deleteManufacturer(db: Db, id: string) {
  const [row] = await db.delete(manufacturers).where(eq(manufacturers.id, id)).returning({ id: manufacturers.id });
  if (!row) throw notFound();
}

export async function deleteStatus(db: Db, id: string) {
  const [row] = await db.delete(claimStatuses).where(eq(claimStatuses.id, id)).returning({ id: claimStatuses.id });
  if (!row) throw notFound();
}

export async function deleteClaimListEntry(db: Db, kind: ClaimListKind, id: string) {
  const [row] = await db
    .delete(claimListEntries)
    .where(and(eq(claimListEntries.id, id), eq(claimListEntries.kind, kind)))
    .returning({ id: claimListEntries.id });
  if (!row) throw notFound();
}
