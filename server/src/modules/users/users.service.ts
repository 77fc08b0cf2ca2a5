import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import { MSG } from '@filialportal/core/messages';
import { PERMISSION_NAMES, uncoveredSettingsPermissions } from '@filialportal/core/permissions';
import { ADMIN_ROLE } from '@filialportal/core/roles';
import { parseSort } from '@filialportal/core/sort';
import type { GroupRights } from '@filialportal/core/teams';
import {
  FREE_DAY_KEYS,
  PRESENCE_KEYS,
  type CurrentUser,
  type CurrentUserResponse,
  type TCreateUserRequest,
  type TUpdateOwnSettingsRequest,
  type TUpdateUserRequest,
  type TUserFields,
} from '@filialportal/core/users';
import { UUID_SHAPE } from '@filialportal/core/ids';
import { can, type Actor } from '../../platform/access.ts';
import type { Deps } from '../../platform/deps.ts';
import type { Db } from '../../platform/db.ts';
import { badRequest, conflict, forbidden, notFound, onConstraint } from '../../platform/errors.ts';
import { inBatches } from '../../platform/exports.ts';
import { decodeDataUrl, deleteFile, saveFile } from '../../platform/files.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { likeTerm, pageCount, pageWindow } from '../../platform/paging.ts';
import { locations } from '../locations/locations.table.ts';
import { locationsByIds } from '../locations/locations.service.ts';
import { accountsFor, currentYear, saveAccount } from '../absences/contingents.service.ts';
import { userGroups } from '../teams/teams.table.ts';
import { endUserSessions } from '../session/session.service.ts';
import { users } from './users.table.ts';

export type UserRow = typeof users.$inferSelect;

export const avatarUri = (fileId: string | null) => (fileId ? `/api/avatar/${fileId}` : null);


/** GET /user: the logged-in user with permissions and locations (spec 1 §3 Current user). */
const parentGroup = alias(userGroups, 'parent_group');

export async function getCurrentUser(db: Db, userId: string): Promise<CurrentUserResponse> {
  const [row] = await db
    .select({ user: users, group: userGroups, location: locations, parentTeam: parentGroup.name })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .innerJoin(locations, eq(locations.id, users.locationId))
    .leftJoin(parentGroup, eq(parentGroup.id, userGroups.parentId))
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  const { user, group, location } = row;
  // Most people work at one location: its row came with the user.
  const available = user.additionalLocations.length ? await locationsByIds(db, [location.id, ...user.additionalLocations]) : new Map([[location.id, location]]);
  const availableLocations = [location.id, ...user.additionalLocations]
    .map((id) => available.get(id))
    .filter((l) => l !== undefined)
    .map((l) => ({ id: l.id, label: l.name }));
  const selectedId = user.selectedLocationId && available.has(user.selectedLocationId) ? user.selectedLocationId : location.id;
  const current = available.get(selectedId) ?? location;
  const parentTeam = row.parentTeam ?? null;
  const lastSeenNewsDate = user.lastSeenNewsDate ?? null;
  const account = (await accountsFor(db, [user.id], currentYear())).get(user.id)!;
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
    availableHolidays: account.available,
    holidaysTakenThisYear: account.taken,
    holidaysPlannedThisYear: account.planned,
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
function weekFields(u: UserRow): Record<(typeof FREE_DAY_KEYS)[number] | (typeof PRESENCE_KEYS)[number], string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < 7; i++) {
    out[i === 0 ? 'freeDay' : `freeDay${i + 1}`] = u.freeDays[i] ?? '';
    out[`presence${i + 1}`] = u.presence[i] ?? '';
  }
  return out as Record<(typeof FREE_DAY_KEYS)[number] | (typeof PRESENCE_KEYS)[number], string>;
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
  const account = (await accountsFor(db, [u.id], currentYear())).get(u.id)!;
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
      // Whether tasks can be addressed to this person (their group receives tasks).
      receivesTasks: sql<boolean>`(${userGroups.name} = ${ADMIN_ROLE} or 'aufgaben_erhalten' = any(${userGroups.permissions}))`,
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
    // 50 megapixels: every camera photo, but no decompression bomb that eats gigabytes.
    return await sharp(bytes, { limitInputPixels: 50_000_000 }).rotate().resize(256, 256, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer();
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



// ---------------------------------------------------------------------------------------------
// Settings area: create, edit, delete, (de)activate users.

/** Whether the actor may manage a user at this location (all, or own location only). */
function inUserScope(actor: Actor, locationId: string) {
  return can(actor, 'einstellungen_benutzer_alle_sehen') || locationId === actor.locationId;
}

/**
 * The keys to an account are its password, username, group and active state, and deleting it.
 * Whoever holds them can act as that person, so only Admin holds them for an Admin, and only
 * Admin for someone whose group has settings rights the actor's group does not cover (a
 * narrowing right such as "nur freie Tage" is covered by the right it narrows). Every path that
 * touches the keys asks this one rule: update, (de)activate, delete, and, through `mayAssign`,
 * create and change of group. Returns the refusal's message, or null when the actor may.
 */
export function accountKeysRefusal(actor: Actor, group: GroupRights): string | null {
  if (actor.role === ADMIN_ROLE) return null;
  if (group.name === ADMIN_ROLE) return MSG.adminProtected;
  return uncoveredSettingsPermissions(group.permissions, actor.permissions).length ? MSG.userProtected : null;
}

/**
 * Whether the actor may give a group to someone: Admin every group; others only a group named
 * in their own group's `assignableUserGroups` (set by Admin) whose keys they may hold anyway,
 * so a list that has gone stale since still gives no more power than the actor has.
 */
export function mayAssign(actor: Actor, giverList: readonly string[], group: GroupRights & { id: string }): boolean {
  return actor.role === ADMIN_ROLE || (giverList.includes(group.id) && accountKeysRefusal(actor, group) === null);
}

/** Resolves a group by name or id and checks the actor may hand it out. */
async function assignableGroup(db: Db, actor: Actor, role: string) {
  const [group] = await db
    .select()
    .from(userGroups)
    .where(UUID_SHAPE.test(role) ? eq(userGroups.id, role.toLowerCase()) : eq(userGroups.name, role));
  if (!group) throw badRequest(MSG.fillAllFields);
  const [giver] = await db.select({ list: userGroups.assignableUserGroups }).from(userGroups).where(eq(userGroups.id, actor.groupId));
  if (!mayAssign(actor, giver?.list ?? [], group)) throw forbidden(MSG.groupNotAssignable);
  return group;
}

/** Throws the refusal when the actor may not hold the keys to a member of this group. */
function guardAccountKeys(actor: Actor, group: GroupRights) {
  const refusal = accountKeysRefusal(actor, group);
  if (refusal) throw forbidden(refusal);
}

/** The group (name, permissions) of a user, for the account-keys rule. */
async function groupOf(db: Db, groupId: string): Promise<GroupRights> {
  const [group] = await db.select({ name: userGroups.name, permissions: userGroups.permissions }).from(userGroups).where(eq(userGroups.id, groupId));
  return group!;
}

/** The database's answer to a duplicate that slipped past `checkUnique` (parallel requests). */
const uniqueClash = onConstraint({
  users_personal_number_uq: () => badRequest(MSG.personalNumberTaken, 'personal_number_taken'),
  users_email_uq: () => conflict(MSG.usernameTaken, 'username_taken'),
});

async function checkLocations(db: Db, ids: string[]) {
  const found = await locationsByIds(db, ids);
  if (ids.some((id) => !found.has(id))) throw badRequest(MSG.fillAllFields);
}

async function checkUnique(db: Db, fields: { email: string; personalNumber: string }, exceptId: string | null) {
  const clash = await db
    .select({ id: users.id, email: users.email, personalNumber: users.personalNumber })
    .from(users)
    .where(sql`(${users.email} = ${fields.email} or ${users.personalNumber} = ${fields.personalNumber})`);
  const others = clash.filter((u) => u.id !== exceptId);
  if (others.some((u) => u.personalNumber === fields.personalNumber)) throw badRequest(MSG.personalNumberTaken, 'personal_number_taken');
  if (others.some((u) => u.email === fields.email)) throw conflict(MSG.usernameTaken, 'username_taken');
}

/** Maps the API fields onto the table columns. */
function columnsOf(u: TUserFields) {
  return {
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    locationId: u.location,
    additionalLocations: [...new Set(u.additionalLocations.filter((l) => l !== u.location))],
    allowedLocationsClaim: [...new Set(u.allowedLocationsClaim)],
    personalNumber: u.personalNumber,
    holidayContingent: u.holidayContingent,
    // The spec: externalLogin is true when additional locations are chosen.
    externalLogin: u.externalLogin || u.additionalLocations.some((l) => l !== u.location),
    freeDays: FREE_DAY_KEYS.map((k) => u[k]),
    presence: PRESENCE_KEYS.map((k) => u[k]),
    active: u.active,
  };
}
type UserColumns = ReturnType<typeof columnsOf>;

/** This year's surplus and deduction from the form (kept per year in the vacation accounts). */
const accountValues = (u: TUserFields) => ({ surplus: u.holidaySurplusPreviousYear, deduction: u.deductionHolidaysCurrentYear });

/** Which columns the actor may change on an existing user (spec 3 §6 field permissions). */
type EditableField = keyof UserColumns | 'groupId' | 'password' | 'avatar' | 'holidaySurplusPreviousYear' | 'deductionHolidaysCurrentYear';
function editableColumns(actor: Actor): Set<EditableField> {
  // "nur freie Tage" narrows editing down to free days and presence (Admin holds every
  // permission, so for him it narrows nothing).
  if (actor.role !== ADMIN_ROLE && actor.permissions.has('einstellungen_benutzer_bearbeiten_nur_freie_tage')) {
    return new Set(['freeDays', 'presence']);
  }
  const set = new Set<EditableField>([
    'firstName', 'lastName', 'phone', 'locationId', 'additionalLocations', 'allowedLocationsClaim', 'externalLogin',
    'freeDays', 'presence', 'groupId', 'password',
  ]);
  if (can(actor, 'einstellungen_benutzer_bearbeiten_alle_felder')) {
    for (const c of ['personalNumber', 'holidayContingent', 'holidaySurplusPreviousYear', 'deductionHolidaysCurrentYear', 'active'] as const) set.add(c);
  }
  if (can(actor, 'einstellungen_benutzer_bearbeiten_benutzername')) set.add('email');
  if (can(actor, 'user_image_can_edit')) set.add('avatar');
  return set;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** POST /user: a new user with every rule of spec 3 §5 "New user". */
export async function createUser(deps: Deps, actor: Actor, input: TCreateUserRequest) {
  const { db, storage } = deps;
  const cols = columnsOf(input.user);
  if (!inUserScope(actor, cols.locationId)) throw forbidden(MSG.locationOutOfScope);
  await checkLocations(db, [cols.locationId, ...cols.additionalLocations, ...cols.allowedLocationsClaim]);
  const group = await assignableGroup(db, actor, input.role);
  await checkUnique(db, cols, null);
  const avatar = input.image ? await prepareAvatar(input.image) : null;
  const passwordHash = await hashPassword(input.password!);
  const file = avatar ? await saveFile(db, storage, { name: 'avatar.jpg', mimeType: 'image/jpeg', bytes: avatar, createdBy: actor.userId }) : null;
  const id = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ ...cols, groupId: group.id, passwordHash, avatarFileId: file?.id ?? null })
        .returning({ id: users.id });
      await saveAccount(tx as unknown as Db, row!.id, currentYear(), accountValues(input.user));
      return row!.id;
    })
    .catch(async (err: unknown) => {
      if (file) await deleteFile(db, storage, file.id);
      return uniqueClash(err);
    });
  return getUser(db, actor, id);
}

/** PUT /user/{id} from the settings area: only the fields the actor's permissions allow. */
export async function updateUser(deps: Deps, actor: Actor, id: string, input: TUpdateUserRequest) {
  const { db, storage } = deps;
  const [current] = await db.select().from(users).where(eq(users.id, id));
  if (!current || !inUserScope(actor, current.locationId)) throw notFound();
  const cols = columnsOf(input.user);
  // The group is only checked when it changes: editing someone's free days must not depend on
  // whether the editor could hand out that person's group.
  const [currentGroup] = await db
    .select({ id: userGroups.id, name: userGroups.name, permissions: userGroups.permissions })
    .from(userGroups)
    .where(eq(userGroups.id, current.groupId));
  const unchanged = input.role.toLowerCase() === currentGroup?.id || input.role === currentGroup?.name;
  const group = unchanged ? currentGroup! : await assignableGroup(db, actor, input.role);
  const editable = editableColumns(actor);
  const changes: Partial<UserColumns> & { groupId?: string } = {};
  for (const key of Object.keys(cols) as (keyof UserColumns)[]) {
    if (same(cols[key], current[key])) continue;
    if (!editable.has(key)) throw forbidden(MSG.fieldNotEditable);
    (changes as Record<string, unknown>)[key] = cols[key];
  }
  if (group.id !== current.groupId) {
    if (!editable.has('groupId')) throw forbidden(MSG.fieldNotEditable);
    changes.groupId = group.id;
  }
  const account = (await accountsFor(db, [id], currentYear())).get(id)!;
  const accountChanged = account.surplus !== input.user.holidaySurplusPreviousYear || account.deduction !== input.user.deductionHolidaysCurrentYear;
  if (accountChanged && (!editable.has('holidaySurplusPreviousYear') || !editable.has('deductionHolidaysCurrentYear'))) {
    throw forbidden(MSG.fieldNotEditable);
  }
  if (input.password && !editable.has('password')) throw forbidden(MSG.fieldNotEditable);
  // Username, status, group and password are the keys to the account (see accountKeysRefusal).
  const touchesKeys = changes.email !== undefined || changes.active !== undefined || changes.groupId !== undefined || !!input.password;
  if (touchesKeys) guardAccountKeys(actor, currentGroup!);
  if (input.image && !editable.has('avatar') && id !== actor.userId) throw forbidden(MSG.fieldNotEditable);
  if (changes.locationId && !inUserScope(actor, changes.locationId)) throw forbidden(MSG.locationOutOfScope);
  if (changes.active === false && id === actor.userId) throw badRequest(MSG.cannotDeactivateSelf);
  await checkLocations(db, [cols.locationId, ...cols.additionalLocations, ...cols.allowedLocationsClaim]);
  await checkUnique(db, cols, id);
  const avatar = input.image ? await prepareAvatar(input.image) : null;
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const file = avatar ? await saveFile(db, storage, { name: 'avatar.jpg', mimeType: 'image/jpeg', bytes: avatar, createdBy: actor.userId }) : null;
  const values = { ...changes, ...(passwordHash ? { passwordHash } : {}), ...(file ? { avatarFileId: file.id } : {}) };
  await db
    .transaction(async (tx) => {
      // Saving the form unchanged, or only the vacation account, leaves the users row alone.
      if (Object.keys(values).length) await tx.update(users).set(values).where(eq(users.id, id));
      if (accountChanged) await saveAccount(tx as unknown as Db, id, currentYear(), accountValues(input.user));
    })
    .catch(async (err: unknown) => {
      if (file) await deleteFile(db, storage, file.id);
      return uniqueClash(err);
    });
  if (file && current.avatarFileId) await deleteFile(db, storage, current.avatarFileId);
  if (changes.active === false || passwordHash) await endUserSessions(db, id, id === actor.userId ? actor.sessionId : undefined);
  return getUser(db, actor, id);
}

/** GET /activate/user/{id}: toggles active; deactivating ends the user's sessions. */
export async function toggleActive(db: Db, actor: Actor, id: string) {
  if (id === actor.userId) throw badRequest(MSG.cannotDeactivateSelf);
  const [current] = await db.select({ active: users.active, locationId: users.locationId, groupId: users.groupId }).from(users).where(eq(users.id, id));
  if (!current || !inUserScope(actor, current.locationId)) throw notFound();
  guardAccountKeys(actor, await groupOf(db, current.groupId));
  await db.update(users).set({ active: !current.active }).where(eq(users.id, id));
  if (current.active) await endUserSessions(db, id);
  return { id, active: !current.active };
}

/** DELETE /user/{id}: removes the person; rows elsewhere keep their history without the link. */
export async function deleteUser(deps: Deps, actor: Actor, id: string) {
  const { db, storage } = deps;
  if (id === actor.userId) throw badRequest(MSG.cannotDeleteSelf);
  const [current] = await db
    .select({ locationId: users.locationId, avatarFileId: users.avatarFileId, groupId: users.groupId })
    .from(users)
    .where(eq(users.id, id));
  if (!current || !inUserScope(actor, current.locationId)) throw notFound();
  guardAccountKeys(actor, await groupOf(db, current.groupId));
  await db.delete(users).where(eq(users.id, id));
  if (current.avatarFileId) await deleteFile(db, storage, current.avatarFileId);
}

/** Rows of the user export (same filter and scope as the list), read in batches. */
export function userExportRows(db: Db, actor: Actor, search: string | undefined) {
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
    const accounts = await accountsFor(db, rows.map((r) => r.user.id), currentYear());
    return rows.map((r) => ({ ...r, account: accounts.get(r.user.id) }));
  });
}

/** How many users have a location as home or additional location. */
export async function countUsersAtLocation(db: Db, locationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(sql`(${users.locationId} = ${locationId} or ${locationId}::uuid = any(${users.additionalLocations}))`);
  return row?.n ?? 0;
}

/**
 * Task recipients (issue "tasks"): active users whose group receives tasks (aufgaben_erhalten, or
 * Admin), chosen by users, or by teams and/or locations (both given: users in one of the teams AND
 * at one of the locations). With `onlyLocation`, everyone must work at that location.
 */
export async function resolveTaskRecipients(
  db: Db,
  sel: { teams: readonly string[]; locations: readonly string[]; users: readonly string[] },
  onlyLocation: string | null,
): Promise<{ ids: string[]; outside: boolean }> {
  const bySelection = [];
  // One array parameter instead of one per person: the statement's text stays the same size.
  if (sel.users.length) bySelection.push(sql`${users.id} = any(${`{${sel.users.join(',')}}`}::uuid[])`);
  if (sel.teams.length || sel.locations.length) {
    bySelection.push(
      and(
        sel.teams.length ? sql`${userGroups.name} in (${sql.join(sel.teams.map((t) => sql`${t}`), sql`, `)})` : undefined,
        sel.locations.length ? sql`${users.locationId} = any(${`{${sel.locations.join(',')}}`}::uuid[])` : undefined,
      ),
    );
  }
  const rows = await db
    .select({ id: users.id, locationId: users.locationId })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(
      and(
        eq(users.active, true),
        sql`(${userGroups.name} = ${ADMIN_ROLE} or 'aufgaben_erhalten' = any(${userGroups.permissions}))`,
        sql`(${sql.join(bySelection, sql` or `)})`,
      ),
    );
  const outside = onlyLocation !== null && rows.some((r) => r.locationId !== onlyLocation);
  return { ids: rows.map((r) => r.id), outside };
}

/** Matches people by last name, first name or personal number (the 'Suche Mitarbeiter' boxes). */
export function personSearch(term: string): SQL {
  return sql`lower(${users.lastName} || ' ' || ${users.firstName} || ' ' || coalesce(${users.personalNumber}, '')) like ${likeTerm(term)}`;
}
