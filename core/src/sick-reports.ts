import { z } from './zod.ts';
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

/** A sick report in the lists and answers (status 2 'Krank'). */
export const ZSickReportRow = z.object({
  id: z.string(),
  /** null when the person was deleted ('Benutzer gelöscht'). */
  userId: z.string().nullable(),
  userData: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  personalNumber: z.string(),
  locationLabel: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  startDateFormated: z.string(),
  endDateFormated: z.string(),
  countDays: z.number(),
  /** Vacation days this report credited back (sickness during approved vacation). */
  creditedDays: z.number(),
  createdAtFormated: z.string(),
  /** Who entered the report ('Vorname Nachname'; 'Benutzer gelöscht' when gone) and when (DD.MM.YYYY). */
  confirmedByData: z.string(),
  confirmedAtFormated: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  approved: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});

/** GET /sickreport/{from}/{location}/{view}. */
export const ZSickReportListResponse = z.object({ sickReports: z.array(ZSickReportRow), count: z.number() });

/** POST /sickreport, PUT /sickreport/{id}. */
export const ZSickReportResponse = z.object({ sickReport: ZSickReportRow });

/** Sick days of a person this year and last year (GET /sickreport/summary). */
export const ZSickSummaryRow = z.object({
  id: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  personalNumber: z.string(),
  searchName: z.string(),
  locationLabel: z.string(),
  teamSortIndex: z.number(),
  sickDaysThisYear: z.number(),
  sickDaysLastYear: z.number(),
});

/** GET /sickreport/summary/{from}/{location}. */
export const ZSickSummaryResponse = z.object({ users: z.array(ZSickSummaryRow), count: z.number() });

/** GET /countsickdays. */
export const ZSickDaysResponse = z.object({ userId: z.string(), sickDaysThisYear: z.number(), sickDaysLastYear: z.number() });

/** POST /sickreport/vacationcredit: approved vacation in the period and the days credited back. */
export const ZSickCreditPreview = z.object({
  days: z.number(),
  vacations: z.array(z.object({ startDate: z.string(), endDate: z.string(), startDateFormated: z.string(), endDateFormated: z.string(), days: z.number() })),
});
