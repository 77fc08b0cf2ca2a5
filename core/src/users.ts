import { z } from 'zod';
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
      selectedLocation: z.uuid(MSG.locationNotAvailable).optional(),
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
