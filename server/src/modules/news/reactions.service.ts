import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { LIKE_COUNTS_DEFAULT } from '@filialportal/core/news';
import { can, requirePermission, type Actor } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { formatDate, formatTime } from '../../platform/dates.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { avatarUri, users } from '../users/index.ts';
import { news, comments, likes } from './news.table.ts';
import { NEWS_ENTITY, requireVisibleNews, visibleWhere } from './news.service.ts';

type Entity = typeof NEWS_ENTITY;
/** The entity a like or comment hangs on. */
type EntityRef = { entity: Entity; entityId: string };

// Likes and comments hang on an entity; news is the only one so far, and whoever may see the
// news item may like it, read its likes' count and its comments.

/** POST /like: likes, or unlikes when the person already liked it. Fifty clicks at once leave one like or none. */
export async function toggleLike(deps: ServiceDeps<'db'>, actor: Actor, { entity, entityId }: EntityRef) {
  const { db } = deps;
  await requireVisibleNews(deps, actor, entityId);
  const liked = await db.transaction(async (tx) => {
    const removed = await tx
      .delete(likes)
      .where(and(eq(likes.entity, entity), eq(likes.entityId, entityId), eq(likes.userId, actor.userId)))
      .returning({ id: likes.id });
    if (removed.length) return false;
    const added = await tx.insert(likes).values({ entity, entityId, userId: actor.userId }).onConflictDoNothing().returning({ id: likes.id });
    return added.length > 0;
  });
  const [c] = await db.select({ n: count() }).from(likes).where(and(eq(likes.entity, entity), eq(likes.entityId, entityId)));
  return { entityId, liked, likeCount: c!.n, count: c!.n, likedByCurrentUser: liked };
}

/**
 * POST /likes: counts and the own like for the given entities the person may see; without ids
 * (the spec's body is only the entity) for the newest LIKE_COUNTS_DEFAULT items the person sees.
 */
export async function likeCounts({ db }: ServiceDeps<'db'>, actor: Actor, { entity, entityIds }: { entity: Entity; entityIds: string[] | null }) {
  requirePermission(actor, 'likes_can_see');
  if (entityIds && entityIds.length === 0) return { counts: [] };
  // Qualified by hand: a select from one table names its columns bare, and a bare "id" inside the
  // subquery would be the like's own id.
  const newsId = sql`${news}."id"`;
  const query = db
    .select({
      entityId: news.id,
      likeCount: sql<number>`(select count(*)::int from ${likes} l where l.entity = ${entity} and l.entity_id = ${newsId})`,
      liked: sql<boolean>`exists(select 1 from ${likes} l where l.entity = ${entity} and l.entity_id = ${newsId} and l.user_id = ${actor.userId})`,
    })
    .from(news)
    .where(and(entityIds ? inArray(news.id, entityIds) : undefined, visibleWhere(actor)));
  const rows = await (entityIds ? query : query.orderBy(desc(news.publishedAt), desc(news.id)).limit(LIKE_COUNTS_DEFAULT));
  return { counts: rows.map((r) => ({ ...r, count: r.likeCount, likedByCurrentUser: r.liked })) };
}

/** GET /likes: who liked, newest first (neuigkeiten_like_benutzernamen_sehen). */
export async function likesOf(deps: ServiceDeps<'db'>, actor: Actor, { entity, entityId }: EntityRef) {
  const { db } = deps;
  await requireVisibleNews(deps, actor, entityId);
  const rows = await db
    .select({ userId: likes.userId, firstName: users.firstName, lastName: users.lastName, createdAt: likes.createdAt })
    .from(likes)
    .leftJoin(users, eq(users.id, likes.userId))
    .where(and(eq(likes.entity, entity), eq(likes.entityId, entityId)))
    .orderBy(desc(likes.createdAt))
    .limit(2000);
  return {
    likes: rows.map((r) => ({
      userId: r.userId,
      userName: r.firstName ? `${r.firstName} ${r.lastName}` : MSG.deletedUser,
      userFullName: r.firstName ? `${r.firstName} ${r.lastName}` : MSG.deletedUser,
      createdAt: r.createdAt,
      createdAtFormated: `${formatDate(r.createdAt)} ${formatTime(r.createdAt)}`,
      dateFormated: formatDate(r.createdAt),
    })),
  };
}

const commentColumns = {
  id: comments.id,
  entityId: comments.entityId,
  comment: comments.comment,
  userId: comments.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarFileId: users.avatarFileId,
  createdAt: comments.createdAt,
  edited: comments.edited,
};
const commentQuery = (db: Db) => db.select(commentColumns).from(comments).leftJoin(users, eq(users.id, comments.userId));
type CommentRow = Awaited<ReturnType<typeof commentQuery>>[number];

const mayEdit = (actor: Actor, authorId: string | null) =>
  can(actor, 'comments_can_edit_global') || (authorId === actor.userId && can(actor, 'comments_can_edit_own'));

function toComment(actor: Actor, r: CommentRow) {
  return {
    id: r.id,
    entity: NEWS_ENTITY,
    entityId: r.entityId,
    comment: r.comment,
    userId: r.userId,
    userName: r.firstName ? `${r.firstName} ${r.lastName}` : MSG.deletedUser,
    resourceUri: avatarUri(r.avatarFileId),
    createdAtFormated: `${formatDate(r.createdAt)} ${formatTime(r.createdAt)}`,
    edited: r.edited,
    canEdit: mayEdit(actor, r.userId),
    canDelete: can(actor, 'comments_can_delete'),
  };
}

/** POST /comments: the comments of an entity, oldest first (a conversation reads top down). */
export async function commentsOf(deps: ServiceDeps<'db'>, actor: Actor, { entity, entityId }: EntityRef) {
  const { db } = deps;
  await requireVisibleNews(deps, actor, entityId);
  const rows = await commentQuery(db)
    .where(and(eq(comments.entity, entity), eq(comments.entityId, entityId)))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(1000);
  const list = rows.map((r) => toComment(actor, r));
  return { comments: list, list, count: rows.length };
}

async function commentById(db: Db, actor: Actor, id: string) {
  const [row] = await commentQuery(db).where(eq(comments.id, id));
  if (!row) throw notFound();
  return toComment(actor, row);
}

/** POST /comment. */
export async function addComment(deps: ServiceDeps<'db'>, actor: Actor, { entity, entityId, comment }: EntityRef & { comment: string }) {
  const { db } = deps;
  await requireVisibleNews(deps, actor, entityId);
  const [row] = await db.insert(comments).values({ entity, entityId, userId: actor.userId, comment }).returning({ id: comments.id });
  return { comment: await commentById(db, actor, row!.id) };
}

/** The comment and whether its news item is visible to the person; 404 otherwise. */
async function visibleComment(db: Db, actor: Actor, id: string) {
  const [row] = await db.select({ userId: comments.userId, entityId: comments.entityId }).from(comments).where(eq(comments.id, id));
  if (!row) throw notFound();
  await requireVisibleNews({ db }, actor, row.entityId);
  return row;
}

/** PUT /comment: own comments with comments_can_edit_own, any with comments_can_edit_global. */
export async function editComment({ db }: ServiceDeps<'db'>, actor: Actor, { commentId: id, comment }: { commentId: string; comment: string }) {
  const row = await visibleComment(db, actor, id);
  if (!mayEdit(actor, row.userId)) throw forbidden(can(actor, 'comments_can_edit_own') ? MSG.commentNotOwn : MSG.notAllowed);
  await db.update(comments).set({ comment, edited: true }).where(eq(comments.id, id));
  return { comment: await commentById(db, actor, id) };
}

/** DELETE /comment (comments_can_delete; the route checks the permission). */
export async function removeComment({ db }: ServiceDeps<'db'>, actor: Actor, id: string) {
  await visibleComment(db, actor, id);
  await db.delete(comments).where(eq(comments.id, id));
}
