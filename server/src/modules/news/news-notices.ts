import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { ServiceDeps } from '../../platform/deps.ts';
import { notify } from '../notifications/index.ts';
import { userGroups } from '../teams/index.ts';
import { users } from '../users/index.ts';
import { news, newsConfirmations } from './news.table.ts';
import { recipientsWhere, targetOf } from './recipients.ts';

// What the notification centre is told about news (core/notifications.ts): an item that asks
// for a read confirmation, to the people it asks, once it is visible to them.

/** How often the job looks for scheduled items that became visible. */
export const NEWS_NOTICE_INTERVAL_MS = 5 * 60 * 1000;
/** Scheduled items whose time passed within this window are told (an instance down for a while catches up). */
const CATCH_UP_MS = 24 * 60 * 60 * 1000;

/**
 * A news item that asks for a read confirmation, once visible: the people the confirmation list
 * asks (its audience, `recipientsWhere` without those who merely see all news), except its author
 * and those who confirmed already. Saving the item again tells only people it newly reaches.
 */
export async function notifyNewsConfirmation(deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>, newsId: string) {
  const { db } = deps;
  const [item] = await db
    .select({ title: news.title, category: news.category, teams: news.teams, locations: news.locations, requiresConfirmation: news.requiresConfirmation, createdBy: news.createdBy, visible: sql<boolean>`${news.publishedAt} <= now()` })
    .from(news)
    .where(eq(news.id, newsId));
  if (!item?.requiresConfirmation || !item.visible) return;
  const people = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(
      and(
        recipientsWhere(targetOf(item), false),
        item.createdBy ? sql`${users.id} <> ${item.createdBy}` : undefined,
        sql`not exists (select 1 from ${newsConfirmations} c where c.news_id = ${newsId} and c.user_id = ${users.id})`,
      ),
    );
  await notify(deps, {
    kind: 'news_confirm',
    userIds: people.map((p) => p.id),
    title: `Bitte lesen und bestätigen: ${item.title}`,
    // The item's tab of the news page: the page opens no single item by address.
    link: `/neuigkeiten?kategorie=${encodeURIComponent(item.category)}`,
    ref: `news:${newsId}`,
  });
}

/** After saving an item: tells its audience when it is visible now; a scheduled one waits for the job. */
export async function notifySavedNews(deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>, newsId: string) {
  await notifyNewsConfirmation(deps, newsId).catch((err: unknown) => deps.log.error({ err }, 'news notification failed'));
}

/**
 * The scheduler's job: items asking for a confirmation that were saved before their publication
 * time and reached it within the last day. The ref makes a second run, or another instance's,
 * tell nobody twice. Returns how many items it looked at.
 */
export async function notifyPublishedNews(deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>): Promise<number> {
  const due = await deps.db
    .select({ id: news.id })
    .from(news)
    .where(
      and(
        eq(news.requiresConfirmation, true),
        lte(news.publishedAt, sql`now()`),
        gt(news.publishedAt, sql`now() - make_interval(secs => ${CATCH_UP_MS / 1000})`),
        sql`${news.publishedAt} > ${news.updatedAt}`,
      ),
    );
  for (const { id } of due) await notifyNewsConfirmation(deps, id);
  return due.length;
}
