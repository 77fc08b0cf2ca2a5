import { and, asc, eq } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { TASK_TITLE_MAX } from '@filialportal/core/tasks';
import { type Actor } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import { type ServiceDeps, withDb } from '../../platform/deps.ts';
import { formatDate, formatTime, todayIso } from '../../platform/dates.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { locations } from '../locations/index.ts';
import { userGroups } from '../teams/index.ts';
import { users } from '../users/index.ts';
import { completeLinkedTasksFor, createLinkedTask } from '../tasks/index.ts';
import { recipientsWhere, targetOf } from './recipients.ts';
import { requireVisibleNews } from './news.service.ts';
import { news, newsConfirmations } from './news.table.ts';

const reference = (newsId: string) => `news-confirmation:${newsId}`;

/** POST /news/{id}/confirm: 'Gelesen und verstanden'; a second click changes nothing. */
export async function confirmNews(deps: ServiceDeps<'db'>, actor: Actor, newsId: string) {
  const { db } = deps;
  await requireVisibleNews(deps, actor, newsId);
  const [item] = await db.select({ requiresConfirmation: news.requiresConfirmation }).from(news).where(eq(news.id, newsId));
  if (!item?.requiresConfirmation) throw badRequest(MSG.newsNotConfirmable);
  await db.transaction(async (tx) => {
    await tx.insert(newsConfirmations).values({ newsId, userId: actor.userId }).onConflictDoNothing();
    await completeLinkedTasksFor(withDb(deps, tx), { reference: reference(newsId), userId: actor.userId });
  });
  return { newsId, confirmed: true };
}

/**
 * The audience of a news item: the people it is for (`recipientsWhere`, the rule of who receives
 * it, without those who merely see all news), each with the time of their confirmation or null.
 */
async function audience(db: Db, newsId: string, locationId: string | null) {
  const [item] = await db.select({ teams: news.teams, locations: news.locations, requiresConfirmation: news.requiresConfirmation }).from(news).where(eq(news.id, newsId));
  if (!item) throw notFound();
  if (!item.requiresConfirmation) throw badRequest(MSG.newsNotConfirmable);
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      locationId: users.locationId,
      location: locations.name,
      confirmedAt: newsConfirmations.confirmedAt,
    })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .innerJoin(locations, eq(locations.id, users.locationId))
    .leftJoin(newsConfirmations, and(eq(newsConfirmations.newsId, newsId), eq(newsConfirmations.userId, users.id)))
    .where(and(recipientsWhere(targetOf(item), false), locationId ? eq(users.locationId, locationId) : undefined))
    .orderBy(asc(locations.name), asc(users.lastName), asc(users.firstName))
    .limit(10_000);
}

type AudienceRow = Awaited<ReturnType<typeof audience>>[number];
const toPerson = (r: AudienceRow) => ({
  userId: r.userId,
  userName: `${r.firstName} ${r.lastName}`,
  locationId: r.locationId,
  location: r.location,
  confirmedAt: r.confirmedAt,
  confirmedAtFormated: r.confirmedAt ? `${formatDate(r.confirmedAt)} ${formatTime(r.confirmedAt)}` : '',
});

/** GET /news/{id}/confirmations: who confirmed and who has not yet, optionally for one location. */
export async function confirmations({ db }: ServiceDeps<'db'>, { newsId, locationId }: { newsId: string; locationId: string | null }) {
  const rows = (await audience(db, newsId, locationId)).map(toPerson);
  return { confirmed: rows.filter((r) => r.confirmedAt), pending: rows.filter((r) => !r.confirmedAt) };
}

/** The same people as rows of the XLSX export. */
export async function confirmationRows({ db }: ServiceDeps<'db'>, { newsId, locationId }: { newsId: string; locationId: string | null }) {
  return (await audience(db, newsId, locationId)).map(toPerson);
}

/** POST /news/{id}/remind: a task for everyone who has not confirmed yet; it completes when they do. */
export async function remindPending(deps: ServiceDeps<'db'>, actor: Actor, newsId: string) {
  const { db } = deps;
  const [item] = await db.select({ title: news.title }).from(news).where(eq(news.id, newsId));
  if (!item) throw notFound();
  const pending = (await audience(db, newsId, null)).filter((r) => !r.confirmedAt).map((r) => r.userId);
  await createLinkedTask(deps, {
    title: `Bitte lesen und bestätigen: ${item.title}`.slice(0, TASK_TITLE_MAX),
    deadline: todayIso(),
    priority: 3,
    multiTask: true,
    locked: true,
    link: `/neuigkeiten?news=${newsId}`,
    reference: reference(newsId),
    createdBy: actor.userId,
    recipients: pending,
  });
  return { reminded: pending.length };
}
