import { z } from './zod.ts';
import { zId } from './ids.ts';
import { isIsoDate, zTimestamp } from './dates.ts';
import { MSG } from './messages.ts';
import { NEWS_CATEGORIES, NEWS_MAX_MONTHS_BACK, COMMENT_MAX, NEWS_FILE_MAX_BYTES, NEWS_FILE_EXTENSIONS, LIKE_ENTITIES, SEEN_PAGES, monthsBefore, htmlToText } from './news-basics.ts';

export * from './news-basics.ts';

/** Whether a file name has one of the attachment extensions ('x.mov.qt' counts as mov). */
export function newsFileExtension(name: string): (typeof NEWS_FILE_EXTENSIONS)[number] | null {
  const base = name.toLowerCase().replace(/\.qt$/, '');
  const ext = base.split('.').pop() ?? '';
  // A name that is only 'pdf' has no ending (as documentType reads it).
  return base.includes('.') && (NEWS_FILE_EXTENSIONS as readonly string[]).includes(ext) ? (ext as (typeof NEWS_FILE_EXTENSIONS)[number]) : null;
}

/** The earliest date a news item may take on a day (spec 3 §5): five months back. */
export const newsMinDate = (today: string) => monthsBefore(today, NEWS_MAX_MONTHS_BACK);

/** Whether a news date lies too far back; the date an item already has may stay (spec 3 §5). */
export const newsDateTooEarly = (date: string, today: string, previousDate: string | null = null) => date !== previousDate && date < newsMinDate(today);

/**
 * An attachment as the form holds it before it is read (a browser's File has name and size):
 * one of the attachment types, at most NEWS_FILE_MAX_BYTES; none is fine.
 */
export const ZNewsFileChoice = z
  .object({
    name: z.string().refine((name) => newsFileExtension(name) !== null, MSG.newsFileType),
    size: z.number().max(NEWS_FILE_MAX_BYTES, MSG.newsFileTooLarge),
  })
  .nullable();

/** The longest title of a news item. */
export const NEWS_TITLE_MAX = 200;

const unique = (list: string[]) => [...new Set(list)];
const zTargetTeams = z.array(zId()).max(100).optional().default([]).transform(unique);
const zTargetLocations = z.array(zId()).max(500).optional().default([]).transform(unique);

/**
 * POST /news and PUT /news (spec 3 §3, §5): the news fields, flat; PUT carries `id`.
 * `date` is the publication day, `time` (HH:mm) schedules it to the minute; `until` moves it to
 * the archive after that day. `file` is a data URL (or bare base64) with `fileName`; on PUT an
 * absent `file` keeps the attachment and `null` removes it.
 */
export const ZNewsRequest = z
  .object({
    id: zId().optional(),
    __identity: zId().optional(),
    title: z.string({ error: MSG.newsTitleRequired }).trim().min(1, MSG.newsTitleRequired).max(NEWS_TITLE_MAX, MSG.newsTitleTooLong),
    text: z
      .string({ error: MSG.newsTextRequired })
      .max(200_000, MSG.newsTextTooLong)
      .refine((v) => htmlToText(v).length > 0 || /<img\b/i.test(v), MSG.newsTextRequired),
    date: z
      .string({ error: MSG.newsDateRequired })
      .trim()
      .min(1, MSG.newsDateRequired)
      .max(10, MSG.invalidDate)
      .refine((v) => isIsoDate(v), MSG.invalidDate),
    time: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, MSG.newsTimeInvalid)
      .nullable()
      .optional(),
    until: z
      .string()
      .max(10, MSG.invalidDate)
      .refine((v) => isIsoDate(v), MSG.invalidDate)
      .nullable()
      .optional(),
    category: z.enum(NEWS_CATEGORIES, { error: MSG.newsCategoryInvalid }).optional().default(NEWS_CATEGORIES[0]),
    /** Target groups (ids) and locations (ids); both empty: everyone. */
    teams: zTargetTeams,
    locations: zTargetLocations,
    file: z.string().max(Math.ceil((NEWS_FILE_MAX_BYTES * 4) / 3) + 200, MSG.newsFileTooLarge).nullable().optional(),
    fileName: z.string().trim().max(200).nullable().optional(),
    /** Images inline in the list (210 px wide); off: the attachment is a download link. */
    preview: z.boolean().optional().default(true),
    /** An event the news points to (trainings). */
    linkId: zId().nullable().optional(),
    /** 'Gelesen und verstanden': people confirm they read it. */
    requiresConfirmation: z.boolean().optional().default(false),
  })
  .refine((n) => !n.until || n.until >= n.date, { message: MSG.newsUntilBeforeDate, path: ['until'] })
  .refine((n) => !n.file || (n.fileName && newsFileExtension(n.fileName)), { message: MSG.newsFileType, path: ['fileName'] })
  // The update's identity field (spec 3 §3) as `id`, or as `__identity` like the spec's other entities.
  .transform(({ __identity, ...n }) => ({ ...n, id: n.id ?? __identity }));
export type TNewsRequest = z.output<typeof ZNewsRequest>;

/** POST /news/audience: the targets of the form, before anything is saved. */
export const ZNewsAudienceRequest = z.object({ teams: zTargetTeams, locations: zTargetLocations });
export type TNewsAudienceRequest = z.output<typeof ZNewsAudienceRequest>;
/** The audience preview names this many people; the counts cover everyone. */
export const NEWS_AUDIENCE_PEOPLE_SHOWN = 200;
/** Why a person receives an item: the own group is targeted, only its parent group is, or the person sees all news. */
export const ZAudienceReason = z.enum(['group', 'parent', 'all']);
/** Who will see an item with these targets (the rule that decides it, applied to every active person). */
export const ZNewsAudienceResponse = z.object({
  /** Everyone who will see it. */
  count: z.number(),
  /** Reached through the groups and locations. */
  reached: z.number(),
  /** Not reached, but holding neuigkeiten_alle_sehen. */
  seesAll: z.number(),
  /** Per group and reason; `via` names the parent group a group is reached through. */
  groups: z.array(z.object({ id: z.string(), label: z.string(), count: z.number(), reason: ZAudienceReason, via: z.string().nullable() })),
  /** The first people, reached ones first, by location and name. */
  people: z.array(z.object({ userId: z.string(), userName: z.string(), group: z.string(), location: z.string(), reason: ZAudienceReason })),
});

export const ZNewsFileKind = z.enum(['image', 'pdf', 'video']);

/** A news item as lists and the detail show it. */
export const ZNewsItem = z.object({
  id: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  text: z.string(),
  /** YYYY-MM-DD */
  date: z.string(),
  /** HH:mm, or null when published at the start of the day. */
  time: z.string().nullable(),
  dateFormated: z.string(),
  until: z.string().nullable(),
  publishedAt: zTimestamp(),
  category: z.enum(NEWS_CATEGORIES),
  teams: z.array(z.string()),
  locations: z.array(z.string()),
  fileName: z.string().nullable(),
  fileKind: ZNewsFileKind.nullable(),
  resourceUri: z.string().nullable(),
  thumbnailUri: z.string().nullable(),
  dominantBackgroundColor: z.string().nullable(),
  preview: z.boolean(),
  createdBy: z.string(),
  createdById: z.string().nullable(),
  commentCount: z.number(),
  /** Null without likes_can_see. */
  likeCount: z.number().nullable(),
  liked: z.boolean(),
  linkId: z.string().nullable(),
  requiresConfirmation: z.boolean(),
  confirmed: z.boolean(),
  /** Not yet published (only editors see these). */
  scheduled: z.boolean(),
  archived: z.boolean(),
});
export type TNewsItem = z.output<typeof ZNewsItem>;

/** GET /news/list/{from}: a page and the total of the chosen tab. */
export const ZNewsListResponse = z.object({ news: z.array(ZNewsItem), count: z.number() });
/** POST/PUT /news and GET /news/{id}. */
export const ZNewsResponse = z.object({ news: ZNewsItem });
/** GET /news/unseen: news that appeared since the person last saw news (after-login modal). */
export const ZUnseenNewsResponse = z.object({ news: z.array(ZNewsItem), count: z.number() });

/** PUT /seen/{page}. */
export const ZSeenResponse = z.object({ page: z.enum(SEEN_PAGES), seenAt: zTimestamp() });

const ZEntity = z.enum(LIKE_ENTITIES, { error: MSG.badRequest });

/** POST /like: like, or unlike when already liked. */
export const ZLikeRequest = z.object({ entity: ZEntity, entityId: zId() });
/** An entity's likes: `count` and `likedByCurrentUser` are the spec's names (spec 3 §3 Likes), beside the first ones. */
const ZLikeCount = z.object({ entityId: z.string(), likeCount: z.number(), liked: z.boolean(), count: z.number(), likedByCurrentUser: z.boolean() });
export const ZLikeResponse = ZLikeCount;
/**
 * POST /likes: like counts of the given entities (`entityIds`, or one `entityId`); the spec's
 * client sends only the entity: then the newest news items the person sees (LIKE_COUNTS_DEFAULT).
 */
export const ZLikeCountsRequest = z.object({ entity: ZEntity, entityIds: z.array(zId()).max(200).optional(), entityId: zId().optional() });
export const ZLikeCountsResponse = z.object({ counts: z.array(ZLikeCount) });
/** How many of the newest visible items POST /likes counts when no ids are given. */
export const LIKE_COUNTS_DEFAULT = 50;
/** GET /likes?entity&entityId: who liked, newest first; `userFullName` and `dateFormated` (DD.MM.YYYY) are the spec's names. */
export const ZLikesQuery = z.object({ entity: ZEntity, entityId: zId() });
export const ZLikesResponse = z.object({
  likes: z.array(
    z.object({ userId: z.string().nullable(), userName: z.string(), userFullName: z.string(), createdAt: zTimestamp(), createdAtFormated: z.string(), dateFormated: z.string() }),
  ),
});

const commentText = z
  .string({ error: MSG.commentRequired })
  .trim()
  .min(1, MSG.commentRequired)
  .max(COMMENT_MAX, MSG.commentTooLong)
  .refine((v) => !v.includes('\0'), MSG.commentRequired);

/** POST /comments: the comments of an entity. */
export const ZCommentsRequest = z.object({ entity: ZEntity, entityId: zId() });
/** POST /comment. */
export const ZCreateCommentRequest = z.object({ entity: ZEntity, entityId: zId(), comment: commentText });
/** PUT /comment. */
export const ZUpdateCommentRequest = z.object({ commentId: zId(), comment: commentText });
/** DELETE /comment. */
export const ZDeleteCommentRequest = z.object({ commentId: zId() });

export const ZComment = z.object({
  id: z.string(),
  entity: ZEntity,
  entityId: z.string(),
  comment: z.string(),
  userId: z.string().nullable(),
  userName: z.string(),
  resourceUri: z.string().nullable(),
  createdAtFormated: z.string(),
  edited: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
/** POST /comments: `list` is the spec's name (spec 3 §7 "response list"), beside `comments`. */
export const ZCommentsResponse = z.object({ comments: z.array(ZComment), list: z.array(ZComment), count: z.number() });
export const ZCommentResponse = z.object({ comment: ZComment });

/** GET /news/{id}/confirmations: who confirmed a mandatory notice and who has not yet. */
const ZConfirmationPerson = z.object({
  userId: z.string(),
  userName: z.string(),
  locationId: z.string(),
  location: z.string(),
  confirmedAt: zTimestamp().nullable(),
  confirmedAtFormated: z.string(),
});
export const ZConfirmationsResponse = z.object({ confirmed: z.array(ZConfirmationPerson), pending: z.array(ZConfirmationPerson) });
export const ZConfirmResponse = z.object({ newsId: z.string(), confirmed: z.boolean() });
export const ZRemindResponse = z.object({ reminded: z.number() });
