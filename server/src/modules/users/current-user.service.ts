import { audit } from '../../platform/audit.ts';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MSG } from '@filialportal/core/messages';
import { PERMISSION_NAMES } from '@filialportal/core/permissions';
import { ADMIN_ROLE } from '@filialportal/core/roles';
import { AVATAR_DATA_MAX_CHARS, avatarProblem, type CurrentUser, type CurrentUserResponse, type TInlineImage, type TUpdateOwnSettingsRequest } from '@filialportal/core/users';
import type { Actor } from '../../platform/access.ts';
import { forgetActors } from '../../platform/actor-cache.ts';
import { decodeDataUrl } from '../../platform/data-url.ts';
import { prepared } from '../../platform/prepared.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import type { Hooks } from '../../platform/hooks.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { commitFile, deleteFile, orDiscard, stageFile, storedFile, type StagedFile, type UploadRules } from '../../platform/uploads.ts';
import { locations } from '../locations/index.ts';
import { userGroups } from '../teams/index.ts';
import { endSessions, lastSeenOf, vacationAccountColumn } from './hooks.ts';
import { users } from './users.table.ts';

/**
 * The person at the keyboard: GET /user and the own settings (PUT /user/{id} without a group).
 * Their avatar pictures are made here for the settings area too.
 */

export const avatarUri = (fileId: string | null) => (fileId ? `/api/avatar/${fileId}` : null);

const AVATAR_PICTURE = ['jpg', 'png', 'gif'];

/**
 * An avatar: a JPEG, PNG or GIF by its name's ending (core's avatar rule) and by its bytes, kept
 * as a 256×256 JPEG. Its limit is what the data URL the request may hold decodes to.
 */
const AVATAR_UPLOAD: UploadRules = {
  endingOf: (name) => (avatarProblem({ name }) ? null : name.split('.').pop()!.toLowerCase()),
  allowed: { jpeg: AVATAR_PICTURE, jpg: AVATAR_PICTURE, png: AVATAR_PICTURE, gif: AVATAR_PICTURE },
  maxBytes: () => Math.floor((AVATAR_DATA_MAX_CHARS * 3) / 4),
  tooLarge: () => MSG.avatarTooLarge,
  refusals: { type: MSG.avatarType, empty: MSG.avatarType, unreadable: MSG.avatarType },
  square: 256,
};

/** Stages an uploaded avatar (its type by magic bytes, not by what the client claims) as avatar.jpg. */
export async function stageAvatar({ storage }: ServiceDeps<'storage'>, image: TInlineImage): Promise<StagedFile> {
  return stageFile(storage, { fileName: image.fileName, bytes: decodeDataUrl(image.data) }, AVATAR_UPLOAD, {
    name: 'avatar.jpg',
    ending: AVATAR_UPLOAD.endingOf(image.fileName),
  });
}

/** GET /avatar/{id}: a stored picture; any other file is not one to find here. */
export async function avatarFile({ db }: ServiceDeps<'db'>, id: string) {
  const file = await storedFile(db, id);
  if (!file || !file.mimeType.startsWith('image/')) throw notFound();
  return file;
}

/** GET /user: the logged-in user with permissions and locations (spec 1 §3 Current user). */
const parentGroup = alias(userGroups, 'parent_group');

/** The current user's statement, and how to read its vacation account (built once per handle). */
const currentUserRow = prepared((db, hooks: Hooks) => {
  // This year's vacation account in the same statement: one round trip for the page load's call.
  const account = hooks.ask(vacationAccountColumn)(users.id);
  const query = db
    .select({
      // Only what the answer shows: no password hash, search vector or rights of other screens.
      user: {
        id: users.id,
        active: users.active,
        createdAt: users.createdAt,
        updatedAt: users.updatedAt,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        phone: users.phone,
        avatarFileId: users.avatarFileId,
        additionalLocations: users.additionalLocations,
        selectedLocationId: users.selectedLocationId,
        personalNumber: users.personalNumber,
        allowedLocationsClaim: users.allowedLocationsClaim,
      },
      group: { name: userGroups.name, label: userGroups.label, permissions: userGroups.permissions },
      location: { id: locations.id, name: locations.name, street: locations.street, zip: locations.zip, city: locations.city },
      parentTeam: parentGroup.name,
      // The further locations in the same statement: id and name are all the answer needs.
      // When the person last saw news (seen markers), as an ISO instant.
      lastSeenNews: hooks.ask(lastSeenOf)(users.id, 'news'),
      extra: sql<{ id: string; name: string }[]>`coalesce((select json_agg(json_build_object('id', l.id, 'name', l.name)) from ${locations} l where l.id = any(${users.additionalLocations})), '[]')`,
      account: account.column,
    })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .innerJoin(locations, eq(locations.id, users.locationId))
    .leftJoin(parentGroup, eq(parentGroup.id, userGroups.parentId))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('current_user');
  return { query, account };
});

export async function getCurrentUser(deps: ServiceDeps<'db' | 'hooks'>, actor: Actor): Promise<CurrentUserResponse> {
  const { db, hooks } = deps;
  const { query, account: accountOf } = currentUserRow(db, hooks);
  const [row] = await query.execute({ userId: actor.userId, ...accountOf.values() });
  if (!row) throw notFound();
  const { user, group, location } = row;
  const available = new Map<string, { id: string; name: string }>([[location.id, location], ...row.extra.map((l) => [l.id, l] as const)]);
  const availableLocations = [location.id, ...user.additionalLocations]
    .map((id) => available.get(id))
    .filter((l) => l !== undefined)
    .map((l) => ({ id: l.id, label: l.name }));
  const selectedId = user.selectedLocationId && available.has(user.selectedLocationId) ? user.selectedLocationId : location.id;
  const current = available.get(selectedId) ?? location;
  const parentTeam = row.parentTeam ?? null;
  const lastSeenNewsDate = row.lastSeenNews ?? null;
  const account = accountOf.read(row.account);
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
    holidaysExpiring: account.expiring,
    holidaysExpiryDate: account.expiring > 0 ? account.expiryDate : null,
    allowedLocationsClaim: user.allowedLocationsClaim,
    lastSeenNewsDate,
  };
  return { user: current_user, parentTeam, lastSeenNewsDate, secondFactorPending: Boolean(actor.enrolmentPending) };
}

/**
 * PUT /user/{id} by the user himself (view UserData): name, phone, selected location, optional
 * new password, optional avatar. Everything is checked before anything is written.
 */
export async function updateOwnSettings(deps: ServiceDeps<'db' | 'storage' | 'hooks'>, actor: Actor, input: TUpdateOwnSettingsRequest & { id: string }) {
  const { db, storage } = deps;
  const { id } = input;
  if (id !== actor.userId) throw forbidden();
  const [current] = await db.select().from(users).where(eq(users.id, id));
  if (!current) throw notFound();
  const allowed = [current.locationId, ...current.additionalLocations];
  const selected = input.user.selectedLocation ?? current.selectedLocationId ?? current.locationId;
  if (!allowed.includes(selected)) throw badRequest(MSG.locationNotAvailable);
  const avatar = input.image ? await stageAvatar(deps, input.image) : null;
  const { passwordHash, newFileId } = await orDiscard(storage, [avatar], async () => {
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    const newFileId = await db.transaction(async (tx) => {
      const newFileId = avatar ? (await commitFile(tx, avatar, id)).fileId : null;
      await tx
        .update(users)
        .set({
          firstName: input.user.firstName,
          lastName: input.user.lastName,
          phone: input.user.phone,
          selectedLocationId: selected,
          ...(passwordHash ? { passwordHash } : {}),
          ...(newFileId ? { avatarFileId: newFileId } : {}),
        })
        .where(eq(users.id, id));
      const after = { firstName: input.user.firstName, lastName: input.user.lastName, phone: input.user.phone, selectedLocationId: selected };
      const before = { firstName: current.firstName, lastName: current.lastName, phone: current.phone, selectedLocationId: current.selectedLocationId ?? current.locationId };
      const marks = { ...(passwordHash ? { passwordChanged: true } : {}), ...(newFileId ? { avatarChanged: true } : {}) };
      await audit(tx, actor, { entity: 'user', id, action: 'update', subject: id, before, after: { ...after, ...marks } });
      return newFileId;
    });
    return { passwordHash, newFileId };
  });
  if (newFileId && current.avatarFileId) await deleteFile(db, storage, current.avatarFileId);
  // The selected location is part of the cached session.
  if (selected !== (current.selectedLocationId ?? current.locationId)) await forgetActors(db);
  // A new password ends the other sessions, as people expect after changing it.
  if (passwordHash) await deps.hooks.ask(endSessions)(deps, { userId: id, keepSessionId: actor.sessionId });
  return getCurrentUser(deps, actor);
}
