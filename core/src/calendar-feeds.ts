import { z } from './zod.ts';
import { zId } from './ids.ts';
import { zTimestamp } from './dates.ts';

/**
 * Calendar subscriptions (iCalendar feeds): `personal` = the own approved absences and
 * trainings; `location` = who is away at a location the person may see in the calendar.
 */
export const FEED_KINDS = ['personal', 'location'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];
export const FEED_KIND_LABELS: Record<FeedKind, string> = { personal: 'Eigene Abwesenheiten und Veranstaltungen', location: 'Abwesenheiten eines Standorts' };

/** Most feeds one person keeps. */
export const FEEDS_MAX = 10;

/** POST /ical/feeds. */
export const ZFeedRequest = z
  .object({
    kind: z.enum(FEED_KINDS, { error: 'Bitte wählen Sie, was der Kalender zeigen soll.' }),
    locationId: zId().nullish(),
  })
  .refine((v) => v.kind === 'personal' || Boolean(v.locationId), { message: 'Bitte wählen Sie einen Standort.', path: ['locationId'] });

export const ZFeed = z.object({
  id: z.string(),
  kind: z.enum(FEED_KINDS),
  locationId: z.string().nullable(),
  /** 'Eigene Abwesenheiten und Veranstaltungen' or 'Abwesenheiten Filiale Köln'. */
  label: z.string(),
  createdAt: zTimestamp(),
  lastUsedAt: zTimestamp().nullable(),
});
export type Feed = z.infer<typeof ZFeed>;

/** GET /ical/feeds. */
export const ZFeedListResponse = z.object({ feeds: z.array(ZFeed) });
/** POST /ical/feeds: the address is shown this once; the portal keeps only its hash. */
export const ZFeedCreatedResponse = z.object({ feed: ZFeed, url: z.string() });
