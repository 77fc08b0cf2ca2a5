import { z } from './zod.ts';
import { MSG } from './messages.ts';

/** The years a date may lie in (spec: year range 1800 to 2199), everywhere in the API. */
export const YEAR_MIN = 1800;
export const YEAR_MAX = 2199;

/** Whether a string is a real calendar date YYYY-MM-DD (no 31 February). */
export function isIsoDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

/** Whether a YYYY-MM-DD date lies in the years 1800–2199. */
export function inYearRange(v: string): boolean {
  const year = Number(v.slice(0, 4));
  return year >= YEAR_MIN && year <= YEAR_MAX;
}

/** What a typed date turned out to be: YYYY-MM-DD, null for an empty field, or why it is none. */
export type TypedDate = { ok: true; date: string | null } | { ok: false; message: string };

/**
 * A date as a person types it: 'TT.MM.JJJJ' or shorter ('1.12.2026'), with a two-digit year
 * always in this century ('1.12.26' → 2026-12-01), or pasted as 'JJJJ-MM-TT'; spaces are ignored.
 * A day without a year ('1.12.') is refused rather than guessed: around New Year the guess would
 * be wrong as often as right. So is a day that does not exist (31.02.) and a year outside
 * 1800–2199.
 */
export function parseTypedDate(text: string): TypedDate {
  const v = text.replace(/\s+/g, '');
  if (v === '') return { ok: true, date: null };
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(v);
  const iso = german ? `${german[3]!.length === 2 ? `20${german[3]}` : german[3]}-${german[2]!.padStart(2, '0')}-${german[1]!.padStart(2, '0')}` : v;
  if (!isIsoDate(iso)) return { ok: false, message: MSG.dateTypedInvalid };
  if (!inYearRange(iso)) return { ok: false, message: MSG.dateOutOfRange };
  return { ok: true, date: iso };
}

/** Days from start to end inclusive (1 for a single day, 0 when end lies before start). */
export function periodDays(start: string, end: string): number {
  const ms = Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`);
  return ms < 0 ? 0 : Math.round(ms / 86_400_000) + 1;
}

/**
 * A required date as the API carries it (YYYY-MM-DD), with the field's own "required" message,
 * a real calendar day in the years 1800–2199.
 */
export const zIsoDate = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(10, MSG.invalidDate)
    .refine((v) => isIsoDate(v), MSG.invalidDate)
    .refine((v) => inYearRange(v), MSG.dateOutOfRange);

/**
 * A point in time in an API answer: the server hands over a Date, the wire carries its ISO
 * string (what JSON.stringify makes of it). `z.input` of a response schema is what the web
 * receives, `z.output` what a route handler returns.
 */
export const zTimestamp = () =>
  z.codec(z.iso.datetime(), z.date(), {
    decode: (iso) => new Date(iso),
    encode: (date) => date.toISOString(),
  });
