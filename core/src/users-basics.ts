/**
 * The plain values of people: the weekday codes of their free days, their initials and full name.
 * Without schemas, so the web app's always-loaded code (navigation, counters, dashboard) reads
 * them without loading zod; `users.ts` exports them with its schemas.
 */

/** Weekday codes of the free-day fields freeDay…freeDay7 (spec 3 §3). */
export const WEEKDAY_CODES = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'] as const;
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];

/** Initials shown instead of a missing avatar. */
export function initials(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}

/** 'Tina Testerin': how confirmations and notices name a person; a last name alone can mean two people. */
export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName.trim()} ${person.lastName.trim()}`.trim();
}
