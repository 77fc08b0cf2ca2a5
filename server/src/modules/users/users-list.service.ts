import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { ADMIN_ROLE } from '@filialportal/core/roles';
import { parseSort } from '@filialportal/core/sort';
import { type FREE_DAY_KEYS, type PRESENCE_KEYS, type ZUserListAllResponse } from '@filialportal/core/users';
import type { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import { currentYear } from '../../platform/dates.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { inBatches } from '../../platform/exports.ts';
import { dataVersion, keptPerVersion, readVersion } from '../../platform/versions.ts';
import { likeTerm, pageCount, pageWindow, totalColumn, totalOf } from '../../platform/paging.ts';
import { inScope, scopeOf, scopeWhere, type ScopeRule } from '../../platform/scope.ts';
import { locations } from '../locations/index.ts';
import { userGroups } from '../teams/index.ts';
import { avatarUri } from './current-user.service.ts';
import { vacationAccounts } from './hooks.ts';
import { userSearchText, users } from './users.table.ts';

/** The settings area's users as lists, one record and the export; and the pickers' everyone list. */

export type UserRow = typeof users.$inferSelect;

/** Whose record the actor may open: the own, and others' per the settings permissions. */
const RECORD_SCOPE: ScopeRule = { all: 'einstellungen_benutzer_alle_sehen', ownLocation: 'einstellungen_benutzer_aus_eigener_filiale_sehen', self: true };
/**
 * Whom the settings area lists and manages: all, or those of the own location (its routes
 * already require one of the seeing permissions).
 */
export const ADMIN_SCOPE: ScopeRule = { all: 'einstellungen_benutzer_alle_sehen', ownLocation: true };

function canSeeUser(actor: Actor, target: { id: string; locationId: string }) {
  return inScope(scopeOf(actor, RECORD_SCOPE), { userId: target.id, locationId: target.locationId });
}

/** Spreads the 7-entry arrays into the spec's freeDay…freeDay7 and presence1…presence7 fields. */
type WeekField = (typeof FREE_DAY_KEYS)[number] | (typeof PRESENCE_KEYS)[number];
function weekFields(u: UserRow): Record<WeekField, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < 7; i++) {
    out[i === 0 ? 'freeDay' : `freeDay${i + 1}`] = u.freeDays[i] ?? '';
    out[`presence${i + 1}`] = u.presence[i] ?? '';
  }
  return out as Record<WeekField, string>;
}


/**
 * GET /user-popup (spec 3 §7): what hovering over a person shows (spec 2 §2: avatar, full name,
 * user group and location) – the own card without `id`. Every signed-in person sees it for any
 * colleague, as names and groups stand beside their claims, news and comments anyway; nothing
 * more (no e-mail, phone or personal number).
 */
export async function userPopup({ db }: ServiceDeps<'db'>, id: string) {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, avatarFileId: users.avatarFileId, roleLabel: userGroups.label, locationLabel: locations.name })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .innerJoin(locations, eq(locations.id, users.locationId))
    .where(eq(users.id, id));
  if (!row) throw notFound();
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: `${row.firstName} ${row.lastName}`,
    resourceUri: avatarUri(row.avatarFileId),
    roleLabel: row.roleLabel,
    locationLabel: row.locationLabel,
  };
}
/** GET /user/{id}: every field of spec 3 §3 User. */
export async function getUser(deps: ServiceDeps<'db' | 'hooks'>, actor: Actor, id: string) {
  const { db, hooks } = deps;
  const [row] = await db
    .select({ user: users, role: userGroups.name, roleLabel: userGroups.label, locationLabel: locations.name })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .innerJoin(locations, eq(locations.id, users.locationId))
    .where(eq(users.id, id));
  if (!row || !canSeeUser(actor, row.user)) throw notFound();
  const u = row.user;
  const account = (await hooks.ask(vacationAccounts)(deps, { userIds: [u.id], year: currentYear() })).get(u.id)!;
  return {
    user: {
      id: u.id,
      firstName: u.firstName,
      lastName: u.lastName,
      fullName: `${u.firstName} ${u.lastName}`,
      email: u.email,
      phone: u.phone,
      location: u.locationId,
      locationLabel: row.locationLabel,
      selectedLocation: u.selectedLocationId ?? u.locationId,
      additionalLocations: u.additionalLocations,
      allowedLocationsClaim: u.allowedLocationsClaim,
      availableHolidays: account.available,
      holidaysTakenThisYear: account.taken,
      holidaysPlannedThisYear: account.planned,
      holidayContingent: Number(u.holidayContingent),
      externalLogin: u.externalLogin,
      deductionHolidaysCurrentYear: account.deduction,
      holidaySurplusPreviousYear: account.surplus,
      personalNumber: u.personalNumber,
      ...weekFields(u),
      role: row.role,
      roleLabel: row.roleLabel,
      active: u.active,
      resourceUri: avatarUri(u.avatarFileId),
    },
  };
}

const USER_SORT = ['lastName', 'firstName', 'email', 'personalNumber', 'location', 'role', 'active'] as const;
const userSortColumns = {
  lastName: users.lastName,
  firstName: users.firstName,
  email: users.email,
  personalNumber: users.personalNumber,
  location: locations.name,
  role: userGroups.label,
  active: users.active,
};

const userScope = (actor: Actor) => scopeWhere(scopeOf(actor, ADMIN_SCOPE), { locationId: users.locationId });

export function userListFilter(actor: Actor, search: string | undefined): SQL | undefined {
  const term = search?.trim();
  return and(userScope(actor), term ? sql`${userSearchText} like ${likeTerm(term)}` : undefined);
}

/** GET /user/list/{page}: 6 per page, searchable, sortable (spec 3 §2 Benutzer). */
export async function listUsers({ db }: ServiceDeps<'db'>, actor: Actor, opts: { page: number; search?: string; sort?: string }) {
  const where = userListFilter(actor, opts.search);
  const sort = parseSort(opts.sort, USER_SORT);
  const order = sort
    ? [(sort.desc ? desc : asc)(userSortColumns[sort.field]), asc(users.lastName), asc(users.id)]
    : [asc(users.lastName), asc(users.firstName), asc(users.id)];
  const { limit, offset } = pageWindow(opts.page);
  const countQuery = db.select({ n: count() }).from(users).where(where);
  // Only the columns the list shows; a page carries its total in the same statement.
  const base = db
    .select({
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
        personalNumber: users.personalNumber,
        locationId: users.locationId,
        active: users.active,
        avatarFileId: users.avatarFileId,
      },
      role: userGroups.name,
      roleLabel: userGroups.label,
      locationLabel: locations.name,
      total: totalColumn(limit === undefined ? null : countQuery),
    })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .innerJoin(locations, eq(locations.id, users.locationId))
    .where(where)
    .orderBy(...order)
    .offset(offset);
  const rows = await (limit === undefined ? base : base.limit(limit));
  const total = limit === undefined ? rows.length : await totalOf(rows, countQuery);
  const c = total;
  return {
    users: rows.map((r) => ({
      id: r.user.id,
      firstName: r.user.firstName,
      lastName: r.user.lastName,
      fullName: `${r.user.firstName} ${r.user.lastName}`,
      email: r.user.email,
      phone: r.user.phone,
      personalNumber: r.user.personalNumber,
      location: r.user.locationId,
      locationLabel: r.locationLabel,
      role: r.role,
      roleLabel: r.roleLabel,
      active: r.user.active,
      resourceUri: avatarUri(r.user.avatarFileId),
    })),
    count: c,
    pn: pageCount(c),
  };
}

/**
 * GET /user/listall: everyone, for the people pickers of every screen. The answer is large (600 KB
 * for 2,000 people) and changes rarely, so it is built once per version of the data, kept as JSON
 * and gzip, and answered with an ETag: a browser that has it gets 304. The version is read from
 * the database on each call, so every instance notices another one's change at once.
 */
export interface PickerList {
  etag: string;
  json: Buffer;
  gzip: Buffer;
}

type TUserListAllResponse = z.infer<typeof ZUserListAllResponse>;
const gzipAsync = promisify(gzip);
const keptPickerList = keptPerVersion<PickerList>();

export async function pickerList({ db }: ServiceDeps<'db'>): Promise<PickerList> {
  const version = await readVersion(db, dataVersion(users, userGroups, locations));
  return keptPickerList(db, '', version, () => buildPickerList(db, version));
}

async function buildPickerList(db: Db, version: string): Promise<PickerList> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      active: users.active,
      location: users.locationId,
      locationLabel: locations.name,
      team: userGroups.name,
      teamLabel: userGroups.label,
      teamSortIndex: userGroups.sortingIndex,
      avatarFileId: users.avatarFileId,
      // Whether tasks can be addressed to this person (their group receives tasks).
      receivesTasks: sql<boolean>`(${userGroups.name} = ${ADMIN_ROLE} or 'aufgaben_erhalten' = any(${userGroups.permissions}))`,
    })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .innerJoin(locations, eq(locations.id, users.locationId))
    .orderBy(asc(users.lastName), asc(users.firstName));
  const answer: TUserListAllResponse = {
    users: rows.map((r) => ({
      id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      fullName: `${r.firstName} ${r.lastName}`,
      active: r.active,
      location: r.location,
      locationLabel: r.locationLabel,
      team: r.team,
      teamLabel: r.teamLabel,
      teamSortIndex: r.teamSortIndex,
      receivesTasks: r.receivesTasks,
      resourceUri: avatarUri(r.avatarFileId),
    })),
  };
  const json = Buffer.from(JSON.stringify(answer));
  const gzip = await gzipAsync(json);
  return { etag: `"${createHash('sha256').update(version).digest('base64url').slice(0, 22)}"`, json, gzip };
}

/** How many people hold a group (for the group list), as an SQL expression of the group's id. */
export const memberCount = (groupId: SQL) => sql<number>`(select count(*)::int from ${users} x where x.group_id = ${groupId})`;

/** Whether someone has the location as home or additional location (asked before it is deleted). */
export async function anyoneAtLocation({ db }: ServiceDeps<'db'>, locationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`(${users.locationId} = ${locationId} or ${locationId}::uuid = any(${users.additionalLocations}))`)
    .limit(1);
  return row !== undefined;
}

export async function countUsers({ db }: ServiceDeps<'db'>, actor: Actor): Promise<number> {
  const [row] = await db.select({ count: count() }).from(users).where(userScope(actor));
  return row?.count ?? 0;
}

/** Rows of the user export (same filter and scope as the list), read in batches. */
export function userExportRows(deps: ServiceDeps<'db' | 'hooks'>, actor: Actor, search: string | undefined) {
  const { db, hooks } = deps;
  const where = userListFilter(actor, search);
  return inBatches(async (limit, offset) => {
    const rows = await db
      .select({ user: users, roleLabel: userGroups.label, locationLabel: locations.name })
      .from(users)
      .innerJoin(userGroups, eq(userGroups.id, users.groupId))
      .innerJoin(locations, eq(locations.id, users.locationId))
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(limit)
      .offset(offset);
    // One query for the vacation accounts of the whole batch.
    const accounts = await hooks.ask(vacationAccounts)(deps, { userIds: rows.map((r) => r.user.id), year: currentYear() });
    return rows.map((r) => ({ user: r.user, roleLabel: r.roleLabel, locationLabel: r.locationLabel, account: accounts.get(r.user.id) }));
  });
}
