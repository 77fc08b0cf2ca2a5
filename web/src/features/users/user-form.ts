import {
  canEditUsers,
  editableUserFields,
  FREE_DAY_KEYS,
  PRESENCE_KEYS,
  USER_FORM_FIELDS,
  WEEKDAY_CODES,
  ZCreateUserRequest,
  ZUpdateUserRequest,
  type UserFormField,
} from '@filialportal/core/users';
import { firstProblem } from '../../ui/form-problem.ts';
import type { UserDetail, UserSaveBody } from './users.api.ts';

/** The editable state of the user form; numbers stay `number | ''` while typed. */
export type UserFormValues = {
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
};

/** Fields of the form, grouped as the edit permissions grant them (spec 3 §6; rules in the core). */
export type UserField = UserFormField;

/** Every field of the form. */
export const ALL_USER_FIELDS: readonly UserField[] = USER_FORM_FIELDS;

export { canEditUsers };

/**
 * The fields the actor may change: the core's rule, the one the server applies on
 * PUT /user/{id} (see editableUserFields).
 */
export const editableFields = editableUserFields;

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

/** Form fields of the schema's keys where they differ (the seven weekday fields). */
function fieldOfKey(key: string): UserField {
  if ((FREE_DAY_KEYS as readonly string[]).includes(key)) return 'freeDays';
  if ((PRESENCE_KEYS as readonly string[]).includes(key)) return 'presence';
  return key as UserField;
}

/**
 * The first failing rule of spec 3 §5 "New user", by the server's schema (ZCreateUserRequest /
 * ZUpdateUserRequest): every required field at once (location, group, names of at least 2
 * characters, personal number, e-mail and, when new, password and repeat), then the e-mail form,
 * the lengths and the password rules.
 */
export function checkUserForm(v: UserFormValues, isNew: boolean): FormProblem | null {
  const problem = firstProblem(isNew ? ZCreateUserRequest : ZUpdateUserRequest, userSaveBody(v, null, null));
  return problem && { message: problem.message, fields: [...new Set(problem.fields.map(fieldOfKey))] };
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
