import { z } from './zod.ts';
import { parseCarryOverExpiry } from './absences.ts';
import { MSG } from './messages.ts';

/** PUT /globalsettings/{id}: `{ globalSettings: { sortimentSheetUrl } }`; the link may be empty. */
export const ZGlobalSettingsRequest = z.object({
  globalSettings: z.object({
    sortimentSheetUrl: z
      .string()
      .trim()
      .max(2000, MSG.sheetUrlInvalid)
      .refine((v) => v === '' || /^https:\/\/[^\s]+$/.test(v), MSG.sheetUrlInvalid),
  }),
});

/** Message for an expiry that is no day of the year. */
export const CARRY_OVER_EXPIRY_INVALID = 'Bitte ein Datum im Format TT.MM. angeben (z. B. 31.03.) oder das Feld leer lassen.';

/**
 * PUT /globalsettings/{id}/carryover: `{ globalSettings: { carryOverExpiry } }` as 'TT.MM.' (or
 * empty: carried-over days never expire); stored as 'MM-DD'.
 */
export const ZCarryOverRequest = z.object({
  globalSettings: z.object({
    carryOverExpiry: z
      .string()
      .max(20, CARRY_OVER_EXPIRY_INVALID)
      .transform((v, ctx) => {
        const parsed = parseCarryOverExpiry(v);
        if (parsed === null) {
          ctx.addIssue({ code: 'custom', message: CARRY_OVER_EXPIRY_INVALID });
          return z.NEVER;
        }
        return parsed;
      }),
  }),
});

/** GET /globalsettings, PUT /globalsettings/{id}, PUT /globalsettings/{id}/carryover. */
export const ZGlobalSettingsResponse = z.object({
  globalSettings: z.object({
    id: z.string(),
    sortimentSheetUrl: z.string(),
    /** 'MM-DD' on which carried-over vacation days expire; '' never. */
    carryOverExpiry: z.string(),
  }),
});
