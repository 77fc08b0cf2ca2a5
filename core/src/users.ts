import { z } from './zod.ts';
import { zId } from './ids.ts';
import { MSG } from './messages.ts';
import { ADMIN_ROLE } from './roles.ts';
import { WEEKDAY_CODES } from './users-basics.ts';

export * from './users-basics.ts';

export const PASSWORD_MIN = 6;
export const NAME_MIN = 2;

/** The longest data URL of an avatar, in characters: about 11 MB of bytes. */
export const AVATAR_DATA_MAX_CHARS = 15_000_000;

/** An image sent inline as a data URL (avatar). */
export const ZInlineImage = z.object({
  fileName: z.string().max(255),
  data: z.string().max(AVATAR_DATA_MAX_CHARS, MSG.avatarTooLarge),
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
export const ZLocationRef = z.object({ id: z.string(), label: z.string() });
export type LocationRef = z.infer<typeof ZLocationRef>;

/** GET /user → user (spec 1 §3 "Current user"). */
export const ZCurrentUser = z.object({
  id: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  email: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  shortName: z.string(),
  firstNameShort: z.string(),
  fullName: z.string(),
  phone: z.string(),
  role: z.string(),
  roleIdentifier: z.string(),
  roleLabel: z.string(),
  resourceUri: z.string().nullable(),
  location: z.object({ id: z.string(), name: z.string(), street: z.string(), zip: z.string(), city: z.string() }).nullable(),
  currentLocation: ZLocationRef.nullable(),
  currentLocationLabel: z.string(),
  locationLabel: z.string(),
  selectedLocation: z.string().nullable(),
  availableLocations: z.array(ZLocationRef),
  permissions: z.array(z.string()),
  team: z.string(),
  personalNumber: z.string().nullable(),
  availableHolidays: z.number(),
  holidaysTakenThisYear: z.number(),
  holidaysPlannedThisYear: z.number(),
  /** Carried-over days of this year that expire on holidaysExpiryDate unless taken before. */
  holidaysExpiring: z.number(),
  holidaysExpiryDate: z.string().nullable(),
  allowedLocationsClaim: z.array(z.string()),
  lastSeenNewsDate: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof ZCurrentUser>;

/** GET /user, and PUT /user/{id} with the own settings. */
export const ZCurrentUserResponse = z.object({
  user: ZCurrentUser,
  parentTeam: z.string().nullable(),
  lastSeenNewsDate: z.string().nullable(),
  /** The group requires a second factor, none is set up and the session came from a password: the web shows only its setup. */
  secondFactorPending: z.boolean().optional(),
});
export type CurrentUserResponse = z.infer<typeof ZCurrentUserResponse>;

/** A row of the settings user list (GET /user/list/{page}). */
export const ZUserListRow = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  personalNumber: z.string().nullable(),
  location: z.string(),
  locationLabel: z.string(),
  role: z.string(),
  roleLabel: z.string(),
  active: z.boolean(),
  resourceUri: z.string().nullable(),
});

/** GET /user/list/{page}: one page, the number of rows and of pages (`pn`). */
export const ZUserListResponse = z.object({ users: z.array(ZUserListRow), count: z.number(), pn: z.number() });

/** A person in the pickers (GET /user/listall). */
export const ZUserPickerRow = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  active: z.boolean(),
  location: z.string(),
  locationLabel: z.string(),
  team: z.string(),
  teamLabel: z.string(),
  teamSortIndex: z.number(),
  /** Whether tasks can be addressed to this person (their group receives tasks). */
  receivesTasks: z.boolean(),
  resourceUri: z.string().nullable(),
});

/** GET /user/listall: everyone, for pickers. */
export const ZUserListAllResponse = z.object({ users: z.array(ZUserPickerRow) });

const weekText = z.string();

/** GET /user/{id}: every field of spec 3 §3 User. */
export const ZUserDetail = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Home location id. */
  location: z.string(),
  locationLabel: z.string(),
  selectedLocation: z.string(),
  additionalLocations: z.array(z.string()),
  allowedLocationsClaim: z.array(z.string()),
  availableHolidays: z.number(),
  holidaysTakenThisYear: z.number(),
  holidaysPlannedThisYear: z.number(),
  holidayContingent: z.number(),
  externalLogin: z.boolean(),
  deductionHolidaysCurrentYear: z.number(),
  holidaySurplusPreviousYear: z.number(),
  personalNumber: z.string().nullable(),
  freeDay: weekText,
  freeDay2: weekText,
  freeDay3: weekText,
  freeDay4: weekText,
  freeDay5: weekText,
  freeDay6: weekText,
  freeDay7: weekText,
  presence1: weekText,
  presence2: weekText,
  presence3: weekText,
  presence4: weekText,
  presence5: weekText,
  presence6: weekText,
  presence7: weekText,
  /** Group name (role identifier). */
  role: z.string(),
  roleLabel: z.string(),
  active: z.boolean(),
  resourceUri: z.string().nullable(),
});

/** GET /user/{id}, POST /user, PUT /user/{id} from the settings area. */
export const ZUserResponse = z.object({ user: ZUserDetail });

/** PUT /user/{id}: the own settings answer with the current user, the settings area with the record. */
export const ZUserSaveResponse = z.union([ZCurrentUserResponse, ZUserResponse]);

/** GET /user-popup[?id=]: the card shown when hovering over a person (spec 3 §7, spec 2 §2). */
export const ZUserPopupQuery = z.object({ id: zId().optional(), userId: zId().optional() });
export const ZUserPopupResponse = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  /** The avatar (GET /api/avatar/{id}), or null: the popup shows initials. */
  resourceUri: z.string().nullable(),
  /** The person's user group. */
  roleLabel: z.string(),
  /** The person's home location. */
  locationLabel: z.string(),
});

/** GET /activate/user/{id}: the new state. */
export const ZUserActiveResponse = z.object({ id: z.string(), active: z.boolean() });

/** GET /count/user/, GET /count/location/. */
export const ZCountResponse = z.object({ count: z.number() });

const required = (max = 100) => z.string({ error: MSG.fillAllFields }).trim().min(1, MSG.fillAllFields).max(max, MSG.fillAllFields);
const weekday = z.union([z.enum(WEEKDAY_CODES), z.literal('')]).default('');
/** Vacation days of an account field (contingent, rest, deduction): at most a year's. */
export const HOLIDAY_DAYS_MAX = 366;
/** The presence text of one weekday. */
export const PRESENCE_MAX = 50;
const days = z.coerce.number({ error: MSG.fillAllFields }).min(0).max(HOLIDAY_DAYS_MAX);

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
  presence1: z.string().max(PRESENCE_MAX).optional().default(''),
  presence2: z.string().max(PRESENCE_MAX).optional().default(''),
  presence3: z.string().max(PRESENCE_MAX).optional().default(''),
  presence4: z.string().max(PRESENCE_MAX).optional().default(''),
  presence5: z.string().max(PRESENCE_MAX).optional().default(''),
  presence6: z.string().max(PRESENCE_MAX).optional().default(''),
  presence7: z.string().max(PRESENCE_MAX).optional().default(''),
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

/**
 * The password rules run beside the other fields' problems (after them): a form names a missing
 * password together with the other empty fields; not when the passwords themselves are malformed.
 */
const passwordsReadable = { when: (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) => typeof payload.value === 'object' && payload.value !== null && !payload.issues.some((i) => ['password', 'passwordRepeat'].includes(String(i.path?.[0]))) };

/** POST /user: password and repeat are required. */
export const ZCreateUserRequest = ZUserRequestBase.superRefine((v, ctx) => {
  if (!v.password || !v.passwordRepeat) ctx.addIssue({ code: 'custom', message: MSG.fillAllFields, path: ['password'] });
  else {
    const problem = checkNewPassword(v.password, v.passwordRepeat);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
  }
}, passwordsReadable);
export type TCreateUserRequest = z.infer<typeof ZCreateUserRequest>;

/** PUT /user/{id} from the settings area: the password is optional with the same rules. */
export const ZUpdateUserRequest = ZUserRequestBase.superRefine((v, ctx) => {
  const problem = checkNewPassword(v.password, v.passwordRepeat);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['password'] });
}, passwordsReadable);
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

/** POST /password-forgotten, POST /password-reset: the German confirmation. */
export const ZMessageResponse = z.object({ message: z.string() });

