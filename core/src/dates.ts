import { z } from 'zod';
import { MSG } from './messages.ts';

/** Whether a string is a real calendar date YYYY-MM-DD (no 31 February). */
export function isIsoDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

/** A required date as the API carries it (YYYY-MM-DD), with the field's own "required" message. */
export const zIsoDate = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).refine((v) => v === '' || isIsoDate(v), MSG.invalidDate);
