import { z } from 'zod';
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

/** GET /globalsettings, PUT /globalsettings/{id}. */
export const ZGlobalSettingsResponse = z.object({ globalSettings: z.object({ id: z.string(), sortimentSheetUrl: z.string() }) });
