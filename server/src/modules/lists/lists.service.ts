import { asc, desc, eq, and, ne } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { MSG } from '@filialportal/core/messages';
import { parseSort } from '@filialportal/core/sort';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { preparedShapes } from '../../platform/prepared.ts';
import { conflict, forbidden, notFound, onConstraint } from '../../platform/errors.ts';
import { claimListEntries, claimStatuses, colorLabels, manufacturers } from './lists.table.ts';
import type { ClaimListKind } from '@filialportal/core/lists';

type NamedTable = PgTable & { id: PgColumn; name: PgColumn };
/** A row of any of these tables: id, name and timestamps; the others (hex, kind) ride along. */
type NamedRow = { id: string; name: string; createdAt: Date; updatedAt: Date } & Record<string, unknown>;

/**
 * The settings lists (manufacturers, colour labels, claim statuses, claim dropdowns) are the same
 * small CRUD over a name: one implementation, parameterised by table and an optional scope
 * (the claim list kind).
 */
function namedList<T extends NamedTable>(name: string, table: T, scope?: (kind: ClaimListKind) => ReturnType<typeof eq>) {
  const where = (kind?: ClaimListKind, extra?: ReturnType<typeof eq>) => and(scope && kind ? scope(kind) : undefined, extra);
  // One prepared statement per direction and list kind: the dropdowns read these on every form.
  const listed = preparedShapes((db, shape: `${'asc' | 'desc'}${'' | `_${ClaimListKind}`}`, statement) => {
    const [dir, kind] = shape.split('_') as ['asc' | 'desc', ClaimListKind | undefined];
    return db
      .select()
      .from(table as PgTable)
      .where(where(kind))
      .orderBy(dir === 'desc' ? desc(table.name) : asc(table.name))
      .prepare(statement);
  }, name);
  return {
    async list(db: Db, sort?: string, kind?: ClaimListKind): Promise<NamedRow[]> {
      const dir = parseSort(sort, ['name'] as const)?.desc ? 'desc' : 'asc';
      return (await listed(db, kind ? `${dir}_${kind}` : dir).execute()) as unknown as NamedRow[];
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

/** A parallel request that passed assertFree too gets the same answer from the unique index. */
const taken = () => conflict(MSG.nameTaken);
const nameRefused = onConstraint({
  manufacturers_name_unique: taken,
  claim_statuses_name_unique: taken,
  color_labels_name_unique: taken,
  claim_list_entries_kind_name_uq: taken,
});

const manufacturerList = namedList('manufacturers', manufacturers);
const statusList = namedList('claim_statuses', claimStatuses);
const colorList = namedList('color_labels', colorLabels);
const claimList = namedList('claim_lists', claimListEntries, (kind) => eq(claimListEntries.kind, kind));

/** A list's entries by name, descending when `sort` asks for it (`-name`). */
export const listManufacturers = ({ db }: ServiceDeps<'db'>, sort?: string) => manufacturerList.list(db, sort);
export const listStatuses = ({ db }: ServiceDeps<'db'>, sort?: string) => statusList.list(db, sort);
export const listColors = ({ db }: ServiceDeps<'db'>, sort?: string) => colorList.list(db, sort);
export const listClaimListEntries = ({ db }: ServiceDeps<'db'>, input: { kind: ClaimListKind; sort?: string }) => claimList.list(db, input.sort, input.kind);

/** Creates or renames an entry of a name-only list (manufacturers, statuses, claim lists). */
async function saveNamed(
  db: Db,
  list: ReturnType<typeof namedList>,
  table: typeof manufacturers | typeof claimStatuses | typeof claimListEntries,
  name: string,
  id: string | null,
  kind?: ClaimListKind,
) {
  await list.assertFree(db, name, id, kind);
  if (id) await list.get(db, id, kind);
  const values = kind ? { name, kind } : { name };
  const [row] = id
    ? await db.update(table).set({ name }).where(eq(table.id, id)).returning({ id: table.id, name: table.name }).catch(nameRefused)
    : await db.insert(table).values(values as never).returning({ id: table.id, name: table.name }).catch(nameRefused);
  return row!;
}

async function deleteNamed(db: Db, list: ReturnType<typeof namedList>, table: typeof manufacturers | typeof claimStatuses | typeof claimListEntries, id: string, kind?: ClaimListKind) {
  await list.get(db, id, kind);
  await db.delete(table).where(eq(table.id, id));
}

/** A new entry (`id` null) or a renamed one. */
type NamedInput = { id: string | null; name: string };

export const saveManufacturer = ({ db }: ServiceDeps<'db'>, input: NamedInput) => saveNamed(db, manufacturerList, manufacturers, input.name, input.id);
export const saveStatus = ({ db }: ServiceDeps<'db'>, input: NamedInput) => saveNamed(db, statusList, claimStatuses, input.name, input.id);
export const saveClaimListEntry = ({ db }: ServiceDeps<'db'>, input: NamedInput & { kind: ClaimListKind }) =>
  saveNamed(db, claimList, claimListEntries, input.name, input.id, input.kind);
export const deleteManufacturer = ({ db }: ServiceDeps<'db'>, id: string) => deleteNamed(db, manufacturerList, manufacturers, id);
export const deleteStatus = ({ db }: ServiceDeps<'db'>, id: string) => deleteNamed(db, statusList, claimStatuses, id);
export const deleteClaimListEntry = ({ db }: ServiceDeps<'db'>, input: { kind: ClaimListKind; id: string }) =>
  deleteNamed(db, claimList, claimListEntries, input.id, input.kind);

/** Auslauf and Werbung are system labels: neither renamed, recoloured nor deleted. */
async function assertEditableColor(db: Db, id: string) {
  const row = (await colorList.get(db, id)) as typeof colorLabels.$inferSelect;
  if (row.fixed) throw forbidden(MSG.fixedLabel);
}

export async function saveColor({ db }: ServiceDeps<'db'>, input: { id: string | null; color: { name: string; hex: string } }) {
  const { id, color } = input;
  if (id) await assertEditableColor(db, id);
  await colorList.assertFree(db, color.name, id);
  const hex = color.hex.toLowerCase();
  const [row] = id
    ? await db.update(colorLabels).set({ name: color.name, hex }).where(eq(colorLabels.id, id)).returning().catch(nameRefused)
    : await db.insert(colorLabels).values({ name: color.name, hex }).returning().catch(nameRefused);
  return { color: toColorDto(row!) };
}

export function toColorDto(row: typeof colorLabels.$inferSelect) {
  return { id: row.id, name: row.name, hex: row.hex, editable: !row.fixed };
}

export async function deleteColor({ db }: ServiceDeps<'db'>, id: string) {
  await assertEditableColor(db, id);
  await db.delete(colorLabels).where(eq(colorLabels.id, id));
}
