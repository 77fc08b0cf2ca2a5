import { z } from './zod.ts';
import { zId } from './ids.ts';
import { periodDays, zIsoDate } from './dates.ts';
import { MSG } from './messages.ts';
import { DAY_LENGTHS } from './absences.ts';

/** Reason of special leave: at most 20 characters (spec 1 §9). */
export const REASON_MAX = 20;

/** Most deputies one request names. */
export const DEPUTIES_MAX = 5;

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
        // The spec's client sends the form's text, '' while the tick is off.
        .union([z.number(), z.literal(''), z.string().trim().regex(/^\d{1,3}(,\d{1,2})?$|^\d{1,3}(\.\d{1,2})?$/, MSG.overtimeInvalid), z.null()])
        .optional()
        .transform((v) => (v === null || v === undefined || v === '' ? null : typeof v === 'number' ? v : Number(v.replace(',', '.')))),
      specialHoliday: z.boolean().optional().default(false),
      reason: z.string().trim().max(REASON_MAX, MSG.reasonTooLong).optional().default(''),
      /** Whole days (default) or a half day on each working day of the period. */
      dayLength: z.enum(DAY_LENGTHS, { error: 'Bitte wählen Sie ganztägig, vormittags oder nachmittags.' }).optional().default('full'),
      /** Colleagues who stand in (Vertretung): at the own location or below the same approver. */
      deputies: z
        .array(zId())
        .max(DEPUTIES_MAX, `Bitte wählen Sie höchstens ${DEPUTIES_MAX} Vertretungen.`)
        .optional()
        .default([])
        .transform((ids) => [...new Set(ids)]),
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

/** A vacation request in the lists and answers (spec 1 §3 absence, status 3 'Urlaub'). */
export const ZVacationRow = z.object({
  id: z.string(),
  /** null when the person was deleted ('Benutzer gelöscht'). */
  userId: z.string().nullable(),
  userData: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  locationLabel: z.string(),
  personalNumber: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  startDateFormated: z.string(),
  endDateFormated: z.string(),
  createdAtFormated: z.string(),
  /** Working days of the period; a half-day request counts 0.5 for each. */
  countDays: z.number(),
  dayLength: z.enum(DAY_LENGTHS),
  confirmedByData: z.string(),
  confirmedAtFormated: z.string(),
  approved: z.boolean(),
  declined: z.boolean(),
  state: z.enum(['offen', 'akzeptiert', 'abgelehnt']),
  status: z.string(),
  statusLabel: z.string(),
  specialHoliday: z.boolean(),
  reason: z.string(),
  overtimeDeduction: z.boolean(),
  overtime: z.number().nullable(),
  /** Open days requested and days left, when the open requests exceed the account. */
  exceeds: z.array(z.number()).nullable(),
  /** The year of the account `exceeds` refers to (a request may fall into next year). */
  exceedsYear: z.number().nullable(),
  /** Why it was declined (optional; declined requests only). */
  declineReason: z.string(),
  /** An open request inside a blocked period (filed before it was set): the refusal text; '' otherwise. */
  blockedPeriod: z.string(),
  /** HR's note when approving inside a blocked period. */
  approvalNote: z.string(),
  /** Open requests: what the requester was warned of (minimum staffing, absent deputies). */
  warnings: z.array(z.string()),
  /** The deputies named, and whether they declined (with their reason). */
  deputies: z.array(z.object({ userId: z.string(), name: z.string(), declined: z.boolean(), declineReason: z.string() })),
  /** Working days credited back because of a sick report during the approved vacation (§ 9 BUrlG). */
  creditedDays: z.number(),
  canAccept: z.boolean(),
  canDecline: z.boolean(),
  canDelete: z.boolean(),
});

/** GET /absence/{from}/{location}/{view}. */
export const ZVacationListResponse = z.object({ absences: z.array(ZVacationRow), count: z.number() });

/** POST /appointment (200), PUT /updateabsence/{id}/{approved} (with the tasks handed to a deputy). */
export const ZVacationResponse = z.object({ appointment: ZVacationRow, handedOverTasks: z.number().optional() });

/** POST /appointment with 224: created although it needs more days than remain. */
export const ZVacationLimitedResponse = z.object({ appointment: ZVacationRow, available: z.number(), message: z.string() });

/** A person's vacation account of one year in the overview (view 4). */
export const ZVacationOverviewRow = z.object({
  id: z.string(),
  userId: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  personalNumber: z.string(),
  team: z.string(),
  teamLabel: z.string(),
  teamSortIndex: z.number(),
  locationLabel: z.string(),
  year: z.number(),
  availableHolidays: z.number(),
  holidaysTakenThisYear: z.number(),
  holidaysPlannedThisYear: z.number(),
  holidaySurplusPreviousYear: z.number(),
  holidayContingent: z.number(),
  deduction: z.number(),
  openHolidays: z.number(),
  /** Carried-over days that expire on expiryDate unless taken before; expired: gone already. */
  expiringHolidays: z.number(),
  expiredHolidays: z.number(),
  expiryDate: z.string().nullable(),
});

/** GET /user/listallabsenceuseroverview. */
export const ZVacationOverviewResponse = z.object({ users: z.array(ZVacationOverviewRow), count: z.number() });

/** One year of the own vacation account (GET /user-contingents). */
export const ZContingent = z.object({
  id: z.string(),
  userId: z.string(),
  year: z.number(),
  available: z.number(),
  approvedHolidays: z.number(),
  vacationClaim: z.number(),
  surplus: z.number(),
  deduction: z.number(),
  taken: z.number(),
  planned: z.number(),
  open: z.number(),
  /** Carried-over days that expire on expiryDate unless used before; expired: those gone already. */
  expiring: z.number(),
  expired: z.number(),
  expiryDate: z.string().nullable(),
});

/** Longest reason for declining a request. */
export const DECLINE_REASON_MAX = 500;

/** PUT /updateabsence/{id}/{approved}: optional body with the reason for declining. */
export const ZVacationDecision = z
  .object({
    reason: z.string().trim().max(DECLINE_REASON_MAX, `Die Begründung darf höchstens ${DECLINE_REASON_MAX} Zeichen lang sein.`).optional().default(''),
    /** Approving: hand the person's open tasks to this deputy of the request. */
    handTasksTo: zId().nullish(),
    /** Approving inside a blocked period (HR only): why. */
    note: z.string().trim().max(DECLINE_REASON_MAX, `Die Notiz darf höchstens ${DECLINE_REASON_MAX} Zeichen lang sein.`).optional().default(''),
  })
  .nullish();

/** GET /user-contingents: the year before last up to next year. */
export const ZContingentsResponse = z.object({ contingents: z.array(ZContingent) });

/** GET /appointment/{id}/warnings: the request's warnings as of now. */
export const ZVacationWarningsResponse = z.object({ warnings: z.array(z.string()) });

/** POST /appointment/{id}/deputy/decline: the deputy's reason. */
export const ZDeputyDecline = z.object({
  reason: z.string({ error: 'Bitte geben Sie einen Grund an.' }).trim().min(1, 'Bitte geben Sie einen Grund an.').max(DECLINE_REASON_MAX, `Der Grund darf höchstens ${DECLINE_REASON_MAX} Zeichen lang sein.`),
});

/** A request in which the reader stands in (GET /deputyrequests). */
export const ZDeputyRequest = z.object({
  id: z.string(),
  name: z.string(),
  locationLabel: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  startDateFormated: z.string(),
  endDateFormated: z.string(),
  dayLength: z.enum(DAY_LENGTHS),
  state: z.enum(['offen', 'akzeptiert', 'abgelehnt']),
  declined: z.boolean(),
  declineReason: z.string(),
});
export const ZDeputyRequestsResponse = z.object({ requests: z.array(ZDeputyRequest) });

/** GET /deputycandidates: colleagues who may stand in for the reader. */
export const ZDeputyCandidatesResponse = z.object({ candidates: z.array(z.object({ id: z.string(), name: z.string(), locationLabel: z.string() })) });
