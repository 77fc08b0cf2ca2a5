import { z } from 'zod';
import { zId } from './ids.ts';
import { periodDays, zIsoDate } from './dates.ts';
import { MSG } from './messages.ts';

const date = zIsoDate;

/** Longest sick report: three years, the span German sickness benefit is reckoned over. */
export const SICK_MAX_DAYS = 1096;

/** POST /sickreport and PUT /sickreport/{id}: `{ sickReport: { userId, startDate, endDate } }` (spec 1 §5). */
export const ZSickReportRequest = z.object({
  sickReport: z
    .object({
      userId: zId({ error: MSG.employeeRequired }),
      startDate: date(MSG.sickDateRequired),
      endDate: date(MSG.sickEndRequired),
    })
    .refine((s) => s.endDate >= s.startDate, { message: MSG.endBeforeStart, path: ['endDate'] })
    .refine((s) => periodDays(s.startDate, s.endDate) <= SICK_MAX_DAYS, { message: MSG.sickTooLong, path: ['endDate'] }),
});
export type TSickReport = z.output<typeof ZSickReportRequest>['sickReport'];

/** Sick report views (spec 1 §2): 2 received (current and future), 3 past, 4 all. */
export const SICK_VIEWS = ['2', '3', '4'] as const;
