import { asc, desc, sql, type SQL } from 'drizzle-orm';
import { claimIsOpen, type ClaimSort, type ClaimType, type TLueckentext } from '@filialportal/core/claims';
import { MSG } from '@filialportal/core/messages';
import { ADMIN_ROLE, CLAIM_BOOKING_ROLES } from '@filialportal/core/roles';
import { can, type Actor } from '../../platform/access.ts';
import { berlinParts } from '../../platform/dates.ts';
import { scopeOf, scopeWhere, type ScopeRule } from '../../platform/scope.ts';
import { claimStatuses } from '../lists/index.ts';
import { locations } from '../locations/index.ts';
import { userGroups } from '../teams/index.ts';
import { avatarUri, users } from '../users/index.ts';
import { claims } from './claims.table.ts';

/** The booking roles (and Admin, who passes every role check) count claims open until booked. */
export const bookingView = (actor: Actor) => actor.role === ADMIN_ROLE || (CLAIM_BOOKING_ROLES as readonly string[]).includes(actor.role);

export const isBooker = (actor: Actor) => can(actor, 'beanstandungen_buchen');

/**
 * Who sees which claims (spec 2 §6): with either all-locations permission every location;
 * everyone else the claim locations of their account when set, else the location they work at
 * now. The account's list is read in the statement that reads the claims.
 */
export const CLAIM_SCOPE: ScopeRule = {
  all: ['beanstandungen_offene_alle_sehen', 'beanstandungen_abgeschlossene_und_nicht_gebuchte_alle_als_offene_sehen'],
  ownLocation: true,
  accountLocations: (actor) =>
    // coalesce makes it an array expression: `= any(<subquery>)` would compare with the subquery's rows.
    sql`coalesce((select case when cardinality(u.allowed_locations_claim) > 0 then u.allowed_locations_claim else array[${actor.selectedLocationId}]::uuid[] end
      from ${users} u where u.id = ${actor.userId}), '{}'::uuid[])`,
};

/** The claims the person sees, as a condition on claims; undefined for every location. */
export const visibleWhere = (actor: Actor): SQL | undefined => scopeWhere(scopeOf(actor, CLAIM_SCOPE), { locationId: claims.locationId });
/** The claim files (claim-files.ts) still ask under the former name. */
export { visibleWhere as scopeWhere };

/**
 * Open or closed by the person's rule (spec 2 §4), as SQL. Each of the four conditions is written
 * as the predicate of its partial index (claims.table.ts), so lists and counts read only those.
 */
export const stateWhere = (actor: Actor, closed: boolean): SQL =>
  bookingView(actor)
    ? closed
      ? sql`(${claims.baNumber} <> '' and ${claims.stockUpdated})`
      : sql`(${claims.baNumber} = '' or not ${claims.stockUpdated})`
    : closed
      ? sql`${claims.completed} is not null`
      : sql`${claims.completed} is null`;

/**
 * A column of the outer claim inside a lookup subquery. Drizzle writes a single table's columns
 * unqualified, which inside `(select … from x where x.id = "id")` would name x's own column.
 */
export const outer = (column: string) => sql.raw(`"claims"."${column}"`);

const creatorName = sql<string>`coalesce((select u.first_name || ' ' || u.last_name from ${users} u where u.id = ${outer('created_by_id')}), ${claims.createdByName})`;

/** The columns of a list row; the creator's popup data and the names come from small lookups by key. */
export const rowColumns = {
  id: claims.id,
  number: claims.number,
  type: claims.type,
  createdAt: claims.createdAt,
  createdById: claims.createdById,
  createdBy: creatorName,
  creatorGroup: sql<string | null>`(select g.label from ${users} u join ${userGroups} g on g.id = u.group_id where u.id = ${outer('created_by_id')})`,
  creatorLocation: sql<string | null>`(select l.name from ${users} u join ${locations} l on l.id = u.location_id where u.id = ${outer('created_by_id')})`,
  creatorAvatar: sql<string | null>`(select u.avatar_file_id from ${users} u where u.id = ${outer('created_by_id')})`,
  customerName: claims.customerName,
  supplierName: claims.supplierName,
  haulerName: claims.haulerName,
  locationId: claims.locationId,
  locationName: sql<string>`(select l.name from ${locations} l where l.id = ${outer('location_id')})`,
  statusId: claims.statusId,
  statusName: sql<string | null>`(select s.name from ${claimStatuses} s where s.id = ${outer('status_id')})`,
  priority: claims.priority,
  stockUpdated: claims.stockUpdated,
  baNumber: claims.baNumber,
  completed: claims.completed,
};

type RowValues = {
  id: string;
  number: string;
  type: string;
  createdAt: Date;
  createdById: string | null;
  createdBy: string;
  creatorGroup: string | null;
  creatorLocation: string | null;
  creatorAvatar: string | null;
  customerName: string;
  supplierName: string;
  haulerName: string;
  locationId: string;
  locationName: string;
  statusId: string | null;
  statusName: string | null;
  priority: number | null;
  stockUpdated: boolean;
  baNumber: string;
  completed: Date | null;
};

/** 'DD.MM.YY, HH:mm Uhr' in Europe/Berlin (spec 2 §9). */
export function claimDate(d: Date): string {
  const p = berlinParts(d);
  return `${p.day}.${p.month}.${p.year.slice(2)}, ${p.hour}:${p.minute} Uhr`;
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toRow(actor: Actor, r: RowValues) {
  const completed = iso(r.completed);
  return {
    id: r.id,
    number: r.number,
    type: r.type as ClaimType,
    createdAt: r.createdAt.toISOString(),
    createdAtFormated: claimDate(r.createdAt),
    createdBy: { id: r.createdById, name: r.createdBy || MSG.deletedUser, group: r.creatorGroup ?? '', location: r.creatorLocation ?? '', avatarUrl: avatarUri(r.creatorAvatar) },
    customerName: r.customerName,
    supplierName: r.supplierName,
    haulerName: r.haulerName,
    location: { id: r.locationId, name: r.locationName },
    status: r.statusId ? { id: r.statusId, name: r.statusName ?? '' } : null,
    priority: r.priority,
    stockUpdated: r.stockUpdated,
    baNumber: r.baNumber,
    completed,
    open: claimIsOpen({ completed, baNumber: r.baNumber, stockUpdated: r.stockUpdated }, bookingView(actor)),
  };
}

/**
 * Sort keys → columns, with a tie-break so pages never overlap. By date the tie-break is the id
 * in the direction the list indexes (created_at desc, id) are read, so a page is the first 25
 * entries of an index, not a sort of every match.
 */
export function orderOf(sort: string): SQL[] {
  const key = sort.replace(/^-/, '') as ClaimSort;
  const dir = sort.startsWith('-') ? desc : asc;
  const by: Record<ClaimSort, SQL | typeof claims.createdAt> = {
    createdAt: claims.createdAt,
    number: sql`${claims.year}, ${claims.seq}`,
    createdBy: sql`${claims.createdByName}`,
    customerName: sql`lower(${claims.customerName})`,
    status: sql`(select s.name from ${claimStatuses} s where s.id = ${outer('status_id')})`,
    supplierName: sql`lower(coalesce(nullif(${claims.supplierName}, ''), ${claims.haulerName}))`,
    stockUpdated: sql`${claims.stockUpdated}`,
    baNumber: sql`${claims.baNumber}`,
  };
  if (key === 'createdAt') return [dir(claims.createdAt), sort.startsWith('-') ? asc(claims.id) : desc(claims.id)];
  return [dir(by[key]), desc(claims.year), desc(claims.seq)];
}

/** The fill-in text as stored, with the defaults of a fresh claim. */
export const emptyLueckentext = (): TLueckentext => ({
  complaintNumber: '',
  articleId: null,
  articleNumber: '',
  supplierName: '',
  articleName: '',
  quality: '',
  packageContent: null,
  packageCount: null,
  surfaceSize: null,
  reason: '',
  treatment: '',
  stockNeedsUpdate: null,
  stockNeedsLocation: '',
  stockLocation: null,
  name: '',
  additionalArticles: [],
});
