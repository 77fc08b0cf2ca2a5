import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SeenPage } from '@filialportal/core/news';
import type { Actor } from '../../platform/access.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { seenMarkers } from './seen.table.ts';

/** PUT /seen/{page}: the person has looked at the page now; its counter starts again from here. */
export async function markSeen({ db }: ServiceDeps<'db'>, actor: Actor, page: SeenPage) {
  const [row] = await db
    .insert(seenMarkers)
    .values({ userId: actor.userId, page })
    .onConflictDoUpdate({ target: [seenMarkers.userId, seenMarkers.page], set: { seenAt: sql`now()` } })
    .returning({ page: seenMarkers.page, seenAt: seenMarkers.seenAt });
  return { page: row!.page as SeenPage, seenAt: row!.seenAt };
}

/** When the actor last looked at the page, or null. */
export async function seenAt({ db }: ServiceDeps<'db'>, actor: Actor, page: SeenPage): Promise<Date | null> {
  const [row] = await db.select({ seenAt: seenMarkers.seenAt }).from(seenMarkers).where(and(eq(seenMarkers.userId, actor.userId), eq(seenMarkers.page, page)));
  return row?.seenAt ?? null;
}

/** When the person last looked at the page, as an SQL expression of an ISO instant (UTC, milliseconds), or null. */
export function lastSeenIso(userId: AnyPgColumn, page: SeenPage) {
  return sql<string | null>`(select to_char(s.seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from ${seenMarkers} s where s.user_id = ${userId} and s.page = ${page})`;
}
