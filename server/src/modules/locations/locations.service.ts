import { audit } from '../../platform/audit.ts';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import type { TLocationRequest } from '@filialportal/core/locations';
import { conflict, notFound, onConstraint } from '../../platform/errors.ts';
import { parseIpList } from '@filialportal/core/locations';
import { parseSort } from '@filialportal/core/sort';
import { can, type Actor } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { hook } from '../../platform/hooks.ts';
import { ALL_PAGES, pageWindow, totalColumn, totalOf } from '../../platform/paging.ts';
import { preparedShapes } from '../../platform/prepared.ts';
import { keptPerVersion, readVersion } from '../../platform/versions.ts';
import { locations } from './locations.table.ts';

export type LocationRow = typeof locations.$inferSelect;

/** A location as the API shows it (spec 3 §3 Location). `ip` only for settings viewers. */
export function toLocationDto(row: LocationRow, withIp: boolean) {
  return {
    id: row.id,
    name: row.name,
    label: row.name,
    shortName: row.shortName,
    street: row.street,
    zip: row.zip,
    city: row.city,
    region: row.region,
    // Left out of the answer when undefined (a spread here cost more than the rest of the row).
    ip: withIp ? row.ip : undefined,
    position: row.position,
    hideInSortiment: row.hideInSortiment,
    minStaff: row.minStaff,
  };
}

const SORT_FIELDS = ['name', 'shortName', 'city', 'zip', 'street', 'region', 'position'] as const;

/** GET /location/list/{page}: the page for the actor; the IP lists only for settings viewers. */
export async function locationPage(deps: ServiceDeps<'db'>, actor: Actor, opts: { page: number; sort?: string }) {
  const { rows, count } = await listLocations(deps, opts);
  const withIp = can(actor, 'einstellungen_standorte_sehen');
  return { locations: rows.map((row) => toLocationDto(row, withIp)), count };
}

/**
 * GET /location/list/9999, the location choice of nearly every screen, as JSON bytes: built once
 * per version of the table, sort and IP visibility, since locations change rarely. The version, a
 * hash of every row, is read on each call: every instance notices another one's change at once,
 * two changes in the same millisecond included (a few dozen rows, hashed faster than sent).
 */
const keptAll = keptPerVersion<Buffer>();

export async function allLocationsJson(deps: ServiceDeps<'db'>, actor: Actor, sort?: string): Promise<Buffer> {
  const { db } = deps;
  const parsed = parseSort(sort, SORT_FIELDS);
  const key = `${parsed?.field ?? 'default'}_${parsed?.desc ? 'desc' : 'asc'}_${can(actor, 'einstellungen_standorte_sehen')}`;
  const version = await readVersion(db, sql<string>`(select md5(coalesce(string_agg(l::text, '|' order by l.id), '')) from ${locations} l)`);
  return keptAll(db, key, version, async () => Buffer.from(JSON.stringify(await locationPage(deps, actor, { page: ALL_PAGES, sort }))));
}

type SortField = (typeof SORT_FIELDS)[number];
type ListShape = `${SortField | 'default'}_${'asc' | 'desc'}_${'all' | 'page'}`;

/** One prepared statement per sort and paging: the list is read on every settings page. */
const locationList = preparedShapes((db, shape: ListShape, name) => {
  const [field, dir, paging] = shape.split('_') as [SortField | 'default', 'asc' | 'desc', 'all' | 'page'];
  const order = field === 'default' ? [asc(locations.position), asc(locations.name)] : [(dir === 'desc' ? desc : asc)(locations[field]), asc(locations.name)];
  if (paging === 'all') return db.select({ row: locations, total: sql<number>`0`.mapWith(Number) }).from(locations).orderBy(...order).prepare(name);
  const countQuery = db.select({ n: count() }).from(locations);
  return db
    .select({ row: locations, total: totalColumn(countQuery) })
    .from(locations)
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
}, 'locations');

export async function listLocations({ db }: ServiceDeps<'db'>, opts: { page: number; sort?: string }) {
  const sort = parseSort(opts.sort, SORT_FIELDS);
  const { limit, offset } = pageWindow(opts.page);
  const shape: ListShape = `${sort?.field ?? 'default'}_${sort?.desc ? 'desc' : 'asc'}_${limit === undefined ? 'all' : 'page'}`;
  const rows = await locationList(db, shape).execute({ limit, offset });
  // All rows: their number is the count. A page: the count rides in the page's statement.
  const total = limit === undefined ? rows.length : await totalOf(rows, db.select({ n: count() }).from(locations));
  return { rows: rows.map((r) => r.row), count: total };
}

export async function countLocations({ db }: ServiceDeps<'db'>): Promise<number> {
  const [row] = await db.select({ count: count() }).from(locations);
  return row?.count ?? 0;
}

export async function locationsByIds({ db }: ServiceDeps<'db'>, ids: readonly string[]): Promise<Map<string, LocationRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(locations).where(inArray(locations.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The union of all locations' IP lists, or null when no location has one (then every IP may log
 * in). Cached for a few seconds per instance: it is read on every request and changes rarely.
 */
const IP_CACHE_MS = 5000;
let ipCache: { at: number; db: Db; ips: ReadonlySet<string> | null } | null = null;

export async function allowedIps({ db }: ServiceDeps<'db'>): Promise<ReadonlySet<string> | null> {
  if (ipCache && ipCache.db === db && Date.now() - ipCache.at < IP_CACHE_MS) return ipCache.ips;
  const rows = await db.select({ ip: locations.ip }).from(locations).where(ne(locations.ip, ''));
  const ips = new Set(rows.flatMap((r) => parseIpList(r.ip)));
  ipCache = { at: Date.now(), db, ips: ips.size ? ips : null };
  return ipCache.ips;
}

/** Call after a location's IP list changed. */
export function forgetAllowedIps() {
  ipCache = null;
}

/** Whether a client IP passes the IP rule (IPv4-mapped IPv6 addresses are compared as IPv4). */
export function ipAllowed(ips: ReadonlySet<string> | null, ip: string): boolean {
  if (!ips) return true;
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return ips.has(plain);
}


/** POST /location and PUT /location/{id}: unique name; the IP cache is dropped after a change. */
export async function saveLocation({ db }: ServiceDeps<'db'>, actor: Actor, { id, location: input }: { id: string | null; location: TLocationRequest['location'] }) {
  const [clash] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.name, input.name), id ? ne(locations.id, id) : undefined));
  if (clash) throw conflict(MSG.locationNameTaken);
  const values = { ...input, ip: parseIpList(input.ip).join(', ') };
  // A parallel request with the same name passed the check too: the unique index answers it alike.
  const refused = onConstraint({ locations_name_unique: () => conflict(MSG.locationNameTaken) });
  const row = await db
    .transaction(async (tx) => {
      const [before] = id ? await tx.select().from(locations).where(eq(locations.id, id)).for('update') : [null];
      if (id && !before) throw notFound();
      const [saved] = id ? await tx.update(locations).set(values).where(eq(locations.id, id)).returning() : await tx.insert(locations).values(values).returning();
      await audit(tx, actor, { entity: 'location', id: saved!.id, action: id ? 'update' : 'create', before, after: saved });
      return saved!;
    })
    .catch(refused);
  forgetAllowedIps();
  return { location: toLocationDto(row, true) };
}

/**
 * Whether someone still has the location as home or additional location. The users module,
 * which sits above this one, answers it: an additional location is an element of an array, which
 * no foreign key can hold to this table, so the database alone cannot refuse the deletion.
 */
export const locationInUse = hook<(deps: ServiceDeps<'db'>, locationId: string) => Promise<boolean>>('locationInUse');

/** DELETE /location/{id}: only when nobody has it as home or additional location any more. */
export async function deleteLocation(deps: ServiceDeps<'db' | 'hooks'>, actor: Actor, id: string) {
  const { db, hooks } = deps;
  if (await hooks.ask(locationInUse)(deps, id)) throw conflict(MSG.locationInUse, 'location_in_use');
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(locations).where(eq(locations.id, id)).returning();
    if (!row) throw notFound();
    await audit(tx, actor, { entity: 'location', id, action: 'delete', before: row });
  });
  forgetAllowedIps();
}
