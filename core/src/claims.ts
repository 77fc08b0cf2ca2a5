import { z } from './zod.ts';
import { YEAR_MAX, YEAR_MIN } from './dates.ts';
import { zId } from './ids.ts';
import { MSG } from './messages.ts';

export * from './claims-basics.ts';

/** Claim types (spec 2 §3) and their German names. */
export const CLAIM_TYPES = ['customer-item', 'stock-item', 'hauler-item'] as const;
export type ClaimType = (typeof CLAIM_TYPES)[number];
export const CLAIM_TYPE_LABELS: Record<ClaimType, string> = {
  'customer-item': 'Kundenware',
  'stock-item': 'Lagerware',
  'hauler-item': 'Speditionsschaden',
};

export const CLAIM_SCENARIOS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'abgelehnt'] as const;
export const CLAIM_ADDITIONAL_INFO_MAX = 10_000;
/** Further articles of one claim. */
export const CLAIM_ADDITIONAL_ARTICLES_MAX = 20;

/** Priority marks (spec 2 §3, §9): 1 yellow, 2 green, 3 red. */
export const CLAIM_PRIORITIES = [1, 2, 3] as const;
export const CLAIM_PRIORITY_COLORS: Record<(typeof CLAIM_PRIORITIES)[number], string> = { 1: '#f5c518', 2: '#2f9e44', 3: '#e03131' };
export const CLAIM_PRIORITY_LABELS: Record<(typeof CLAIM_PRIORITIES)[number], string> = { 1: 'Priorität 1 (gelb)', 2: 'Priorität 2 (grün)', 3: 'Priorität 3 (rot)' };

/** Sorting of the lists: a key, '-' in front for descending; the default is the newest first. */
export const CLAIM_SORTS = ['createdAt', 'number', 'createdBy', 'customerName', 'status', 'supplierName', 'stockUpdated', 'baNumber'] as const;
export type ClaimSort = (typeof CLAIM_SORTS)[number];
export const CLAIM_DEFAULT_SORT = '-createdAt';

/** The three file fields of a checklist: one complaint form, any number of pictures and invoices. */
export const CLAIM_FILE_FIELDS = ['complaintForm', 'pictures', 'customerInvoiceUploads'] as const;
export type ClaimFileField = (typeof CLAIM_FILE_FIELDS)[number];
export const CLAIM_FILE_EXTENSIONS = ['.pdf', '.png', '.jpg', '.jpeg', '.heic', '.heif', '.mp4', '.hevc', '.mov', '.mov.qt'] as const;
/** Size limits: photos and documents 25 MB, videos 200 MB (a few minutes from a phone). */
export const CLAIM_FILE_MAX_BYTES = 25 * 1024 * 1024;
export const CLAIM_VIDEO_MAX_BYTES = 200 * 1024 * 1024;
/** Files per field of one claim. */
export const CLAIM_FILES_MAX = 50;

/** The extension of a claim file name as the spec lists it ('.mov.qt' before '.qt'), or null. */
export function claimFileExtension(name: string): (typeof CLAIM_FILE_EXTENSIONS)[number] | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.mov.qt')) return '.mov.qt';
  const dot = lower.lastIndexOf('.');
  const ext = dot >= 0 ? lower.slice(dot) : '';
  return (CLAIM_FILE_EXTENSIONS as readonly string[]).includes(ext) && ext !== '.mov.qt' ? (ext as (typeof CLAIM_FILE_EXTENSIONS)[number]) : null;
}

export const isClaimVideo = (ext: string) => ext === '.mp4' || ext === '.hevc' || ext === '.mov' || ext === '.mov.qt';

/** The claim number: year and a gap-free sequence of that year, '2026-0042'. */
export const claimNumber = (year: number, seq: number) => `${year}-${String(seq).padStart(4, '0')}`;

/**
 * Open or closed (spec 2 §4): for the five booking roles a claim stays open until it is booked
 * (BA number and stock update); for everyone else until its checklist is completed.
 */
export function claimIsOpen(c: { completed: string | null; baNumber: string; stockUpdated: boolean }, bookingView: boolean): boolean {
  return bookingView ? c.baNumber.trim() === '' || !c.stockUpdated : c.completed === null;
}

/** A decimal as typed: '2,5', '2.5' or a number; null when empty or not a number. */
export function parseDecimal(v: string | number | null | undefined): number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  const t = v.trim().replace(',', '.');
  return /^\d{1,9}(\.\d+)?$/.test(t) ? Number(t) : null;
}

/** Square metres = content per package × packages, rounded to 3 decimals (spec 2 §5). */
export function surfaceSize(packageContent: string | number | null | undefined, packageCount: string | number | null | undefined): number | null {
  const content = parseDecimal(packageContent);
  const count = parseDecimal(packageCount);
  if (content === null || count === null) return null;
  return Math.round(content * count * 1000) / 1000;
}

/** The year filter: a four-digit year from 1800 to 2199, empty for every year, else not applied (spec 2 §5). */
export function claimYearFilter(text: string): number | null | 'invalid' {
  const t = text.trim();
  if (t === '') return null;
  if (!/^\d{4}$/.test(t)) return 'invalid';
  const year = Number(t);
  return year >= YEAR_MIN && year <= YEAR_MAX ? year : 'invalid';
}

const text = (max: number) => z.string().trim().max(max, MSG.textTooLong).default('');

/** POST /claims, PUT /claims/{id}: `{ claim }` without id, number, checklist and createdAt (spec 2 §7). */
export const ZClaimInput = z
  .object({
    type: z.enum(CLAIM_TYPES, { error: MSG.requiredField }),
    locationId: zId({ error: MSG.claimLocationRequired }),
    customerName: text(200),
    customerInvoice: text(100),
    supplierName: text(200),
    haulerName: text(200),
    orderNumberOnlineshop: text(100),
    status: zId({ error: MSG.claimStatusUnknown }).nullable().default(null),
    priority: z
      .union([z.literal(1), z.literal(2), z.literal(3), z.null()], { error: MSG.claimPriorityInvalid })
      .default(null),
  })
  .superRefine((c, ctx) => {
    // Which names a type needs (spec 2 §5): customer for customer and haulage, manufacturer for stock, hauler for haulage.
    const need = (field: 'customerName' | 'supplierName' | 'haulerName') => {
      if (c[field] === '') ctx.addIssue({ code: 'custom', path: [field], message: MSG.requiredField });
    };
    if (c.type === 'customer-item' || c.type === 'hauler-item') need('customerName');
    if (c.type === 'stock-item') need('supplierName');
    if (c.type === 'hauler-item') need('haulerName');
  });
export const ZClaimRequest = z.object({ claim: ZClaimInput });
export type TClaimInput = z.output<typeof ZClaimInput>;

/** An amount as typed (comma or point), ≥ 0, or empty. */
const zQuantity = z
  .union([z.number(), z.string(), z.null()])
  .default(null)
  .transform((v, ctx) => {
    if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
    const n = parseDecimal(v);
    if (n === null || n < 0 || n > 1_000_000) {
      ctx.addIssue({ code: 'custom', message: MSG.claimQuantityInvalid });
      return z.NEVER;
    }
    return Math.round(n * 1000) / 1000;
  });

/** The article fields of the fill-in text; further articles carry the same. */
const articleFields = {
  articleId: zId().nullable().default(null),
  articleNumber: text(100),
  supplierName: text(200),
  articleName: text(200),
  quality: text(100),
  packageContent: zQuantity,
  packageCount: zQuantity,
  /** Recomputed by the server from content × count when both are given. */
  surfaceSize: zQuantity,
};
export const ZClaimArticle = z.object(articleFields);

/** The fill-in text (lueckentext) of the checklist (spec 2 §3). */
export const ZLueckentext = z.object({
  complaintNumber: text(100),
  ...articleFields,
  reason: text(200),
  treatment: text(2000),
  stockNeedsUpdate: z.boolean().nullable().default(null),
  /** Where in the location the goods are (shelf, bay), free text. */
  stockNeedsLocation: text(200),
  stockLocation: zId().nullable().default(null),
  name: text(200),
  additionalArticles: z.array(ZClaimArticle).max(CLAIM_ADDITIONAL_ARTICLES_MAX, MSG.claimArticlesTooMany).default([]),
});
export type TLueckentext = z.output<typeof ZLueckentext>;

/**
 * PUT /checklist/{id}: `{ checklist }`. The time stamps of the spec (forwarded, accepted, workflow
 * done, completed) are set by the server when a flag turns true and kept while it stays true.
 */
export const ZChecklistInput = z.object({
  scenario: z.enum(CLAIM_SCENARIOS, { error: MSG.claimScenarioInvalid }).nullable().default(null),
  forwardedToSupplier: z.boolean().default(false),
  supplierClaimNumber: text(100),
  acceptedBySupplier: z.boolean().default(false),
  goodWill: z.boolean().default(false),
  email: z.union([z.literal(''), z.email({ error: MSG.emailInvalid }).max(200, MSG.emailInvalid)]).default(''),
  coupon: text(100),
  workflowDone: z.boolean().default(false),
  additionalInfo: z.string().max(CLAIM_ADDITIONAL_INFO_MAX, MSG.claimInfoTooLong).default(''),
  completed: z.boolean().default(false),
  stockUpdated: z.boolean().default(false),
  baNumber: text(100),
  lueckentext: ZLueckentext.default(() => ZLueckentext.parse({})),
});
export const ZChecklistRequest = z.object({ checklist: ZChecklistInput });

/** A checklist marked completed without a scenario (spec 2 §4: completing needs one). */
export const claimScenarioMissing = (checklist: { completed?: boolean; scenario?: string | null }) => Boolean(checklist.completed) && !checklist.scenario;
export type TChecklistInput = z.output<typeof ZChecklistInput>;

const ZRef = z.object({ id: z.string(), name: z.string() });

/** A stored file of a claim (spec 2 §3 'Uploaded file', as the server knows it). */
export const ZClaimFile = z.object({
  id: z.string(),
  field: z.enum(CLAIM_FILE_FIELDS),
  name: z.string(),
  type: z.string(),
  size: z.number(),
  resourceUri: z.string(),
  thumbnailUri: z.string().nullable(),
  uploadedAt: z.string(),
});

export const ZChecklist = z.object({
  scenario: z.enum(CLAIM_SCENARIOS).nullable(),
  forwardedToSupplier: z.string().nullable(),
  supplierClaimNumber: z.string(),
  acceptedBySupplier: z.string().nullable(),
  goodWill: z.boolean(),
  email: z.string(),
  coupon: z.string(),
  workflowDone: z.string().nullable(),
  additionalInfo: z.string(),
  completed: z.string().nullable(),
  stockUpdated: z.boolean(),
  baNumber: z.string(),
  lueckentext: ZLueckentext,
  complaintForm: ZClaimFile.nullable(),
  pictures: z.array(ZClaimFile),
  customerInvoiceUploads: z.array(ZClaimFile),
});

/** The creator as the list's popup shows them. */
export const ZClaimCreator = z.object({ id: z.string().nullable(), name: z.string(), group: z.string(), location: z.string(), avatarUrl: z.string().nullable() });

/** A row of the open or closed list. */
export const ZClaimRow = z.object({
  id: z.string(),
  number: z.string(),
  type: z.enum(CLAIM_TYPES),
  createdAt: z.string(),
  createdAtFormated: z.string(),
  createdBy: ZClaimCreator,
  customerName: z.string(),
  supplierName: z.string(),
  haulerName: z.string(),
  location: ZRef,
  status: ZRef.nullable(),
  priority: z.number().nullable(),
  stockUpdated: z.boolean(),
  baNumber: z.string(),
  completed: z.string().nullable(),
  open: z.boolean(),
});

/** A stock correction booked from the claim: what went out of (or back into) stock, where, by whom. */
export const ZClaimStockCorrection = z.object({
  id: z.string(),
  articleId: z.string().nullable(),
  articleNumber: z.string(),
  articleName: z.string(),
  location: z.string(),
  quantity: z.number(),
  before: z.number(),
  after: z.number(),
  userName: z.string(),
  createdAt: z.string(),
});

/**
 * POST /claims/{id}/stockcorrection: a whole number of packages taken out of the counted stock of
 * one of the claim's articles at a location; a negative number books them back.
 */
export const CLAIM_CORRECTION_MAX = 100_000;
export const ZStockCorrectionRequest = z.object({
  articleId: zId({ error: MSG.claimCorrectionArticle }),
  locationId: zId({ error: MSG.stockLocationRequired }),
  quantity: z
    .number({ error: MSG.claimCorrectionQuantity })
    .int(MSG.claimCorrectionQuantity)
    .min(-CLAIM_CORRECTION_MAX, MSG.claimCorrectionQuantity)
    .max(CLAIM_CORRECTION_MAX, MSG.claimCorrectionQuantity)
    .refine((n) => n !== 0, MSG.claimCorrectionQuantity),
});
export type TStockCorrectionRequest = z.output<typeof ZStockCorrectionRequest>;

export const ZClaim = ZClaimRow.extend({
  customerInvoice: z.string(),
  orderNumberOnlineshop: z.string(),
  checklist: ZChecklist,
  /** What this person may do with it now. */
  editable: z.boolean(),
  bookable: z.boolean(),
  stockCorrections: z.array(ZClaimStockCorrection),
});
export type TClaim = z.output<typeof ZClaim>;

/** GET /claims/list/{from}: a page, the count of all matches and of claims new since the last visit. */
export const ZClaimListResponse = z.object({ claims: z.array(ZClaimRow), count: z.number(), new: z.number() });
export const ZClaimResponse = z.object({ claim: ZClaim });

/**
 * The query of GET /claims/list/{from} (spec 2 §7: completed, location, number, year, sort). The
 * spec's fromNumber and forceReload are the client's paging state (docs/decisions/claims-listen.md).
 */
export const ZClaimListQuery = z.object({
  /** 'true'/'false', or as a form's flag '1'/'0'. */
  completed: z.enum(['true', 'false', '1', '0']).default('false').transform((v) => (v === '1' ? 'true' : v === '0' ? 'false' : v)),
  location: z.union([z.literal('all'), zId()]).default('all'),
  number: z.string().trim().max(40).default(''),
  year: z.string().max(10).default(''),
  sort: z
    .string()
    .max(20)
    .default(CLAIM_DEFAULT_SORT)
    .refine((s) => (CLAIM_SORTS as readonly string[]).includes(s.replace(/^-/, '')), MSG.claimSortInvalid),
});

/** Article suggestions of the checklist (spec 2 §3): id, number, decor, manufacturerQualityAndDecor, and what fills the fields. */
export const ZArticleSuggestion = z.object({
  id: z.string(),
  number: z.string(),
  decor: z.string(),
  manufacturerQualityAndDecor: z.string(),
  name: z.string(),
  manufacturer: z.string(),
  quality: z.string(),
});
export const ZArticleSuggestionResponse = z.object({ articles: z.array(ZArticleSuggestion) });
export const CLAIM_ARTICLE_SUGGESTIONS = 8;
