import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import sharp from 'sharp';
import { MSG } from '@filialportal/core/messages';
import { PERMISSION_NAMES } from '@filialportal/core/permissions';
import { ADMIN_ROLE } from '@filialportal/core/roles';
import { parseSort } from '@filialportal/core/sort';
import { WEEKDAY_CODES, type CurrentUser, type CurrentUserResponse, type TUpdateOwnSettingsRequest } from '@filialportal/core/users';
import { can, type Actor } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import type { Db } from '../../platform/db.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { decodeDataUrl, deleteFile, saveFile } from '../../platform/files.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { likeTerm, pageCount, pageWindow } from '../../platform/paging.ts';
import { locations } from '../locations/locations.table.ts';
import { locationsByIds } from '../locations/locations.service.ts';
import { userGroups } from '../teams/teams.table.ts';
import { endUserSessions } from '../session/session.service.ts';
import { users } from './users.table.ts';

export type UserRow = typeof users.$inferSelect;

export const avatarUri = (fileId: string | null) => (fileId ? `/api/avatar/${fileId}` : null);

/** available = contingent + surplus of last year − deduction (issue "contingents"). */
export function availableHolidays(u: Pick<UserRow, 'holidayContingent' | 'holidaySurplusPreviousYear' | 'deductionHolidaysCurrentYear'>) {
  return Number(u.holidayContingent) + Number(u.holidaySurplusPreviousYear) - Number(u.deductionHolidaysCurrentYear);
}

/** GET /user: the logged-in user with permissions and locations (spec 1 §3 Current user). */
export async function getCurrentUser(db: Db, userId: string): Promise<CurrentUserResponse> {
  const [row] = await db
    .select({ user: users, group: userGroups, location: locations })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .innerJoin(locations, eq(locations.id, users.locationId))
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  const { user, group, location } = row;
  const available = await locationsByIds(db, [location.id, ...user.additionalLocations]);
  const availableLocations = [location.id, ...user.additionalLocations]
    .map((id) => available.get(id))
    .filter((l) => l !== undefined)
    .map((l) => ({ id: l.id, label: l.name }));
  const selectedId = user.selectedLocationId && available.has(user.selectedLocationId) ? user.selectedLocationId : location.id;
  const current = available.get(selectedId) ?? location;
  let parentTeam: string | null = null;
  if (group.parentId) {
    const [parent] = await db.select({ name: userGroups.name }).from(userGroups).where(eq(userGroups.id, group.parentId));
    parentTeam = parent?.name ?? null;
  }
  const lastSeenNewsDate = user.lastSeenNewsDate ?? null;
  const current_user: CurrentUser = {
    id: user.id,
    active: user.active,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    email: user.email,
    username: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    shortName: `${user.firstName.charAt(0)}. ${user.lastName}`,
    firstNameShort: user.firstName.charAt(0),
    fullName: `${user.firstName} ${user.lastName}`,
    phone: user.phone,
    role: group.name,
    roleIdentifier: group.name,
    roleLabel: group.label,
    resourceUri: avatarUri(user.avatarFileId),
    location: { id: location.id, name: location.name, street: location.street, zip: location.zip, city: location.city },
    currentLocation: { id: current.id, label: current.name },
    currentLocationLabel: current.name,
    locationLabel: location.name,
    selectedLocation: selectedId,
    availableLocations,
    // Admin passes every check, so the client sees the whole catalogue.
    permissions: group.name === ADMIN_ROLE ? [...PERMISSION_NAMES] : group.permissions,
    team: group.name,
    personalNumber: user.personalNumber,
    availableHolidays: availableHolidays(user),
    allowedLocationsClaim: user.allowedLocationsClaim,
    lastSeenNewsDate,
  };
  return { user: current_user, parentTeam, lastSeenNewsDate };
}

/** Whether the actor may see another user's record (settings permissions and scope). */
function canSeeUser(actor: Actor, target: { id: string; locationId: string }) {
  if (actor.userId === target.id) return true;
  if (can(actor, 'einstellungen_benutzer_alle_sehen')) return true;
  return can(actor, 'einstellungen_benutzer_aus_eigener_filiale_sehen') && target.locationId === actor.locationId;
}

/** Spreads the 7-entry arrays into the spec's freeDay…freeDay7 and presence1…presence7 fields. */
function weekFields(u: UserRow) {
  const out: Record<string, string> = {};
  for (let i = 0; i < 7; i++) {
    out[i === 0 ? 'freeDay' : `freeDay${i + 1}`] = u.freeDays[i] ?? '';
    out[`presence${i + 1}`] = u.presence[i] ?? '';
  }
  return out;
}

/** GET /user/{id}: every field of spec 3 §3 User. */
export async function getUser(db: Db, actor: Actor, id: string) {
  const [row] = await db
    .select({ user: users, role: userGroups.name, roleLabel: userGroups.label, locationLabel: locations.name })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .innerJoin(locations, eq(locations.id, users.locationId))
    .where(eq(users.id, id));
  if (!row || !canSeeUser(actor, row.user)) throw notFound();
  const u = row.user;
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
      availableHolidays: availableHolidays(u),
      holidayContingent: Number(u.holidayContingent),
      externalLogin: u.externalLogin,
      deductionHolidaysCurrentYear: Number(u.deductionHolidaysCurrentYear),
      holidaySurplusPreviousYear: Number(u.holidaySurplusPreviousYear),
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

/** The search expression; identical to the trigram index users_search_idx so it is used. */
const searchExpr = sql`lower(${users.lastName} || ' ' || ${users.firstName} || ' ' || ${users.email} || ' ' || coalesce(${users.personalNumber}, ''))`;

/** The rows the actor may list in the user settings: all, or those of the own location. */
function userScope(actor: Actor): SQL | undefined {
  if (can(actor, 'einstellungen_benutzer_alle_sehen')) return undefined;
  return eq(users.locationId, actor.locationId);
}

export function userListFilter(actor: Actor, search: string | undefined): SQL | undefined {
  const term = search?.trim();
  return and(userScope(actor), term ? sql`${searchExpr} like ${likeTerm(term)}` : undefined);
}

/** GET /user/list/{page}: 6 per page, searchable, sortable (spec 3 §2 Benutzer). */
export async function listUsers(db: Db, actor: Actor, opts: { page: number; search?: string; sort?: string }) {
  const where = userListFilter(actor, opts.search);
  const sort = parseSort(opts.sort, USER_SORT);
  const order = sort
    ? [(sort.desc ? desc : asc)(userSortColumns[sort.field]), asc(users.lastName), asc(users.id)]
    : [asc(users.lastName), asc(users.firstName), asc(users.id)];
  const { limit, offset } = pageWindow(opts.page);
  const base = db
    .select({ user: users, role: userGroups.name, roleLabel: userGroups.label, locationLabel: locations.name })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .innerJoin(locations, eq(locations.id, users.locationId))
    .where(where)
    .orderBy(...order)
    .offset(offset);
  const [rows, [total]] = await Promise.all([
    limit === undefined ? base : base.limit(limit),
    db
      .select({ count: count() })
      .from(users)
      .where(where),
  ]);
  const c = total?.count ?? 0;
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

/** GET /user/listall: everyone, for pickers (names, location, team only). */
export async function listAllUsers(db: Db) {
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
    })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .innerJoin(locations, eq(locations.id, users.locationId))
    .orderBy(asc(users.lastName), asc(users.firstName));
  return {
    users: rows.map(({ avatarFileId, ...r }) => ({ ...r, fullName: `${r.firstName} ${r.lastName}`, resourceUri: avatarUri(avatarFileId) })),
  };
}

export async function countUsers(db: Db, actor: Actor): Promise<number> {
  const [row] = await db.select({ count: count() }).from(users).where(userScope(actor));
  return row?.count ?? 0;
}

const AVATAR_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);

/** Checks an uploaded avatar (jpeg, jpg, png, gif by content) and scales it to 256×256 JPEG. */
export async function prepareAvatar(image: { fileName: string; data: string }): Promise<Buffer> {
  const ext = image.fileName.split('.').pop()?.toLowerCase() ?? '';
  const { bytes, mime } = await decodeDataUrl(image.data);
  if (!['jpeg', 'jpg', 'png', 'gif'].includes(ext) || !mime || !AVATAR_TYPES.has(mime)) throw badRequest(MSG.avatarType);
  try {
    return await sharp(bytes).rotate().resize(256, 256, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer();
  } catch {
    throw badRequest(MSG.avatarType);
  }
}

/**
 * PUT /user/{id} by the user himself (view UserData): name, phone, selected location, optional
 * new password, optional avatar. Everything is checked before anything is written.
 */
export async function updateOwnSettings(deps: Deps, actor: Actor, id: string, input: TUpdateOwnSettingsRequest) {
  const { db, storage } = deps;
  if (id !== actor.userId) throw forbidden();
  const [current] = await db.select().from(users).where(eq(users.id, id));
  if (!current) throw notFound();
  const allowed = [current.locationId, ...current.additionalLocations];
  const selected = input.user.selectedLocation ?? current.selectedLocationId ?? current.locationId;
  if (!allowed.includes(selected)) throw badRequest(MSG.locationNotAvailable);
  const avatar = input.image ? await prepareAvatar(input.image) : null;
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const newFile = avatar ? await saveFile(db, storage, { name: 'avatar.jpg', mimeType: 'image/jpeg', bytes: avatar, createdBy: id }) : null;
  await db
    .update(users)
    .set({
      firstName: input.user.firstName,
      lastName: input.user.lastName,
      phone: input.user.phone,
      selectedLocationId: selected,
      ...(passwordHash ? { passwordHash } : {}),
      ...(newFile ? { avatarFileId: newFile.id } : {}),
    })
    .where(eq(users.id, id));
  if (newFile && current.avatarFileId) await deleteFile(db, storage, current.avatarFileId);
  // A new password ends the other sessions, as people expect after changing it.
  if (passwordHash) await endUserSessions(db, id, actor.sessionId);
  return getCurrentUser(db, id);
}

export function isWeekdayCode(v: string) {
  return v === '' || (WEEKDAY_CODES as readonly string[]).includes(v);
}

