import { z } from './zod.ts';
import { zId } from './ids.ts';
import { periodDays, zIsoDate } from './dates.ts';
import { MSG } from './messages.ts';

const date = zIsoDate;

/** Longest sick report: three years, the span German sickness benefit is reckoned over. */
export const SICK_MAX_DAYS = 1096;

/** Own sickness, or a sick child ('Kind krank', § 45 SGB V): counted apart. */
export const SICK_KINDS = ['own', 'child'] as const;
export type SickKind = (typeof SICK_KINDS)[number];
export const SICK_KIND_LABELS: Record<SickKind, string> = { own: 'Krank', child: 'Kind krank' };

/** The doctor's certificate (Arbeitsunfähigkeitsbescheinigung): a first one or a follow-up. */
export const CERTIFICATES = ['first', 'followUp'] as const;
export type Certificate = (typeof CERTIFICATES)[number];
export const CERTIFICATE_LABELS: Record<Certificate, string> = { first: 'Erstbescheinigung', followUp: 'Folgebescheinigung' };

/**
 * POST /sickreport and PUT /sickreport/{id}: `{ sickReport: { userId, startDate, endDate } }` (spec 1 §5),
 * with `kind` and `certificate` beside (left out: own sickness, no certificate).
 */
export const ZSickReportRequest = z.object({
  sickReport: z
    .object({
      userId: zId({ error: MSG.employeeRequired }),
      startDate: date(MSG.sickDateRequired),
      endDate: date(MSG.sickEndRequired),
      kind: z.enum(SICK_KINDS, { error: 'Bitte wählen Sie „Krank“ oder „Kind krank“.' }).optional().default('own'),
      certificate: z.enum(CERTIFICATES, { error: 'Bitte wählen Sie Erst- oder Folgebescheinigung.' }).nullish().transform((v) => v ?? null),
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
  kind: z.enum(SICK_KINDS),
  certificate: z.enum(CERTIFICATES).nullable(),
  /** The certificate file, only for those who handle this person's sick reports. */
  certificateFile: z.object({ name: z.string(), size: z.number(), mimeType: z.string() }).nullable(),
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
  /** Days of 'Kind krank', apart from the own sickness. */
  childSickDaysThisYear: z.number(),
  childSickDaysLastYear: z.number(),
});

/** GET /sickreport/summary/{from}/{location}. */
export const ZSickSummaryResponse = z.object({ users: z.array(ZSickSummaryRow), count: z.number() });

/** GET /countsickdays. */
export const ZSickDaysResponse = z.object({ userId: z.string(), sickDaysThisYear: z.number(), sickDaysLastYear: z.number(), childSickDaysThisYear: z.number(), childSickDaysLastYear: z.number() });

/** Continued pay in sickness (§ 3 EFZG): six weeks. */
export const CONTINUED_PAY_DAYS = 42;
/** A new illness of the same cause starts a new period after six months without it (§ 3 (1) 2 Nr. 1 EFZG)… */
const FRESH_AFTER_MONTHS = 6;
/** …and in any case twelve months after the first incapacity of that cause (Nr. 2). */
const FRESH_AFTER_FIRST_MONTHS = 12;

const DAY = 86_400_000;
const dayNo = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY;
const isoOf = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);
const addMonths = (iso: string, months: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};

export interface ContinuedPayChain {
  /** First day of the chain (the first incapacity of this cause). */
  start: string;
  /** Calendar days of incapacity in the chain. */
  days: number;
  /** The 42nd day of incapacity, when the chain reaches it: the last day of continued pay. */
  lastPaidDay: string | null;
}

/**
 * The chains of incapacity for one cause under § 3 EFZG, oldest first, from a person's own sick
 * reports. A report continues the chain before it when it follows directly (the next day) or
 * carries a follow-up certificate (same cause, Fortsetzungserkrankung) — unless six months lay
 * without incapacity in between or twelve months have passed since the chain began; anything else
 * starts a new chain. Days are calendar days; overlapping reports count each day once. 'Kind krank'
 * is no incapacity of the person and is not given here.
 */
export function continuedPayChains(reports: readonly { startDate: string; endDate: string; certificate: Certificate | null }[]): ContinuedPayChain[] {
  const sorted = [...reports].filter((r) => r.endDate >= r.startDate).sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0));
  const chains: ContinuedPayChain[] = [];
  let current: (ContinuedPayChain & { lastDay: number }) | null = null;
  for (const r of sorted) {
    const from = dayNo(r.startDate);
    const to = dayNo(r.endDate);
    const direct = current !== null && from <= current.lastDay + 1;
    const sameCause = current !== null && r.certificate === 'followUp' && r.startDate < addMonths(isoOf(current.lastDay), FRESH_AFTER_MONTHS) && r.startDate < addMonths(current.start, FRESH_AFTER_FIRST_MONTHS);
    if (!current || !(direct || sameCause)) {
      current = { start: r.startDate, days: 0, lastPaidDay: null, lastDay: from - 1 };
      chains.push(current);
    }
    // Only the days after what the chain holds already.
    const first = Math.max(from, current.lastDay + 1);
    for (let d = first; d <= to; d++) {
      current.days++;
      if (current.days === CONTINUED_PAY_DAYS) current.lastPaidDay = isoOf(d);
    }
    current.lastDay = Math.max(current.lastDay, to);
  }
  return chains.map(({ start, days, lastPaidDay }) => ({ start, days, lastPaidDay }));
}

/** The HR task when continued pay ends. */
export const continuedPayTaskTitle = (name: string, lastPaidDay: string) => `Entgeltfortzahlung endet: ${name}, ${lastPaidDay.slice(8, 10)}.${lastPaidDay.slice(5, 7)}.${lastPaidDay.slice(0, 4)}`;

/** POST /sickreport/vacationcredit: approved vacation in the period and the days credited back. */
export const ZSickCreditPreview = z.object({
  days: z.number(),
  vacations: z.array(z.object({ startDate: z.string(), endDate: z.string(), startDateFormated: z.string(), endDateFormated: z.string(), days: z.number() })),
});
