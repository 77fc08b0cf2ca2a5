import { z } from './zod.ts';

/**
 * 'Person endgültig löschen' (Art. 17 GDPR) for a person who left: what goes, and what stays
 * without the person until its retention ends (docs/datenschutz.md,
 * docs/decisions/datenschutz-loeschen.md).
 */

/** One kind of record of the person and how many of them. */
export const ZErasureLine = z.object({
  /** German, for the confirm: 'Krankmeldungen', 'Angelegte Beanstandungen (Name: „Benutzer gelöscht“)'. */
  label: z.string(),
  count: z.number().int(),
  /** Kept records: the last day they are kept (ISO date), null when they stay with the record they belong to. */
  until: z.string().nullable().optional(),
});
export type TErasureLine = z.infer<typeof ZErasureLine>;

/** GET /user/{id}/erase (what will happen) and the answer of POST /user/{id}/erase (what happened). */
export const ZErasureResponse = z.object({
  person: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), active: z.boolean() }),
  deleted: z.array(ZErasureLine),
  kept: z.array(ZErasureLine),
  /** POST only: true once the person is erased. */
  erased: z.boolean(),
});
export type TErasureResponse = z.infer<typeof ZErasureResponse>;
