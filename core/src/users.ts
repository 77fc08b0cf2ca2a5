import { z } from 'zod';
import { zId } from './ids.ts';
import { MSG } from './messages.ts';
import { ADMIN_ROLE } from './roles.ts';

/** Weekday codes of the free-day fields freeDay…freeDay7 (spec 3 §3). */
export const WEEKDAY_CODES = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'] as const;
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];

export const PASSWORD_MIN = 6;
export const NAME_MIN = 2;

/** Login form (POST /token, form fields). */
export const ZLoginRequest = z.object({
  username: z.string({ error: MSG.wrongLogin }).trim().min(1, MSG.wrongLogin).max(200, MSG.wrongLogin),
  password: z.string({ error: MSG.wrongLogin }).min(1, MSG.wrongLogin).max(200, MSG.wrongLogin),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** An image sent inline as a data URL (avatar). */
export const ZInlineImage = z.object({
  fileName: z.string().max(255),
  data: z.string().max(15_000_000, MSG.avatarTooLarge),
});
export type TInlineImage = z.infer<typeof ZInlineImage>;

const name = z.string({ error: MSG.fillAllFields }).trim().min(NAME_MIN, MSG.fillAllFields).max(100, MSG.fillAllFields);

/**
 * Checks an optional new password and its repeat: empty means "no change" (spec 3 §5).
 * Returns the German message of the first failing rule, or null.
 */
export function checkNewPassword(password: string | undefined | null, repeat: string | undefined | null): string | null {
  if (!password && !repeat) return null;
  if ((password ?? '') !== (repeat ?? '')) return MSG.passwordsDiffer;
  if ((password ?? '').length < PASSWORD_MIN) return MSG.passwordTooShort;
  return null;
}

/** Own settings (view UserData): PUT /user/{id} by the user himself. */
export const ZUpdateOwnSettingsRequest = z
  .object({
    user: z.object({
      firstName: name,
      lastName: name,
      phone: z.string().trim().max(50).optional().default(''),
      selectedLocation: zId(MSG.locationNotAvailable).optional(),
    }),
    password: z.string().max(200).optional(),
    passwordRepeat: z.string().max(200).optional(),
    image: ZInlineImage.optional(),
  })
  .superRefine((v, ctx) => {
    const problem = checkNewPassword(v.password, v.passwordRepeat);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
  });
export type TUpdateOwnSettingsRequest = z.infer<typeof ZUpdateOwnSettingsRequest>;

export const ZPasswordForgottenRequest = z.object({
  username: z.string({ error: MSG.usernameRequired }).trim().min(1, MSG.usernameRequired).max(200, MSG.usernameRequired),
});

export const ZPasswordResetRequest = z
  .object({
    token: z.string().min(10, MSG.passwordResetInvalid).max(200, MSG.passwordResetInvalid),
    password: z.string({ error: MSG.passwordTooShort }).max(200),
    passwordRepeat: z.string({ error: MSG.passwordsDiffer }).max(200),
  })
  .superRefine((v, ctx) => {
    const problem = checkNewPassword(v.password, v.passwordRepeat) ?? (v.password ? null : MSG.passwordTooShort);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
  });

/** A location as the current user sees it. */
export interface LocationRef {
  id: string;
  label: string;
}

/** GET /user → user (spec 1 §3 "Current user"). */
export interface CurrentUser {
  id: string;
  active: boolean;
  createdAt: string;
  updatedAt: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  shortName: string;
  firstNameShort: string;
  fullName: string;
  phone: string;
  role: string;
  roleIdentifier: string;
  roleLabel: string;
  resourceUri: string | null;
  location: { id: string; name: string; street: string; zip: string; city: string } | null;
  currentLocation: LocationRef | null;
  currentLocationLabel: string;
  locationLabel: string;
  selectedLocation: string | null;
  availableLocations: LocationRef[];
  permissions: string[];
  team: string;
  personalNumber: string | null;
  availableHolidays: number;
  holidaysTakenThisYear: number;
  holidaysPlannedThisYear: number;
  allowedLocationsClaim: string[];
  lastSeenNewsDate: string | null;
}

export interface CurrentUserResponse {
  user: CurrentUser;
  parentTeam: string | null;
  lastSeenNewsDate: string | null;
}

/** Initials shown instead of a missing avatar. */
export function initials(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}

/** Whether a user agent is a tablet (iPad, Android without "Mobile", other tablets). */
export function isTabletUserAgent(ua: string | undefined): boolean {
  if (!ua) return false;
  return /iPad|Tablet|PlayBook|Silk|Kindle|SM-T\d|Nexus (7|9|10)/i.test(ua) || (/Android/i.test(ua) && !/Mobile/i.test(ua));
}

const required = (max = 100) => z.string({ error: MSG.fillAllFields }).trim().min(1, MSG.fillAllFields).max(max, MSG.fillAllFields);
const weekday = z.union([z.enum(WEEKDAY_CODES), z.literal('')]).default('');
const days = z.coerce.number({ error: MSG.fillAllFields }).min(0).max(366);

/**
 * The user record of the settings area (spec 3 §3 User; POST /user and PUT /user/{id} with
 * `role`). Free days and presence use the spec's field names freeDay…freeDay7, presence1…7.
 */
export const ZUserFields = z.object({
  firstName: name,
  lastName: name,
  email: z
    .string({ error: MSG.fillAllFields })
    .trim()
    .toLowerCase()
    .min(3, MSG.fillAllFields)
    .max(200, MSG.fillAllFields)
    .regex(/^[^\s@]+@[^\s@]+$/, MSG.usernameInvalid),
  phone: z.string().trim().max(50).optional().default(''),
  location: zId(MSG.fillAllFields),
  additionalLocations: z.array(zId()).max(100).optional().default([]),
  allowedLocationsClaim: z.array(zId()).max(100).optional().default([]),
  personalNumber: required(30),
  holidayContingent: days.optional().default(0),
  holidaySurplusPreviousYear: days.optional().default(0),
  deductionHolidaysCurrentYear: days.optional().default(0),
  externalLogin: z.boolean().optional().default(false),
  freeDay: weekday,
  freeDay2: weekday,
  freeDay3: weekday,
  freeDay4: weekday,
  freeDay5: weekday,
  freeDay6: weekday,
  freeDay7: weekday,
  presence1: z.string().max(50).optional().default(''),
  presence2: z.string().max(50).optional().default(''),
  presence3: z.string().max(50).optional().default(''),
  presence4: z.string().max(50).optional().default(''),
  presence5: z.string().max(50).optional().default(''),
  presence6: z.string().max(50).optional().default(''),
  presence7: z.string().max(50).optional().default(''),
  active: z.boolean().optional().default(true),
});
export type TUserFields = z.infer<typeof ZUserFields>;

/** Keys of the seven free-day and presence fields, Monday first. */
export const FREE_DAY_KEYS = ['freeDay', 'freeDay2', 'freeDay3', 'freeDay4', 'freeDay5', 'freeDay6', 'freeDay7'] as const;
export const PRESENCE_KEYS = ['presence1', 'presence2', 'presence3', 'presence4', 'presence5', 'presence6', 'presence7'] as const;

const ZUserRequestBase = z.object({
  user: ZUserFields,
  /** The group's name (role identifier) or id. */
  role: required(100),
  password: z.string().max(200).optional(),
  passwordRepeat: z.string().max(200).optional(),
  /** Sent when a free-day or presence field changed: the attendance calendar is rebuilt. */
  updateCalendar: z.boolean().optional(),
  image: ZInlineImage.optional(),
});

/** POST /user: password and repeat are required. */
export const ZCreateUserRequest = ZUserRequestBase.superRefine((v, ctx) => {
  if (!v.password || !v.passwordRepeat) ctx.addIssue({ code: 'custom', message: MSG.fillAllFields, path: ['password'] });
  else {
    const problem = checkNewPassword(v.password, v.passwordRepeat);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
  }
});
export type TCreateUserRequest = z.infer<typeof ZCreateUserRequest>;

/** PUT /user/{id} from the settings area: the password is optional with the same rules. */
export const ZUpdateUserRequest = ZUserRequestBase.superRefine((v, ctx) => {
  const problem = checkNewPassword(v.password, v.passwordRepeat);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
});
export type TUpdateUserRequest = z.infer<typeof ZUpdateUserRequest>;

// ---------------------------------------------------------------------------------------------
// Who may change which field of a user (spec 3 §6), and the avatar rule (spec 3 §5): one
// definition for the server's checks and the forms of the web.

/** The fields of a user in the settings area's form, as the edit permissions grant them. */
export const USER_FORM_FIELDS = [
  'lastName',
  'firstName',
  'email',
  'phone',
  'personalNumber',
  'role',
  'active',
  'location',
  'additionalLocations',
  'allowedLocationsClaim',
  'externalLogin',
  'holidayContingent',
  'holidaySurplusPreviousYear',
  'deductionHolidaysCurrentYear',
  'freeDays',
  'presence',
  'password',
  'image',
] as const;
export type UserFormField = (typeof USER_FORM_FIELDS)[number];

/** What the own settings (view UserData) let everyone change about himself. */
export const OWN_SETTINGS_FIELDS = ['lastName', 'firstName', 'phone', 'selectedLocation', 'password', 'image'] as const;
export type OwnSettingsField = (typeof OWN_SETTINGS_FIELDS)[number];

/** Fields everyone with einstellungen_benutzer_bearbeiten may change. */
const BASE_EDIT_FIELDS: readonly UserFormField[] = [
  'lastName',
  'firstName',
  'phone',
  'location',
  'additionalLocations',
  'allowedLocationsClaim',
  'externalLogin',
  'freeDays',
  'presence',
  'role',
  'password',
];

/** Added by einstellungen_benutzer_bearbeiten_alle_felder. */
const ALL_FIELDS_EXTRA: readonly UserFormField[] = [
  'personalNumber',
  'holidayContingent',
  'holidaySurplusPreviousYear',
  'deductionHolidaysCurrentYear',
  'active',
];

/** The keys to an account: only Admin, or who covers the person's settings rights, changes them. */
export const ACCOUNT_KEY_FIELDS: readonly UserFormField[] = ['email', 'password', 'role', 'active'];

/** Who edits: the id, the role identifier and the permissions (a list or a set). */
export interface UserEditor {
  id: string;
  role: string;
  permissions: readonly string[] | ReadonlySet<string>;
}

const holds = (actor: UserEditor, permission: string) =>
  actor.role === ADMIN_ROLE || ('has' in actor.permissions ? actor.permissions.has(permission) : actor.permissions.includes(permission));

/** Whether the actor may edit users at all (otherwise the form is read-only). */
export function canEditUsers(actor: UserEditor): boolean {
  return holds(actor, 'einstellungen_benutzer_bearbeiten') || holds(actor, 'einstellungen_benutzer_bearbeiten_nur_freie_tage');
}

/**
 * The fields the actor's permissions let him change on an existing user (PUT /user/{id}):
 * only free days and presence with "nur freie Tage" (which narrows nothing for Admin);
 * otherwise the base fields plus what alle_felder, benutzername and user_image_can_edit add.
 */
export function userEditFields(actor: UserEditor): Set<UserFormField> {
  const result = new Set<UserFormField>();
  if (!canEditUsers(actor)) return result;
  if (actor.role !== ADMIN_ROLE && holds(actor, 'einstellungen_benutzer_bearbeiten_nur_freie_tage')) {
    result.add('freeDays');
    result.add('presence');
    return result;
  }
  for (const f of BASE_EDIT_FIELDS) result.add(f);
  if (holds(actor, 'einstellungen_benutzer_bearbeiten_alle_felder')) for (const f of ALL_FIELDS_EXTRA) result.add(f);
  if (holds(actor, 'einstellungen_benutzer_bearbeiten_benutzername')) result.add('email');
  if (holds(actor, 'user_image_can_edit')) result.add('image');
  return result;
}

/**
 * The fields the actor may change in the settings area's form of a user (`targetId` null: a new
 * one, where every field is open): userEditFields, plus the own picture (as in the own
 * settings), minus the own status (nobody deactivates himself). `keysLocked`: the person's group
 * is not manageable for the actor (an Admin, or more settings rights), so the account's keys
 * (ACCOUNT_KEY_FIELDS) stay as they are.
 */
export function editableUserFields(actor: UserEditor, targetId: string | null, keysLocked = false): Set<UserFormField> {
  if (targetId === null) return new Set(USER_FORM_FIELDS);
  const self = targetId === actor.id;
  const result = userEditFields(actor);
  if (self && result.size > 0) result.add('image');
  if (self) result.delete('active');
  if (keysLocked) for (const f of ACCOUNT_KEY_FIELDS) result.delete(f);
  return result;
}

/** File types of an avatar, by extension and by content (spec 3 §5). */
export const AVATAR_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif'] as const;
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
/** The `accept` of a file picker for avatars. */
export const AVATAR_ACCEPT = [...AVATAR_EXTENSIONS.map((e) => `.${e}`), ...AVATAR_MIME_TYPES].join(',');
/** The largest avatar file: 10 MB. */
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The avatar rule: a JPEG, PNG or GIF by its name's extension (and by `type`, the content's MIME
 * type, where it is known), at most AVATAR_MAX_BYTES (where `size` is known). Returns the German
 * message of the first failing rule, or null.
 */
export function avatarProblem(file: { name: string; size?: number; type?: string | null }): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(AVATAR_EXTENSIONS as readonly string[]).includes(ext)) return MSG.avatarType;
  if (file.type !== undefined && !(AVATAR_MIME_TYPES as readonly string[]).includes(file.type ?? '')) return MSG.avatarType;
  if (file.size !== undefined && file.size > AVATAR_MAX_BYTES) return MSG.avatarTooLarge;
  return null;
}
