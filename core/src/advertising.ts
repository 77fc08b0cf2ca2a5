import { z } from './zod.ts';
import { inYearRange, isIsoDate, zIsoDate } from './dates.ts';
import { zId } from './ids.ts';
import { MSG } from './messages.ts';

/** Entries per step of the list ('Mehr laden'); the spec leaves the size open (spec 2 §9). */
export const ADVERTISING_PAGE_SIZE = 25;
/** The file types an entry accepts (spec 2 §5), checked by their bytes on the server. */
export const ADVERTISING_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'heic', 'heif', 'mp4', 'hevc', 'mov'] as const;
export type AdvertisingExtension = (typeof ADVERTISING_EXTENSIONS)[number];
/** Pictures and PDFs up to 25 MB, videos up to 200 MB (as claims). */
export const ADVERTISING_FILE_MAX_BYTES = 25 * 1024 * 1024;
export const ADVERTISING_VIDEO_MAX_BYTES = 200 * 1024 * 1024;
/** Article numbers one entry names, and the length of one. */
export const ADVERTISING_ARTICLES_MAX = 50;
export const ADVERTISING_ARTICLE_MAX_LENGTH = 60;
export const ADVERTISING_TITLE_MAX_LENGTH = 200;

export type AdvertisingFileKind = 'image' | 'pdf' | 'video';

/** The extension of a file name if the entry accepts it ('.JPG' → 'jpg'), else null. */
export function advertisingExtension(name: string): AdvertisingExtension | null {
  const dot = name.lastIndexOf('.');
  const ext = dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
  return (ADVERTISING_EXTENSIONS as readonly string[]).includes(ext) ? (ext as AdvertisingExtension) : null;
}

export const isAdvertisingVideo = (ext: AdvertisingExtension) => ext === 'mp4' || ext === 'hevc' || ext === 'mov';

/** The size limit of a file by its extension: videos are larger than pictures and PDFs. */
export const advertisingMaxBytes = (ext: AdvertisingExtension) => (isAdvertisingVideo(ext) ? ADVERTISING_VIDEO_MAX_BYTES : ADVERTISING_FILE_MAX_BYTES);

/** A file as the form holds it before the upload (a browser's File has name and size): an accepted type within its limit. */
export const ZAdvertisingFileChoice = z
  .object({ name: z.string(), size: z.number() })
  .superRefine((file, ctx) => {
    const ext = advertisingExtension(file.name);
    if (!ext) ctx.addIssue({ code: 'custom', path: ['name'], message: MSG.advertisingFileType });
    else if (file.size > advertisingMaxBytes(ext)) ctx.addIssue({ code: 'custom', path: ['size'], message: MSG.advertisingFileTooLarge });
  });

/** Whether an entry is published on a day (YYYY-MM-DD, Europe/Berlin): its showFrom has been reached. */
export const isPublished = (showFrom: string, today: string) => showFrom <= today;

/** Article numbers from free text: separated by commas, semicolons or line breaks, each once, in order. */
export function parseArticleNumbers(text: string): string[] {
  return [...new Set(text.split(/[,;\n\r]+/).map((s) => s.trim()).filter(Boolean))];
}

/** A text value of an entry: longer than one character (spec 2 §5). */
const longerThanOne = (max: number) => z.string().trim().min(2, MSG.advertisingTooShort).max(max, MSG.textTooLong);

/** An optional date: '' or null for none, else a real day in 1800–2199. */
const zOptionalDate = z
  .union([z.string(), z.null()], { error: MSG.invalidDate })
  .optional()
  .transform((v) => (v ?? '').trim())
  .refine((v) => v === '' || (v.length === 10 && isIsoDate(v)), MSG.invalidDate)
  .refine((v) => v === '' || inYearRange(v), MSG.dateOutOfRange)
  .transform((v) => (v === '' ? null : v));

const zArticleList = z
  .array(longerThanOne(ADVERTISING_ARTICLE_MAX_LENGTH), { error: MSG.badRequest })
  .max(ADVERTISING_ARTICLES_MAX, MSG.advertisingArticlesTooMany)
  .transform((list) => [...new Set(list)]);
const zArticles = zArticleList.default([]);

/** The fields of an entry in the order the form checks them: title, showFrom, validity, articles. */
const fieldsShape = {
  title: z.string({ error: MSG.advertisingTitleRequired }).trim().min(1, MSG.advertisingTitleRequired).pipe(longerThanOne(ADVERTISING_TITLE_MAX_LENGTH)),
  showFrom: zIsoDate(MSG.advertisingShowFromRequired),
  dateFrom: zOptionalDate,
  dateTill: zOptionalDate,
  articles: zArticles,
};

/** dateTill may not lie before dateFrom (spec 2 §5: 'dateTill minimum is dateFrom'). */
const tillNotBeforeFrom = (v: { dateFrom: string | null; dateTill: string | null }) => !v.dateFrom || !v.dateTill || v.dateTill >= v.dateFrom;
const tillRule = { message: MSG.advertisingTillBeforeFrom, path: ['dateTill'] };

/** The entry's fields as the form edits them (without the file). */
export const ZAdvertisingFields = z.object(fieldsShape).refine(tillNotBeforeFrom, tillRule);
export type TAdvertisingFields = z.output<typeof ZAdvertisingFields>;

/**
 * POST /advertising: the file as raw bytes (application/octet-stream), the fields in the query:
 * `name` (the file's name), title, showFrom, dateFrom, dateTill, and the article numbers
 * comma-separated in `articles`. Entry and file are saved in one call.
 */
export const ZCreateAdvertisingQuery = z
  .object({
    name: z.string({ error: MSG.advertisingFileRequired }).trim().min(1, MSG.advertisingFileRequired).max(200, MSG.textTooLong),
    ...fieldsShape,
    articles: z
      .string()
      .max(ADVERTISING_ARTICLES_MAX * (ADVERTISING_ARTICLE_MAX_LENGTH + 2), MSG.advertisingArticlesTooMany)
      .default('')
      .transform(parseArticleNumbers)
      .pipe(zArticleList),
  })
  .refine(tillNotBeforeFrom, tillRule);

/**
 * POST /advertising in the spec's shape (spec 2 §7), as JSON with the file as data URL or as
 * multipart: `{ advertising: { name, title, showFrom, dateFrom, dateTill, articles }, file }`.
 * `name` is the file's name when the file object carries none.
 */
export const ZCreateAdvertisingRequest = z.object({
  advertising: z
    .object({ name: z.string().trim().max(200, MSG.textTooLong).nullish().transform((v) => v ?? ''), ...fieldsShape })
    .refine(tillNotBeforeFrom, tillRule),
});

/** PUT /advertising: the fields with the entry's `__identity`; the file stays unless a new one comes along (spec shape). */
export const ZUpdateAdvertisingRequest = z.object({
  advertising: z
    .object({ __identity: zId({ error: MSG.advertisingUnknown }), ...fieldsShape })
    .refine(tillNotBeforeFrom, tillRule),
});
export type TUpdateAdvertising = z.output<typeof ZUpdateAdvertisingRequest>['advertising'];

/** POST /advertising/{id}/file: a new file for an entry, raw bytes; `name` is the file's name. */
export const ZAdvertisingFileQuery = z.object({
  name: z.string({ error: MSG.advertisingFileRequired }).trim().min(1, MSG.advertisingFileRequired).max(200, MSG.textTooLong),
});

export const ZAdvertising = z.object({
  id: z.string(),
  /** The same id under the spec's name: an entry without it is new. */
  __identity: z.string(),
  /** The file's name. */
  name: z.string(),
  title: z.string(),
  articles: z.array(z.string()),
  dateFrom: z.string().nullable(),
  dateTill: z.string().nullable(),
  showFrom: z.string(),
  dateFromFormated: z.string(),
  dateTillFormated: z.string(),
  showFromFormated: z.string(),
  fileKind: z.enum(['image', 'pdf', 'video']),
  mimeType: z.string(),
  size: z.number(),
  resourceUri: z.string(),
  thumbnailUri: z.string().nullable(),
  /** showFrom has been reached (Europe/Berlin). */
  published: z.boolean(),
});
export type TAdvertising = z.output<typeof ZAdvertising>;

/** An entry whose validity ('gültig bis', YYYY-MM-DD) ended before `today` (Europe/Berlin): the list marks it 'ABGELAUFEN'. */
export const advertisingExpired = (entry: { dateTill: string | null }, today: string): boolean => entry.dateTill !== null && entry.dateTill < today;

export const ZAdvertisingResponse = z.object({ advertising: ZAdvertising });

/** GET /advertising/list/{from}: a page newest showFrom first, the total, and how many are new since the last visit. */
export const ZAdvertisingListResponse = z.object({ advertisings: z.array(ZAdvertising), count: z.number(), new: z.number() });
