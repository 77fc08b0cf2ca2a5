import { z } from './zod.ts';
import { MSG } from './messages.ts';
import { SEARCH_MAX_LENGTH, SEARCH_MAX_LIMIT, SEARCH_MIN_LENGTH, SEARCH_TYPES, searchText, type SearchType } from './search-basics.ts';

export * from './search-basics.ts';

export const ZSearchQuery = z.object({
  q: z
    .string()
    .transform(searchText)
    .refine((v) => v.length > 0, MSG.searchEmpty)
    .refine((v) => v.length >= SEARCH_MIN_LENGTH, MSG.searchTooShort)
    .refine((v) => v.length <= SEARCH_MAX_LENGTH, MSG.searchTooLong),
  /** Comma-separated groups; all the person may see when absent. */
  types: z
    .string()
    .max(200)
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const list = [...new Set(v.split(',').map((t) => t.trim()))];
      if (!list.every((t): t is SearchType => (SEARCH_TYPES as readonly string[]).includes(t))) {
        ctx.addIssue({ code: 'custom', message: MSG.searchTypesInvalid });
        return z.NEVER;
      }
      return list;
    }),
  limit: z.coerce
    .number({ error: MSG.searchLimitInvalid })
    .int(MSG.searchLimitInvalid)
    .min(1, MSG.searchLimitInvalid)
    .max(SEARCH_MAX_LIMIT, MSG.searchLimitInvalid)
    .optional(),
});

const ZPersonHit = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), location: z.string(), phone: z.string(), email: z.string() });
const ZArticleHit = z.object({
  id: z.string(),
  number: z.string(),
  ean: z.string(),
  name: z.string(),
  decor: z.string(),
  categoryId: z.string(),
  /** At the person's own location; null where none is kept. */
  stock: z.number().nullable(),
});
/** `archived`: in the news archive (its page), not among the current news. */
const ZNewsHit = z.object({ id: z.string(), title: z.string(), category: z.string(), date: z.string(), archived: z.boolean(), snippet: z.string() });
const ZDocumentHit = z.object({ id: z.string(), name: z.string(), type: z.string(), folderId: z.string(), folder: z.string(), snippet: z.string() });
const ZTrainingHit = z.object({ id: z.string(), title: z.string(), category: z.string(), date: z.string(), time: z.string(), city: z.string() });
const ZClaimHit = z.object({ id: z.string(), number: z.string(), customerName: z.string(), location: z.string(), completed: z.boolean() });
const ZTaskHit = z.object({ id: z.string(), title: z.string(), deadline: z.string(), done: z.boolean(), mine: z.boolean() });

/** One group: up to `limit` hits, best first, and how many match in all (capped, see `capped`). */
const group = <T extends SearchType, H extends z.ZodType>(type: T, hit: H) =>
  z.object({ type: z.literal(type), total: z.number(), capped: z.boolean(), hits: z.array(hit) });

export const ZSearchGroup = z.discriminatedUnion('type', [
  group('people', ZPersonHit),
  group('articles', ZArticleHit),
  group('news', ZNewsHit),
  group('documents', ZDocumentHit),
  group('trainings', ZTrainingHit),
  group('claims', ZClaimHit),
  group('tasks', ZTaskHit),
]);
export type SearchGroup = z.infer<typeof ZSearchGroup>;
export type SearchHit<T extends SearchType> = Extract<SearchGroup, { type: T }>['hits'][number];

/** GET /search: the groups the person may see, in the order of SEARCH_TYPES, empty ones included. */
export const ZSearchResponse = z.object({ q: z.string(), groups: z.array(ZSearchGroup) });
export type SearchResponse = z.infer<typeof ZSearchResponse>;
