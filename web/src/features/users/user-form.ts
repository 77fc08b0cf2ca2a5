import { MSG } from '@filialportal/core/messages';
import { ADMIN_ROLE } from '@filialportal/core/roles';
import { checkNewPassword, FREE_DAY_KEYS, NAME_MIN, PRESENCE_KEYS, WEEKDAY_CODES } from '@filialportal/core/users';
import type { UserDetail, UserSaveBody } from './users.api.ts';

/** The editable state of the user form; numbers stay `number | ''` while typed. */
export interface UserFormValues {
  lastName: string;
  firstName: string;
  email: string;
  phone: string;
  personalNumber: string;
  /** Group name (role identifier). */
  role: string | null;
  active: boolean;
  location: string | null;
  additionalLocations: string[];
  allowedLocationsClaim: string[];
  externalLogin: boolean;
  holidayContingent: number | '';
  holidaySurplusPreviousYear: number | '';
  deductionHolidaysCurrentYear: number | '';
  /** Monday first: whether the weekday is a regular free day. */
  freeDays: boolean[];
  /** Monday first: presence text of the weekday. */
  presence: string[];
  password: string;
  passwordRepeat: string;
}

/** Fields of the form, grouped as the edit permissions grant them (spec 3 §6). */
export type UserField =
  | 'lastName'
  | 'firstName'
  | 'email'
  | 'phone'
  | 'personalNumber'
  | 'role'
  | 'active'
  | 'location'
  | 'additionalLocations'
  | 'allowedLocationsClaim'
  | 'externalLogin'
  | 'holidayContingent'
  | 'holidaySurplusPreviousYear'
  | 'deductionHolidaysCurrentYear'
  | 'freeDays'
  | 'presence'
  | 'password'
  | 'image';

/** Every field of the form. */
export const ALL_USER_FIELDS: readonly UserField[] = [
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
];

/** Fields everyone with einstellungen_benutzer_bearbeiten may change. */
const BASE_FIELDS: readonly UserField[] = [
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
const ALL_FIELDS_EXTRA: readonly UserField[] = [
  'personalNumber',
  'holidayContingent',
  'holidaySurplusPreviousYear',
  'deductionHolidaysCurrentYear',
  'active',
];

export interface Actor {
  id: string;
  role: string;
  permissions: readonly string[];
}

/** Whether the actor may open the form in edit mode at all (otherwise it is read-only). */
export function canEditUsers(actor: Actor): boolean {
  return (
    actor.role === ADMIN_ROLE ||
    actor.permissions.includes('einstellungen_benutzer_bearbeiten') ||
    actor.permissions.includes('einstellungen_benutzer_bearbeiten_nur_freie_tage')
  );
}

/** The keys to an account: only Admin, or who covers the person's settings rights, changes them. */
export const ACCOUNT_KEY_FIELDS: readonly UserField[] = ['email', 'password', 'role', 'active'];

/**
 * The fields the actor may change, the same rules the server applies on PUT /user/{id}:
 * everything on create and for Admin; only free days and presence with "nur freie Tage";
 * otherwise the base fields plus what the extra permissions add. Nobody deactivates himself.
 * `keysLocked`: the person's group is not `manageable` for the actor (an Admin, or more settings
 * rights), so the account's keys stay as they are.
 */
export function editableFields(actor: Actor, targetId: string | null, keysLocked = false): ReadonlySet<UserField> {
  const self = targetId !== null && targetId === actor.id;
  const result = new Set<UserField>();
  if (targetId === null || actor.role === ADMIN_ROLE) {
    for (const f of ALL_USER_FIELDS) result.add(f);
  } else if (!canEditUsers(actor)) {
    return result;
  } else if (actor.permissions.includes('einstellungen_benutzer_bearbeiten_nur_freie_tage')) {
    result.add('freeDays');
    result.add('presence');
  } else {
    for (const f of BASE_FIELDS) result.add(f);
    if (actor.permissions.includes('einstellungen_benutzer_bearbeiten_alle_felder')) for (const f of ALL_FIELDS_EXTRA) result.add(f);
    if (actor.permissions.includes('einstellungen_benutzer_bearbeiten_benutzername')) result.add('email');
    if (actor.permissions.includes('user_image_can_edit')) result.add('image');
  }
  // The own picture may always be changed (as in the own settings).
  if (self && result.size > 0) result.add('image');
  if (self) result.delete('active');
  if (keysLocked && targetId !== null) for (const f of ACCOUNT_KEY_FIELDS) result.delete(f);
  return result;
}

/** An empty form for a new user: active, no free days. */
export function emptyUserForm(defaults: { location: string | null }): UserFormValues {
  return {
    lastName: '',
    firstName: '',
    email: '',
    phone: '',
    personalNumber: '',
    role: null,
    active: true,
    location: defaults.location,
    additionalLocations: [],
    allowedLocationsClaim: [],
    externalLogin: false,
    holidayContingent: 0,
    holidaySurplusPreviousYear: 0,
    deductionHolidaysCurrentYear: 0,
    freeDays: WEEKDAY_CODES.map(() => false),
    presence: WEEKDAY_CODES.map(() => ''),
    password: '',
    passwordRepeat: '',
  };
}

/**
 * The weekdays that are free. The fields are positional (freeDay = Monday … freeDay7 = Sunday);
 * a code in another slot still counts for its own weekday.
 */
function freeDaysOf(user: UserDetail): boolean[] {
  const codes = new Set(FREE_DAY_KEYS.map((k) => user[k]).filter(Boolean));
  return WEEKDAY_CODES.map((code) => codes.has(code));
}

/** The form values of a loaded user. */
export function userFormFrom(user: UserDetail): UserFormValues {
  return {
    lastName: user.lastName,
    firstName: user.firstName,
    email: user.email,
    phone: user.phone ?? '',
    personalNumber: user.personalNumber ?? '',
    role: user.role,
    active: user.active,
    location: user.location,
    additionalLocations: user.additionalLocations.filter((id) => id !== user.location),
    allowedLocationsClaim: [...user.allowedLocationsClaim],
    externalLogin: user.externalLogin,
    holidayContingent: user.holidayContingent,
    holidaySurplusPreviousYear: user.holidaySurplusPreviousYear,
    deductionHolidaysCurrentYear: user.deductionHolidaysCurrentYear,
    freeDays: freeDaysOf(user),
    presence: PRESENCE_KEYS.map((k) => user[k] ?? ''),
    password: '',
    passwordRepeat: '',
  };
}

/** A failed check: the message to show and the fields to mark. */
export interface FormProblem {
  message: string;
  fields: UserField[];
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

/**
 * The first failing rule of spec 3 §5 "New user", with the server's messages: every required
 * field (location, group, names of at least 2 characters, personal number, e-mail and, when
 * new, password and repeat), then the e-mail form, then the password rules.
 */
export function checkUserForm(v: UserFormValues, isNew: boolean): FormProblem | null {
  const missing: UserField[] = [];
  if (v.lastName.trim().length < NAME_MIN) missing.push('lastName');
  if (v.firstName.trim().length < NAME_MIN) missing.push('firstName');
  if (!v.email.trim()) missing.push('email');
  if (!v.personalNumber.trim()) missing.push('personalNumber');
  if (!v.role) missing.push('role');
  if (!v.location) missing.push('location');
  if (isNew && !v.password) missing.push('password');
  if (isNew && !v.passwordRepeat) missing.push('password');
  if (missing.length > 0) return { message: MSG.fillAllFields, fields: [...new Set(missing)] };
  if (!EMAIL_PATTERN.test(v.email.trim())) return { message: MSG.usernameInvalid, fields: ['email'] };
  const passwordProblem = checkNewPassword(v.password, v.passwordRepeat);
  if (passwordProblem) return { message: passwordProblem, fields: ['password'] };
  return null;
}

const days = (n: number | '') => (n === '' ? 0 : n);

/** Whether a free-day or presence field differs from the loaded user. */
export function weekChanged(v: UserFormValues, original: UserDetail | null): boolean {
  if (!original) return false;
  const before = userFormFrom(original);
  return v.freeDays.some((f, i) => f !== before.freeDays[i]) || v.presence.some((p, i) => p.trim() !== before.presence[i]!.trim());
}

/**
 * The request body. externalLogin goes out true whenever additional locations are chosen, and
 * updateCalendar when a free day or presence changed (spec 3 §5).
 */
export function userSaveBody(
  v: UserFormValues,
  original: UserDetail | null,
  image: { fileName: string; data: string } | null,
): UserSaveBody {
  const additionalLocations = v.additionalLocations.filter((id) => id !== v.location);
  const week: Record<string, string> = {};
  FREE_DAY_KEYS.forEach((key, i) => {
    week[key] = v.freeDays[i] ? WEEKDAY_CODES[i]! : '';
  });
  PRESENCE_KEYS.forEach((key, i) => {
    week[key] = v.presence[i]!.trim();
  });
  const body: UserSaveBody = {
    user: {
      firstName: v.firstName.trim(),
      lastName: v.lastName.trim(),
      email: v.email.trim().toLowerCase(),
      phone: v.phone.trim(),
      location: v.location ?? '',
      additionalLocations,
      allowedLocationsClaim: v.allowedLocationsClaim,
      personalNumber: v.personalNumber.trim(),
      holidayContingent: days(v.holidayContingent),
      holidaySurplusPreviousYear: days(v.holidaySurplusPreviousYear),
      deductionHolidaysCurrentYear: days(v.deductionHolidaysCurrentYear),
      externalLogin: v.externalLogin || additionalLocations.length > 0,
      active: v.active,
      ...(week as Pick<UserSaveBody['user'], (typeof FREE_DAY_KEYS)[number] | (typeof PRESENCE_KEYS)[number]>),
    },
    role: v.role ?? '',
  };
  if (v.password) {
    body.password = v.password;
    body.passwordRepeat = v.passwordRepeat;
  }
  if (original && weekChanged(v, original)) body.updateCalendar = true;
  if (image) body.image = image;
  return body;
}

/** Available days = contingent + rest of last year − deduction of this year. */
export function availableDays(v: Pick<UserFormValues, 'holidayContingent' | 'holidaySurplusPreviousYear' | 'deductionHolidaysCurrentYear'>) {
  return days(v.holidayContingent) + days(v.holidaySurplusPreviousYear) - days(v.deductionHolidaysCurrentYear);
}
