import { z } from './zod.ts';
import { inYearRange, isIsoDate } from './dates.ts';
import { zId } from './ids.ts';
import { MSG } from './messages.ts';

/** Articles per page of the stock list ('alle Artikel laden' fetches the rest, up to ARTICLE_LIST_ALL_MAX). */
export const ARTICLE_PAGE_SIZE = 50;
export const ARTICLE_LIST_ALL_MAX = 5000;
/** Sorting of the stock list (spec 2 §3); the first is the default. */
export const ARTICLE_SORTS = ['number', 'manufacturer.name', 'quality', 'decor', 'price', 'stock'] as const;
export type ArticleSort = (typeof ARTICLE_SORTS)[number];
/** `outlet` value of an outlet article (spec 2 §3: 'value A means outlet'). */
export const OUTLET = 'A';
/** Most EANs one article carries (its own plus the scan list). */
export const ARTICLE_EANS_MAX = 20;
export const STOCK_MAX = 1_000_000;
/** Entries per step of an article's history and of a location's stock checks. */
export const HISTORY_PAGE_SIZE = 20;
/** Articles per POST /article/filterlist (a scan session's list). */
export const FILTERLIST_MAX = 500;

/** Row colours (spec 2 §4): advertising before outlet before the own label, else alternating. */
export const ADVERTISING_ROW_COLOR = '#fff6c2';
export const OUTLET_ROW_COLOR = '#e4defc';
export const STRIPE_COLORS = ['#ffffff', '#f4f5f7'] as const;

export function rowColor(a: { advertising: boolean; outlet: string; label: { hex: string } | null }, index: number): string {
  if (a.advertising) return ADVERTISING_ROW_COLOR;
  if (a.outlet === OUTLET) return OUTLET_ROW_COLOR;
  if (a.label) return a.label.hex;
  return STRIPE_COLORS[index % 2]!;
}

/** An EAN (or UPC, GTIN-14): 8 to 14 digits, spaces ignored. */
export const normalizeEan = (v: string) => v.replace(/\s+/g, '');
export const isEanShape = (v: string) => /^\d{8,14}$/.test(v);

/** The check digit of EAN-13/EAN-8/UPC-A/GTIN-14 (mod 10, weights 3 and 1 from the right). */
export function eanCheckDigit(withoutCheck: string): number {
  let sum = 0;
  for (let i = 0; i < withoutCheck.length; i++) {
    const digit = Number(withoutCheck[withoutCheck.length - 1 - i]);
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

const zEan = z
  .string({ error: MSG.articleEanRequired })
  .transform(normalizeEan)
  .refine((v) => v !== '', MSG.articleEanRequired)
  .refine(isEanShape, MSG.articleEanInvalid);

const text = (max: number) => z.string().trim().max(max, MSG.textTooLong).default('');

/** A price as typed: '12,95', '12.95', 12.95 or empty (null). Two decimals. */
const zPrice = z
  .union([z.number(), z.string(), z.null()])
  .default(null)
  .transform((v, ctx) => {
    if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
    const n = typeof v === 'number' ? v : /^\d{1,7}([.,]\d{1,2})?$/.test(v.trim()) ? Number(v.trim().replace(',', '.')) : NaN;
    if (!Number.isFinite(n) || n < 0 || n > 1_000_000) {
      ctx.addIssue({ code: 'custom', message: MSG.articlePriceInvalid });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  });

const zAmount = z
  .union([z.number(), z.string(), z.null()])
  .default(null)
  .transform((v, ctx) => {
    if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
    const n = typeof v === 'number' ? v : /^\d{1,7}$/.test(v.trim()) ? Number(v.trim()) : NaN;
    if (!Number.isInteger(n) || n < 0 || n > STOCK_MAX) {
      ctx.addIssue({ code: 'custom', message: MSG.articleAmountInvalid });
      return z.NEVER;
    }
    return n;
  });

const DATE_TIME = /^(\d{2})\.(\d{2})\.(\d{4})(?: (\d{2}):(\d{2}))?$/;

/**
 * 'TT.MM.JJJJ HH:mm' (Europe/Berlin, spec 2 §7) or empty, as 'YYYY-MM-DDTHH:mm' or null. Without a
 * time, the day starts at 00:00; the server turns it into an instant.
 */
export const zDateTime = z
  .union([z.string(), z.null()])
  .default(null)
  .transform((v, ctx) => {
    if (v === null || v.trim() === '') return null;
    const m = DATE_TIME.exec(v.trim());
    const day = m ? `${m[3]}-${m[2]}-${m[1]}` : '';
    const hh = Number(m?.[4] ?? 0);
    const mm = Number(m?.[5] ?? 0);
    if (!m || !isIsoDate(day) || !inYearRange(day) || hh > 23 || mm > 59) {
      ctx.addIssue({ code: 'custom', message: MSG.articleDateInvalid });
      return z.NEVER;
    }
    return `${day}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
  });

/** A delivery date 'TT.MM.JJJJ' or empty, as YYYY-MM-DD or null. */
const zDay = z
  .union([z.string(), z.null()])
  .default(null)
  .transform((v, ctx) => {
    if (v === null || v.trim() === '') return null;
    const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(v.trim());
    const day = m ? `${m[3]}-${m[2]}-${m[1]}` : '';
    if (!m || !isIsoDate(day) || !inYearRange(day)) {
      ctx.addIssue({ code: 'custom', message: MSG.dateTypedInvalid });
      return z.NEVER;
    }
    return day;
  });

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** POST /article, PUT /article/{id}: `{ article }` (spec 2 §3 Article, §5 Article save). */
export const ZArticleRequest = z.object({
  article: z
    .object({
      number: required(MSG.articleNumberRequired).max(60, MSG.textTooLong),
      ean: zEan,
      /** Further EANs of the same article (other pack sizes, old codes). */
      scanList: z.array(zEan).max(ARTICLE_EANS_MAX - 1, MSG.textTooLong).default([]),
      name: text(200),
      decor: text(200),
      sales1: text(100),
      sales2: text(100),
      sales3: text(100),
      strength: text(60),
      outlet: z.union([z.literal(OUTLET), z.literal('')]).default(''),
      quality: text(100),
      baseboard: text(200),
      corner: text(200),
      srp: zPrice,
      price: zPrice,
      actionPrice: zPrice,
      actionPriceFrom: zDateTime,
      actionPriceTill: zDateTime,
      package: zAmount,
      package2: zAmount,
      deliveryCentralWarehouse: zDay,
      deliveryCentralWarehouse2: zDay,
      advertising: z.boolean().default(false),
      advertisingActionPrice: zPrice,
      advertisingFrom: zDateTime,
      advertisingTill: zDateTime,
      position: z.coerce.number({ error: MSG.articleAmountInvalid }).int(MSG.articleAmountInvalid).min(0, MSG.articleAmountInvalid).max(STOCK_MAX, MSG.articleAmountInvalid).default(0),
      manufacturer: required(MSG.articleManufacturerRequired).pipe(zId({ error: MSG.articleManufacturerRequired })),
      category: required(MSG.articleCategoryRequired).pipe(zId({ error: MSG.articleCategoryRequired })),
      active: z.boolean().default(true),
    })
    .superRefine((a, ctx) => {
      for (const [from, till, path] of [
        [a.actionPriceFrom, a.actionPriceTill, 'actionPriceTill'],
        [a.advertisingFrom, a.advertisingTill, 'advertisingTill'],
      ] as const) {
        if ((from === null) !== (till === null)) ctx.addIssue({ code: 'custom', path: [path], message: MSG.articleActionDatesBoth });
        else if (from && till && till < from) ctx.addIssue({ code: 'custom', path: [path], message: MSG.articleActionDatesOrder });
      }
    }),
});
export type TArticleRequest = z.infer<typeof ZArticleRequest>['article'];

/**
 * POST /article/updatestock: the counted stock of an article at a location (spec 2 §5 Stock
 * change): by EAN (typed or scanned) or by the chosen article. `count` is the new stock, not a
 * difference: what a person counts on the shelf.
 */
export const ZStockUpdateRequest = z
  .object({
    ean: z.string().max(40, MSG.articleEanInvalid).transform(normalizeEan).default(''),
    articleId: zId().optional(),
    location: required(MSG.stockLocationRequired).pipe(zId({ error: MSG.stockLocationRequired })),
    count: z
      .union([z.number(), z.string()], { error: MSG.stockCountRequired })
      .transform((v, ctx) => {
        if (typeof v === 'string' && v.trim() === '') {
          ctx.addIssue({ code: 'custom', message: MSG.stockCountRequired });
          return z.NEVER;
        }
        const n = typeof v === 'number' ? v : /^\d{1,7}$/.test(v.trim()) ? Number(v.trim()) : NaN;
        if (!Number.isInteger(n) || n < 0 || n > STOCK_MAX) {
          ctx.addIssue({ code: 'custom', message: MSG.stockCountInvalid });
          return z.NEVER;
        }
        return n;
      }),
    /**
     * The device's own id of this count (offline counting): a repeat answers the first result and
     * writes nothing. Absent: every call is a new change, as the spec has it.
     */
    clientChangeId: zId({ error: MSG.stockClientChangeIdInvalid }).optional(),
    /**
     * The stock the device last saw at the location (null: not counted yet). When given, a count
     * whose base no longer holds is refused with 409 and both values.
     */
    baseCount: z.number({ error: MSG.stockBaseCountInvalid }).int(MSG.stockBaseCountInvalid).min(0, MSG.stockBaseCountInvalid).max(STOCK_MAX, MSG.stockBaseCountInvalid).nullable().optional(),
  })
  .refine((v) => v.articleId !== undefined || v.ean !== '', {
    message: MSG.articleEanRequired,
    path: ['ean'],
    // Also beside a missing location or count (the form names the code first); not when the code itself is malformed.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null && !payload.issues.some((i) => ['ean', 'articleId'].includes(String(i.path?.[0]))),
  });

/** POST /article/filterlist: the articles of a list (a scan session), in the given order. */
/** PUT /article/{id}/active: the eye button shows or hides an article. */
export const ZArticleActiveRequest = z.object({ active: z.boolean() });

export const ZFilterListRequest = z.object({ articles: z.array(zId()).max(FILTERLIST_MAX), location: zId().optional() });

/** POST /locationsortimenthistory: a finished stock check of a category at a location. */
export const ZStockCheckRequest = z.object({
  locationSortimentHistory: z.object({
    sortiment: zId(),
    location: required(MSG.stockLocationRequired).pipe(zId({ error: MSG.stockLocationRequired })),
  }),
});

const ZRef = z.object({ id: z.string(), name: z.string() });
export const ZLabel = z.object({ id: z.string(), name: z.string(), hex: z.string() });

/** An article as the stock list shows it; `stock` is the count at the chosen location. */
export const ZArticle = z.object({
  id: z.string(),
  number: z.string(),
  ean: z.string(),
  scanList: z.array(z.string()),
  name: z.string(),
  decor: z.string(),
  sales1: z.string(),
  sales2: z.string(),
  sales3: z.string(),
  strength: z.string(),
  outlet: z.string(),
  quality: z.string(),
  baseboard: z.string(),
  corner: z.string(),
  srp: z.number().nullable(),
  price: z.number().nullable(),
  actionPrice: z.number().nullable(),
  /** 'TT.MM.JJJJ HH:mm' or null. */
  actionPriceFrom: z.string().nullable(),
  actionPriceTill: z.string().nullable(),
  /** Whether the action price applies now. */
  actionPriceActive: z.boolean(),
  package: z.number().nullable(),
  package2: z.number().nullable(),
  /** 'TT.MM.JJJJ' or null. */
  deliveryCentralWarehouse: z.string().nullable(),
  deliveryCentralWarehouse2: z.string().nullable(),
  advertising: z.boolean(),
  advertisingActionPrice: z.number().nullable(),
  advertisingFrom: z.string().nullable(),
  advertisingTill: z.string().nullable(),
  position: z.number(),
  active: z.boolean(),
  manufacturer: ZRef,
  category: ZRef,
  label: ZLabel.nullable(),
  /** Stock at the chosen location (null: no location chosen or never counted). */
  stock: z.number().nullable(),
  /** Stock per location (spec 2 §3 Article): every location that counted it, or only the chosen one. */
  stocks: z.array(z.object({ location: ZRef, count: z.number() })),
});

/** GET /article/filter/…: one page; `count` of all matches. */
export const ZArticleListResponse = z.object({ articles: z.array(ZArticle), count: z.number() });

export const ZStockRow = z.object({ location: ZRef, count: z.number(), updatedAt: z.string().nullable(), userName: z.string() });
export const ZHistoryItem = z.object({
  id: z.string(),
  updatedAtFormated: z.string(),
  userName: z.string(),
  locationName: z.string(),
  before: z.number().nullable(),
  after: z.number(),
  /** Empty for a count; 'Beanstandung 2026-0042' for a correction booked from a claim. */
  reason: z.string(),
});

/**
 * GET /article/{id}, POST/PUT /article: the article with its stock in every location and their
 * sum. The list leaves the sum out: an article's stock rows lie on as many pages as it has
 * locations, 60 page reads per row of a page.
 */
export const ZArticleDetail = ZArticle.extend({ stocks: z.array(ZStockRow), /** Stock over all locations. */ stockTotal: z.number() });
export const ZArticleResponse = z.object({ article: ZArticleDetail });

/** GET /article/{id}/history?from: the stock changes, newest first. */
export const ZArticleHistoryResponse = z.object({ historyItems: z.array(ZHistoryItem), count: z.number() });

/** POST /article/updatestock. */
export const ZStockUpdateResponse = z.object({ article: ZArticleDetail, before: z.number().nullable(), after: z.number() });

/**
 * 409 of POST /article/updatestock with a stale `baseCount`: the stock now (null: not counted) and
 * the count sent, beside the error every 4xx carries; who changed it last and when, for the dialog.
 */
export const ZStockConflict = z.object({
  error: z.object({ code: z.literal('stock_changed'), message: z.string() }),
  current: z.number().nullable(),
  yours: z.number(),
  changedBy: z.string().nullable(),
  changedAt: z.string().nullable(),
});

/** Articles per step of the device's offline copy (GET /article/offline/{category}). */
export const OFFLINE_PAGE_SIZE = 2000;
/** A category's articles on the device for counting without network: what a scan needs to show. */
export const ZOfflineArticle = z.object({
  id: z.string(),
  number: z.string(),
  name: z.string(),
  decor: z.string(),
  package: z.number().nullable(),
  eans: z.array(z.string()),
  /** The stock at the asked location; null: not counted there. */
  count: z.number().nullable(),
});
export const ZOfflineArticlesResponse = z.object({
  articles: z.array(ZOfflineArticle),
  /** The number to continue after (`?after=`), or null on the last step. */
  next: z.string().nullable(),
});

/** GET /locationsortimenthistory/{sortiment}: the last stock check per location. */
export const ZStockCheckLast = z.object({ location: ZRef, dateFormated: z.string().nullable(), userName: z.string() });
export const ZStockCheckLastResponse = z.object({ list: z.array(ZStockCheckLast) });

/** GET /locationsortimenthistory/{sortiment}/{location}?from: the checks of one location, newest first. */
export const ZStockCheck = z.object({ id: z.string(), dateFormated: z.string(), userName: z.string(), changes: z.number() });
export const ZStockCheckListResponse = z.object({ list: z.array(ZStockCheck), count: z.number() });
