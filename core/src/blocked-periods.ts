import { z } from './zod.ts';
import { zId } from './ids.ts';
import { periodDays, zIsoDate } from './dates.ts';
import { MSG } from './messages.ts';

/** Longest reason of a blocked period ('Inventur', 'Weihnachtsgeschäft'). */
export const BLOCKED_REASON_MAX = 100;

/**
 * A blocked period (Urlaubssperre) as the form sends it: a period of at most a year, a reason,
 * and a location, or null for the whole company.
 */
export const ZBlockedPeriodFields = z
  .object({
    startDate: zIsoDate(MSG.dateRequired),
    endDate: zIsoDate(MSG.dateRequired),
    locationId: zId().nullable().optional().default(null),
    reason: z
      .string({ error: 'Bitte geben Sie einen Grund an.' })
      .trim()
      .min(1, 'Bitte geben Sie einen Grund an.')
      .max(BLOCKED_REASON_MAX, `Der Grund darf höchstens ${BLOCKED_REASON_MAX} Zeichen lang sein.`),
  })
  .refine((v) => v.endDate >= v.startDate, { message: MSG.endBeforeStart, path: ['endDate'] })
  .refine((v) => periodDays(v.startDate, v.endDate) <= 366, { message: MSG.periodTooLong, path: ['endDate'] });
export type TBlockedPeriod = z.output<typeof ZBlockedPeriodFields>;

/** Body of POST and PUT /blockedperiods. */
export const ZBlockedPeriodRequest = z.object({ blockedPeriod: ZBlockedPeriodFields });

export const ZBlockedPeriod = z.object({
  id: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  startDateFormated: z.string(),
  endDateFormated: z.string(),
  /** null: the whole company. */
  locationId: z.string().nullable(),
  locationLabel: z.string(),
  reason: z.string(),
  /** Whether the reader may change or delete it (HR everywhere, a branch's management its own). */
  canEdit: z.boolean(),
});
export type BlockedPeriod = z.infer<typeof ZBlockedPeriod>;

/** GET /blockedperiods: current and coming ones (or past ones), 20 from `from`. */
export const ZBlockedPeriodListResponse = z.object({ blockedPeriods: z.array(ZBlockedPeriod), count: z.number() });
export const ZBlockedPeriodResponse = z.object({ blockedPeriod: ZBlockedPeriod });

/** Label of a company-wide blocked period. */
export const ALL_LOCATIONS_LABEL = 'Alle Standorte';

const dmy = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;

/** The refusal of a vacation request in a blocked period: names the period, where and why. */
export const blockedPeriodMessage = (p: { startDate: string; endDate: string; reason: string; locationLabel: string }) =>
  `Urlaubssperre ${p.startDate === p.endDate ? `am ${dmy(p.startDate)}` : `vom ${dmy(p.startDate)} bis ${dmy(p.endDate)}`} (${p.locationLabel}): ${p.reason}. Bitte wählen Sie einen anderen Zeitraum.`;

/** Approving a request that touches a blocked period: HR only, and with a note. */
export const BLOCKED_APPROVAL_HR_ONLY = 'Der Antrag liegt in einer Urlaubssperre. Nur die Personalleitung kann ihn trotzdem genehmigen.';
export const BLOCKED_APPROVAL_NOTE_REQUIRED = 'Der Antrag liegt in einer Urlaubssperre. Bitte begründen Sie die Genehmigung in einer Notiz.';
