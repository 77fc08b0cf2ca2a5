import { z } from 'zod';
import { zId } from './ids.ts';
import { MSG } from './messages.ts';

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

/** Avatars the server accepts (spec 3 §5): by the file name's ending and by the bytes' real type. */
export const AVATAR_IMAGE = {
  extensions: ['jpeg', 'jpg', 'png', 'gif'],
  mimeTypes: ['image/jpeg', 'image/png', 'image/gif'],
} as const;

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
