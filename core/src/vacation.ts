import { z } from 'zod';
import { zId } from './ids.ts';
import { periodDays, zIsoDate } from './dates.ts';
import { MSG } from './messages.ts';

/** Reason of special leave: at most 20 characters (spec 1 §9). */
export const REASON_MAX = 20;

/** Longest vacation request: one year (a longer absence is no vacation request). */
export const VACATION_MAX_DAYS = 366;

const date = zIsoDate(MSG.vacationDatesRequired);

/**
 * POST /appointment: `{ appointment: { startDate, endDate, userId, overtimeDeduction, overtime,
 * specialHoliday, reason, … } }` with every rule of spec 1 §5 "Vacation request" that does not
 * need the database (dates from today and the quota are checked by the service).
 */
export const ZVacationRequest = z.object({
  appointment: z
    .object({
      startDate: date,
      endDate: date,
      userId: zId({ error: MSG.errorReLogin }),
      overtimeDeduction: z.boolean().optional().default(false),
      overtime: z
        .union([z.number(), z.string().trim().regex(/^\d{1,3}(,\d{1,2})?$|^\d{1,3}(\.\d{1,2})?$/, MSG.overtimeInvalid), z.null()])
        .optional()
        .transform((v) => (v === null || v === undefined || v === '' ? null : typeof v === 'number' ? v : Number(v.replace(',', '.')))),
      specialHoliday: z.boolean().optional().default(false),
      reason: z.string().trim().max(REASON_MAX, MSG.reasonTooLong).optional().default(''),
      /** Sent by the spec's client; a request is never approved by its own creation. */
      status: z.unknown().optional(),
      statusLabel: z.unknown().optional(),
      approved: z.unknown().optional(),
    })
    .superRefine((a, ctx) => {
      const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
      if (a.endDate < a.startDate) return fail(MSG.endBeforeStart);
      if (periodDays(a.startDate, a.endDate) > VACATION_MAX_DAYS) return fail(MSG.vacationTooLong);
      if (a.overtimeDeduction && a.specialHoliday) return fail(MSG.vacationBothTicks);
      if (a.overtimeDeduction && (a.overtime === null || a.overtime <= 0)) return fail(MSG.overtimeRequired);
      if (a.overtime !== null && (a.overtime < 0 || a.overtime > 999)) return fail(MSG.overtimeInvalid);
      if (a.specialHoliday && !a.reason) return fail(MSG.specialReasonRequired);
    }),
});
export type TVacationRequest = z.output<typeof ZVacationRequest>['appointment'];
