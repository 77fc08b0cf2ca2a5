import { z } from './zod.ts';
import { zTimestamp } from './dates.ts';
import { MSG } from './messages.ts';

/** Colour labels that belong to the system and cannot be edited (spec 2/3 §5). */
export const FIXED_COLOR_LABELS = ['Auslauf', 'Werbung'] as const;

export const CLAIM_LIST_KINDS = ['manufacturer', 'quality', 'reason'] as const;
export type ClaimListKind = (typeof CLAIM_LIST_KINDS)[number];

/** German names of the claim lists, as the settings area shows them. */
export const CLAIM_LIST_LABELS: Record<ClaimListKind, string> = {
  manufacturer: 'Beanstandung Hersteller',
  quality: 'Beanstandung Qualität',
  reason: 'Beanstandung Grund',
};

/** The longest name of an entry of a name-only list. */
export const LIST_NAME_MAX = 100;
const name = (message: string) => z.string({ error: message }).trim().min(1, message).max(LIST_NAME_MAX, message);

/** POST /manufacturer, PUT /manufacturer/{id}: `{ name }`. */
export const ZManufacturerRequest = z.object({ name: name(MSG.fillAllFields) });

/** POST /color, PUT /color/{id}: `{ color: { name, hex } }`. */
export const ZColorRequest = z.object({
  color: z.object({
    name: name(MSG.nameRequired),
    hex: z.string({ error: MSG.colorRequired }).trim().regex(/^#[0-9a-fA-F]{6}$/, MSG.colorRequired),
  }),
});

/** POST /status, PUT /status/{id}: `{ status: { name } }`. */
export const ZStatusRequest = z.object({ status: z.object({ name: name(MSG.nameRequired) }) });

/** POST /claimdropdown{kind}, PUT /claimdropdown{kind}/{id}: `{ name }`. */
export const ZClaimListRequest = z.object({ name: name(MSG.fillAllFields) });

/** An entry of a name-only list as its save answers it (manufacturers, statuses, claim lists). */
export const ZNamedEntry = z.object({ id: z.string(), name: z.string() });

/** A stored row of a name-only list with its timestamps (GET /manufacturer/list, GET /status/list). */
export const ZNamedRow = z.object({ id: z.string(), name: z.string(), createdAt: zTimestamp(), updatedAt: zTimestamp() });

/** GET /manufacturer/list, GET /status/list. */
export const ZNamedRowListResponse = z.object({ list: z.array(ZNamedRow) });

/** GET /claimdropdown{kind}/list. */
export const ZNamedEntryListResponse = z.object({ list: z.array(ZNamedEntry) });

/** A colour label; the system labels (Auslauf, Werbung) are not `editable`. */
export const ZColor = z.object({ id: z.string(), name: z.string(), hex: z.string(), editable: z.boolean() });

export const ZColorListResponse = z.object({ list: z.array(ZColor) });

/** POST /color, PUT /color/{id}. */
export const ZColorResponse = z.object({ color: ZColor });
