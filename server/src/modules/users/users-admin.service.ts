import { audit, forgetPersonKey } from '../../platform/audit.ts';
import { eq, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import type { GroupRights } from '@filialportal/core/teams';
import { FREE_DAY_KEYS, PRESENCE_KEYS, type TCreateUserRequest, type TUpdateUserRequest, type TUserFields, type UserFormField, userEditFields } from '@filialportal/core/users';
import { UUID_SHAPE } from '@filialportal/core/ids';
import { type Actor } from '../../platform/access.ts';
import { forgetActors } from '../../platform/actor-cache.ts';
import { currentYear } from '../../platform/dates.ts';
import type { Db } from '../../platform/db.ts';
import { type ServiceDeps, withDb } from '../../platform/deps.ts';
import { badRequest, conflict, forbidden, notFound, onConstraint } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { inScope, scopeOf } from '../../platform/scope.ts';
import { commitFile, deleteFile, orDiscard } from '../../platform/uploads.ts';
import { locationsByIds } from '../locations/index.ts';
import { accountKeysRefusal, mayAssign, userGroups } from '../teams/index.ts';
import { stageAvatar } from './current-user.service.ts';
import { endSessions, saveVacationAccount, vacationAccounts } from './hooks.ts';
import { users } from './users.table.ts';

/** The settings area's changes to users: create, edit, delete, (de)activate. */

import { ADMIN_SCOPE, getUser } from './users-list.service.ts';

/** Whether the actor may manage a user at this location. */
const inUserScope = (actor: Actor, locationId: string) => inScope(scopeOf(actor, ADMIN_SCOPE), { locationId });

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
  const found = await locationsByIds({ db }, ids);
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

/**
 * Which columns the actor may change on an existing user: the field rule of core (spec 3 §6),
 * which the web's form follows too, read for the columns behind the form's fields.
 */
type EditableField = keyof UserColumns | 'groupId' | 'password' | 'avatar' | 'holidaySurplusPreviousYear' | 'deductionHolidaysCurrentYear';
const FORM_FIELD: Partial<Record<EditableField, UserFormField>> = { locationId: 'location', groupId: 'role', avatar: 'image' };
function editableColumns(actor: Actor): { has(column: EditableField): boolean } {
  const fields: ReadonlySet<string> = userEditFields({ id: actor.userId, role: actor.role, permissions: actor.permissions });
  return { has: (column) => fields.has(FORM_FIELD[column] ?? column) };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const pick = <T extends object>(row: T, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, (row as Record<string, unknown>)[k]]));

/** POST /user: a new user with every rule of spec 3 §5 "New user". */
export async function createUser(deps: ServiceDeps<'db' | 'storage' | 'hooks'>, actor: Actor, input: TCreateUserRequest) {
  const { db, storage, hooks } = deps;
  const cols = columnsOf(input.user);
  if (!inUserScope(actor, cols.locationId)) throw forbidden(MSG.locationOutOfScope);
  await checkLocations(db, [cols.locationId, ...cols.additionalLocations, ...cols.allowedLocationsClaim]);
  const group = await assignableGroup(db, actor, input.role);
  await checkUnique(db, cols, null);
  const avatar = input.image ? await stageAvatar(deps, input.image) : null;
  const id = await orDiscard(storage, [avatar], async () => {
    const passwordHash = await hashPassword(input.password!);
    return db.transaction(async (tx) => {
      const avatarFileId = avatar ? (await commitFile(tx, avatar, actor.userId)).fileId : null;
      const [row] = await tx
        .insert(users)
        .values({ ...cols, groupId: group.id, passwordHash, avatarFileId })
        .returning({ id: users.id });
      await audit(tx, actor, { entity: 'user', id: row!.id, action: 'create', subject: row!.id, after: { ...cols, groupId: group.id } });
      await hooks.ask(saveVacationAccount)(withDb(deps, tx), { userId: row!.id, year: currentYear(), ...accountValues(input.user), actor });
      return row!.id;
    });
  }).catch(uniqueClash);
  return getUser(deps, actor, id);
}

/** PUT /user/{id} from the settings area: only the fields the actor's permissions allow. */
export async function updateUser(deps: ServiceDeps<'db' | 'storage' | 'hooks'>, actor: Actor, input: TUpdateUserRequest & { id: string }) {
  const { db, storage, hooks } = deps;
  const { id } = input;
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
  const account = (await hooks.ask(vacationAccounts)(deps, { userIds: [id], year: currentYear() })).get(id)!;
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
  const avatar = input.image ? await stageAvatar(deps, input.image) : null;
  const { passwordHash, avatarFileId } = await orDiscard(storage, [avatar], async () => {
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    const avatarFileId = await db.transaction(async (tx) => {
      const avatarFileId = avatar ? (await commitFile(tx, avatar, actor.userId)).fileId : null;
      const values = { ...changes, ...(passwordHash ? { passwordHash } : {}), ...(avatarFileId ? { avatarFileId } : {}) };
      // Saving the form unchanged, or only the vacation account, leaves the users row alone.
      if (Object.keys(values).length) await tx.update(users).set(values).where(eq(users.id, id));
      const before = pick(current, Object.keys(changes));
      await audit(tx, actor, { entity: 'user', id, action: 'update', subject: id, before, after: { ...changes, ...(passwordHash ? { passwordChanged: true } : {}), ...(avatarFileId ? { avatarChanged: true } : {}) } });
      if (accountChanged) await hooks.ask(saveVacationAccount)(withDb(deps, tx), { userId: id, year: currentYear(), ...accountValues(input.user), actor });
      return avatarFileId;
    });
    return { passwordHash, avatarFileId };
  }).catch(uniqueClash);
  if (avatarFileId && current.avatarFileId) await deleteFile(db, storage, current.avatarFileId);
  // Group, location and status travel in the cached sessions of the person.
  if (Object.keys(changes).length) await forgetActors(db);
  if (changes.active === false || passwordHash) await hooks.ask(endSessions)(deps, { userId: id, keepSessionId: id === actor.userId ? actor.sessionId : undefined });
  return getUser(deps, actor, id);
}

/**
 * Whether the actor may change this person's password, the rule that guards every key to an
 * account (the reset of second factors too): 404 outside the actor's locations, 403 without the
 * password field or the keys to the person's group.
 */
export async function guardPasswordChange({ db }: ServiceDeps<'db'>, actor: Actor, id: string) {
  const [current] = await db.select({ locationId: users.locationId, groupId: users.groupId }).from(users).where(eq(users.id, id));
  if (!current || !inUserScope(actor, current.locationId)) throw notFound();
  if (!editableColumns(actor).has('password')) throw forbidden(MSG.fieldNotEditable);
  guardAccountKeys(actor, await groupOf(db, current.groupId));
}

/** GET /activate/user/{id}: toggles active; deactivating ends the user's sessions. */
export async function toggleActive(deps: ServiceDeps<'db' | 'hooks'>, actor: Actor, id: string) {
  const { db, hooks } = deps;
  if (id === actor.userId) throw badRequest(MSG.cannotDeactivateSelf);
  const [current] = await db.select({ active: users.active, locationId: users.locationId, groupId: users.groupId }).from(users).where(eq(users.id, id));
  if (!current || !inUserScope(actor, current.locationId)) throw notFound();
  guardAccountKeys(actor, await groupOf(db, current.groupId));
  await db.transaction(async (tx) => {
    await tx.update(users).set({ active: !current.active }).where(eq(users.id, id));
    await audit(tx, actor, { entity: 'user', id, action: 'update', subject: id, before: { active: current.active }, after: { active: !current.active } });
  });
  if (current.active) await hooks.ask(endSessions)(deps, { userId: id });
  return { id, active: !current.active };
}

/**
 * The person another may delete or erase: not oneself (400), within the actor's locations (404
 * otherwise), and only with the keys to the person's group (403).
 */
export async function guardErase({ db }: ServiceDeps<'db'>, actor: Actor, id: string) {
  if (id === actor.userId) throw badRequest(MSG.cannotDeleteSelf);
  const [current] = await db.select().from(users).where(eq(users.id, id));
  if (!current || !inUserScope(actor, current.locationId)) throw notFound();
  guardAccountKeys(actor, await groupOf(db, current.groupId));
  return current;
}

/** DELETE /user/{id}: removes the person; rows elsewhere keep their history without the link. */
export async function deleteUser(deps: ServiceDeps<'db' | 'storage'>, actor: Actor, id: string) {
  const { db, storage } = deps;
  const current = await guardErase(deps, actor, id);
  await db.transaction(async (tx) => {
    await tx.delete(users).where(eq(users.id, id));
    // Written with the key still there, then the key goes: no value about the person stays readable.
    await audit(tx, actor, { entity: 'user', id, action: 'delete', subject: id, before: current });
    await forgetPersonKey(tx, id);
  });
  await forgetActors(db);
  if (current.avatarFileId) await deleteFile(db, storage, current.avatarFileId);
}
