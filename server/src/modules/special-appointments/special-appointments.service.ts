import { and, asc, count, desc, eq, getTableColumns, gte, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { appointmentsOverlap, type TSpecialAppointment } from '@filialportal/core/special-appointments';
import { parseSort } from '@filialportal/core/sort';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { formatDate, todayIso } from '../../platform/dates.ts';
import { notFound } from '../../platform/errors.ts';
import { inBatches } from '../../platform/exports.ts';
import { likeTerm, pageWindow, totalColumn, totalOf } from '../../platform/paging.ts';
import { locations, locationsByIds } from '../locations/index.ts';
import { preparedShapes } from '../../platform/prepared.ts';
import { specialAppointments } from './special-appointments.table.ts';

type Row = typeof specialAppointments.$inferSelect;

function listFilter(opts: { old: boolean; term?: string }): SQL | undefined {
  const today = todayIso();
  const term = opts.term?.trim();
  return and(
    opts.old ? lt(specialAppointments.endDate, today) : gte(specialAppointments.endDate, today),
    term ? sql`lower(${specialAppointments.info}) like ${likeTerm(term)}` : undefined,
  );
}

/** An appointment as the API shows it, with its location labels already joined. */
const toDto = (r: Row, locationLabels: string) => ({
  id: r.id,
  info: r.info,
  date: r.date,
  endDate: r.endDate,
  dateFormated: formatDate(r.date),
  endDateFormated: formatDate(r.endDate),
  locations: r.locations,
  locationLabels,
});

/** Adds location labels ('Alle' for none) with one query for the whole page. */
async function withLocationLabels(db: Db, rows: Row[]) {
  const byId = await locationsByIds({ db }, rows.flatMap((r) => r.locations));
  return rows.map((r) => toDto(r, r.locations.length ? r.locations.map((id) => byId.get(id)?.name ?? 'Unbekannt').join(', ') : 'Alle'));
}

const SORT = ['info', 'date', 'endDate'] as const;
type ListShape = `${'old' | 'current'}_${'term' | 'all'}_${(typeof SORT)[number] | 'default'}_${'asc' | 'desc'}_${'page' | 'every'}`;

/** The location names in the order stored, 'Unbekannt' for a deleted one, 'Alle' for none. */
const locationLabels = sql<string>`case when cardinality(${specialAppointments.locations}) = 0 then 'Alle' else
  (select string_agg(coalesce(l.name, 'Unbekannt'), ', ' order by u.n) from unnest(${specialAppointments.locations}) with ordinality u(id, n)
   left join ${locations} l on l.id = u.id) end`;

/** One prepared statement per filter, sort and paging: rows, labels and the total together. */
const listed = preparedShapes((db, shape: ListShape, name) => {
  const [when, filter, field, dir, paging] = shape.split('_') as ['old' | 'current', 'term' | 'all', (typeof SORT)[number] | 'default', 'asc' | 'desc', 'page' | 'every'];
  const today = sql.placeholder('today');
  const where = and(
    when === 'old' ? lt(specialAppointments.endDate, today) : gte(specialAppointments.endDate, today),
    filter === 'term' ? sql`lower(${specialAppointments.info}) like ${sql.placeholder('term')}` : undefined,
  );
  // Current ones soonest first, old ones most recent first, unless a column is chosen.
  const order =
    field !== 'default'
      ? [(dir === 'desc' ? desc : asc)(specialAppointments[field]), asc(specialAppointments.id)]
      : [(when === 'old' ? desc : asc)(specialAppointments.date), asc(specialAppointments.id)];
  const query = db
    .select({ ...getTableColumns(specialAppointments), locationLabels, total: totalColumn(paging === 'page' ? db.select({ n: count() }).from(specialAppointments).where(where) : null) })
    .from(specialAppointments)
    .where(where)
    .orderBy(...order)
    .offset(sql.placeholder('offset'));
  return (paging === 'page' ? query.limit(sql.placeholder('limit')) : query).prepare(name);
}, 'special_appointments');

/** GET /locationspecialappointment/list/{page}: current (end today or later) or old ones. */
export async function listSpecialAppointments({ db }: ServiceDeps<'db'>, opts: { page: number; old: boolean; term?: string; sort?: string }) {
  const s = parseSort(opts.sort, SORT);
  const term = opts.term?.trim();
  const { limit, offset } = pageWindow(opts.page);
  const shape: ListShape = `${opts.old ? 'old' : 'current'}_${term ? 'term' : 'all'}_${s?.field ?? 'default'}_${s?.desc ? 'desc' : 'asc'}_${limit === undefined ? 'every' : 'page'}`;
  const rows = await listed(db, shape).execute({ today: todayIso(), term: term ? likeTerm(term) : undefined, limit, offset });
  const total = limit === undefined ? rows.length : await totalOf(rows, db.select({ n: count() }).from(specialAppointments).where(listFilter(opts)));
  return {
    list: rows.map((r) => toDto(r, r.locationLabels)),
    count: total,
  };
}

export function specialAppointmentExportRows({ db }: ServiceDeps<'db'>, opts: { old: boolean; term?: string }) {
  const where = listFilter(opts);
  return inBatches(async (limit, offset) =>
    withLocationLabels(db, await db.select().from(specialAppointments).where(where).orderBy(asc(specialAppointments.date), asc(specialAppointments.id)).limit(limit).offset(offset)),
  );
}

/**
 * POST /locationspecialappointment/check: the first other appointment that overlaps in time
 * and shares a location, or false.
 */
export async function findOverlap({ db }: ServiceDeps<'db'>, input: TSpecialAppointment) {
  const candidates = await db
    .select()
    .from(specialAppointments)
    .where(
      and(
        lte(specialAppointments.date, input.endDate),
        gte(specialAppointments.endDate, input.date),
        input.id ? ne(specialAppointments.id, input.id) : undefined,
      ),
    )
    .orderBy(asc(specialAppointments.date));
  const hit = candidates.find((c) => appointmentsOverlap(c, input));
  if (!hit) return false;
  const [labelled] = await withLocationLabels(db, [hit]);
  return labelled!;
}

export async function saveSpecialAppointment(
  { db }: ServiceDeps<'db'>,
  { id, locationSpecialAppointment: input }: { id: string | null; locationSpecialAppointment: TSpecialAppointment },
) {
  const values = { info: input.info, date: input.date, endDate: input.endDate, locations: input.locations };
  const [row] = id
    ? await db.update(specialAppointments).set(values).where(eq(specialAppointments.id, id)).returning()
    : await db.insert(specialAppointments).values(values).returning();
  if (!row) throw notFound();
  const [labelled] = await withLocationLabels(db, [row]);
  return { locationSpecialAppointment: labelled };
}

export async function deleteSpecialAppointment({ db }: ServiceDeps<'db'>, id: string) {
  const [row] = await db.delete(specialAppointments).where(eq(specialAppointments.id, id)).returning({ id: specialAppointments.id });
  if (!row) throw notFound();
}
