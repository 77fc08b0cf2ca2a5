import { z } from './zod.ts';
import { zId } from './ids.ts';
import { periodDays, zIsoDate } from './dates.ts';
import { MSG } from './messages.ts';

const isoDate = zIsoDate;

/**
 * A special appointment as the settings form sends it (spec 3 §5): date and title required,
 * an empty end date becomes the start date, the end may not lie before the start, no
 * locations means all locations.
 */
export const ZSpecialAppointmentFields = z
  .object({
    id: zId().optional(),
    info: z.string({ error: MSG.titleRequired }).trim().min(1, MSG.titleRequired).max(200, MSG.titleRequired),
    date: isoDate(MSG.dateRequired),
    endDate: z.union([isoDate(MSG.invalidDate), z.literal(''), z.null()]).optional(),
    locations: z.array(zId()).max(200).optional().default([]),
  })
  .transform((v) => ({ ...v, endDate: v.endDate || v.date, locations: [...new Set(v.locations)] }))
  .refine((v) => v.endDate >= v.date, { message: MSG.endBeforeStart, path: ['endDate'] })
  .refine((v) => periodDays(v.date, v.endDate) <= 366, { message: MSG.periodTooLong, path: ['endDate'] });

/** Body of POST/PUT /locationspecialappointment and of the overlap check. */
export const ZSpecialAppointmentRequest = z.object({ locationSpecialAppointment: ZSpecialAppointmentFields });

/** DELETE /locationspecialappointment: the id travels in the body (spec). */
export const ZSpecialAppointmentDeleteRequest = z.object({ id: zId() });
export type TSpecialAppointment = z.output<typeof ZSpecialAppointmentFields>;

/** Whether two appointments overlap in time and share a location (no locations = all). */
export function appointmentsOverlap(
  a: { date: string; endDate: string; locations: readonly string[] },
  b: { date: string; endDate: string; locations: readonly string[] },
): boolean {
  if (a.date > b.endDate || b.date > a.endDate) return false;
  if (a.locations.length === 0 || b.locations.length === 0) return true;
  return a.locations.some((l) => b.locations.includes(l));
}

/** A special appointment in answers, with its dates formatted and its locations' names ('Alle'). */
export const ZSpecialAppointment = z.object({
  id: z.string(),
  info: z.string(),
  /** YYYY-MM-DD */
  date: z.string(),
  endDate: z.string(),
  dateFormated: z.string(),
  endDateFormated: z.string(),
  /** Location ids; empty means all locations. */
  locations: z.array(z.string()),
  /** Names joined by ', ', or 'Alle'. */
  locationLabels: z.string(),
});

/** GET /locationspecialappointment/list/{page}. */
export const ZSpecialAppointmentListResponse = z.object({ list: z.array(ZSpecialAppointment), count: z.number() });

/** POST /locationspecialappointment/check: the first overlapping appointment, or false. */
export const ZSpecialAppointmentCheckResponse = z.union([z.literal(false), ZSpecialAppointment]);

/** POST and PUT /locationspecialappointment. */
export const ZSpecialAppointmentResponse = z.object({ locationSpecialAppointment: ZSpecialAppointment });
