import { z } from 'zod';
import { isIsoDate } from './dates.ts';
import { MSG } from './messages.ts';

const date = (required: string) => z.string({ error: required }).trim().min(1, required).refine((v) => isIsoDate(v), MSG.invalidDate);

/** POST /sickreport and PUT /sickreport/{id}: `{ sickReport: { userId, startDate, endDate } }` (spec 1 §5). */
export const ZSickReportRequest = z.object({
  sickReport: z
    .object({
      userId: z.uuid({ error: MSG.employeeRequired }),
      startDate: date(MSG.sickDateRequired),
      endDate: date(MSG.sickEndRequired),
    })
    .refine((s) => s.endDate >= s.startDate, { message: MSG.endBeforeStart, path: ['endDate'] }),
});
export type TSickReport = z.output<typeof ZSickReportRequest>['sickReport'];

/** Sick report views (spec 1 §2): 2 received (current and future), 3 past, 4 all. */
export const SICK_VIEWS = ['2', '3', '4'] as const;
