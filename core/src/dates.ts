import { z } from 'zod';
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
