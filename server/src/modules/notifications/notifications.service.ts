import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_KINDS,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationKind,
  type NotificationSettings,
} from '@filialportal/core/notifications';
import type { Actor } from '../../platform/access.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { daysAgo, rowCount } from '../../platform/retention.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { Mail } from '../../platform/mail.ts';
import { users } from '../users/index.ts';
import { deliverSoon } from './outbox.ts';
import { notificationOutbox, notificationPreferences, notifications } from './notifications.table.ts';

/** A mail that goes with a notification; `text` gets the person's salutation. */
export type NotificationMail = Pick<Mail, 'subject' | 'text' | 'icalEvent'>;

export interface NotifyInput {
  kind: NotificationKind;
  userIds: readonly string[];
  /** The line in the list (may name people: only the person concerned reads it). */
  title: string;
  body?: string;
  /** Where it opens in the app. */
  link: string;
  /** What it is about; a second notification of the same kind and ref to a person is dropped. */
  ref?: string;
  /** The mail for those who want one; without it a short mail is made from title, body and link. */
  mail?: NotificationMail | ((person: { userId: string; email: string }) => NotificationMail);
}

const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
/** The person's choice for a kind, else the kind's default, as SQL over the preference row `p`. */
const wants = (kind: NotificationKind, channel: 'push' | 'mail') => sql.raw(`coalesce(p.${channel}, ${NOTIFICATION_DEFAULTS[kind][channel]})`);

/**
 * Records a notification for the people concerned (active accounts only) with the push and mail
 * messages their choices ask for; then tells their open browsers and starts sending. Called after
 * the change it reports on is stored. One statement when the mail is the same for everyone (the
 * salutation is filled in by the database); a mail made per person (a calendar invitation naming
 * its attendee) needs the recipients first, and both statements share a transaction.
 */
export async function notify(deps: ServiceDeps<'db' | 'live' | 'background' | 'config' | 'mailer' | 'log'>, input: NotifyInput): Promise<void> {
  const userIds = [...new Set(input.userIds)];
  if (userIds.length === 0) return;
  const created = typeof input.mail === 'function' ? await notifyWithOwnMails(deps, input, userIds, input.mail) : await notifyAtOnce(deps, input, userIds);
  if (created.length === 0) return;
  deps.live.publish(['notifications'], created);
  deliverSoon(deps);
}

/** The rows, and a push message per browser of everyone who wants push, as the first parts of a statement. */
const madeAndPushed = (input: NotifyInput, userIds: readonly string[]) => sql`
  made as (
    insert into ${notifications} (user_id, kind, title, body, link, ref)
    select u.id, ${input.kind}, ${input.title}, ${input.body ?? ''}, ${input.link}, ${input.ref ?? null}
    from ${users} u where u.id = any(${uuidArray(userIds)}) and u.active
    on conflict (user_id, kind, ref) do nothing
    returning id, user_id
  ), pushed as (
    insert into ${notificationOutbox} (notification_id, channel, subscription_id)
    select made.id, 'push', s.id from made
    join push_subscriptions s on s.user_id = made.user_id
    left join ${notificationPreferences} p on p.user_id = made.user_id and p.kind = ${input.kind}
    where ${wants(input.kind, 'push')}
  )`;

/** The mail's text after the salutation 'Hallo <first name>'. */
const mailText = (deps: ServiceDeps<'config'>, input: NotifyInput, own: NotificationMail | undefined) =>
  ['', '', own?.text ?? [input.title, ...(input.body ? ['', input.body] : [])].join('\n'), '', `Im Filialportal: ${deps.config.publicUrl}${input.link}`].join('\n');

async function notifyAtOnce(deps: ServiceDeps<'db' | 'config'>, input: NotifyInput, userIds: readonly string[]): Promise<string[]> {
  const own = input.mail as NotificationMail | undefined;
  const extra = own?.icalEvent ? { icalEvent: own.icalEvent } : {};
  const result = await deps.db.execute(sql`
    with ${madeAndPushed(input, userIds)}, mailed as (
      insert into ${notificationOutbox} (notification_id, channel, mail)
      select made.id, 'mail', (jsonb_build_object('to', u.email, 'subject', ${own?.subject ?? `Filialportal: ${input.title}`}::text,
          'text', 'Hallo ' || coalesce(u.first_name, '') || ',' || ${mailText(deps, input, own)}::text) || ${JSON.stringify(extra)}::jsonb)::text
      from made join ${users} u on u.id = made.user_id
      left join ${notificationPreferences} p on p.user_id = made.user_id and p.kind = ${input.kind}
      where ${wants(input.kind, 'mail')} and u.email <> ''
    )
    select made.user_id from made`);
  return (result as unknown as { rows: { user_id: string }[] }).rows.map((r) => r.user_id);
}

async function notifyWithOwnMails(deps: ServiceDeps<'db' | 'config'>, input: NotifyInput, userIds: readonly string[], mailOf: (person: { userId: string; email: string }) => NotificationMail) {
  return deps.db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with ${madeAndPushed(input, userIds)}
      select made.id, made.user_id, u.email, u.first_name, ${wants(input.kind, 'mail')} and u.email <> '' as wants_mail
      from made join ${users} u on u.id = made.user_id
      left join ${notificationPreferences} p on p.user_id = made.user_id and p.kind = ${input.kind}`);
    const rows = result as unknown as { rows: { id: string; user_id: string; email: string; first_name: string; wants_mail: boolean }[] };
    const mails = rows.rows.filter((r) => r.wants_mail);
    if (mails.length > 0) {
      await tx.insert(notificationOutbox).values(
        mails.map((r) => {
          const own = mailOf({ userId: r.user_id, email: r.email });
          const mail: Mail = { to: r.email, subject: own.subject, text: `Hallo ${r.first_name},${mailText(deps, input, own)}`, ...(own.icalEvent ? { icalEvent: own.icalEvent } : {}) };
          return { notificationId: r.id, channel: 'mail', mail: JSON.stringify(mail) };
        }),
      );
    }
    return rows.rows.map((r) => r.user_id);
  });
}

/** GET /notifications?from=: the person's own, newest first, with the total and the unread count. */
export async function listNotifications({ db }: ServiceDeps<'db'>, actor: Actor, { from }: { from: number }) {
  const mine = eq(notifications.userId, actor.userId);
  const [rows, [counts]] = await Promise.all([
    db
      .select({ id: notifications.id, kind: notifications.kind, title: notifications.title, body: notifications.body, link: notifications.link, createdAt: notifications.createdAt, readAt: notifications.readAt })
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATIONS_PAGE_SIZE)
      .offset(from),
    db
      .select({ total: count(), unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number) })
      .from(notifications)
      .where(mine),
  ]);
  return { notifications: rows as ((typeof rows)[number] & { kind: NotificationKind })[], total: counts?.total ?? 0, unread: counts?.unread ?? 0 };
}

async function unreadOf(db: ServiceDeps<'db'>['db'], userId: string) {
  const [row] = await db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** PUT /notifications/{id}/read: one of the person's own is read (again: nothing changes). */
export async function markRead(deps: ServiceDeps<'db' | 'live'>, actor: Actor, id: string) {
  const [row] = await deps.db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, actor.userId)))
    .returning({ id: notifications.id });
  if (!row) throw notFound();
  // The person's other tabs and devices update their bell.
  deps.live.publish(['notifications'], [actor.userId]);
  return { unread: await unreadOf(deps.db, actor.userId) };
}

/** PUT /notifications/read-all: all of the person's own are read. */
export async function markAllRead(deps: ServiceDeps<'db' | 'live'>, actor: Actor) {
  await deps.db.update(notifications).set({ readAt: sql`now()` }).where(and(eq(notifications.userId, actor.userId), isNull(notifications.readAt)));
  deps.live.publish(['notifications'], [actor.userId]);
  return { unread: 0 };
}

/** GET /notifications/settings: push and mail per kind, the defaults where the person chose nothing. */
export async function notificationSettings({ db }: ServiceDeps<'db'>, actor: Actor): Promise<NotificationSettings> {
  const chosen = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, actor.userId));
  const byKind = new Map(chosen.map((p) => [p.kind, p]));
  return { kinds: NOTIFICATION_KINDS.map((kind) => ({ kind, push: byKind.get(kind)?.push ?? NOTIFICATION_DEFAULTS[kind].push, mail: byKind.get(kind)?.mail ?? NOTIFICATION_DEFAULTS[kind].mail })) };
}

/** PUT /notifications/settings: the kinds named are stored; the others stay as they were. */
export async function saveNotificationSettings({ db }: ServiceDeps<'db'>, actor: Actor, input: NotificationSettings) {
  if (new Set(input.kinds.map((k) => k.kind)).size !== input.kinds.length) throw badRequest(MSG.notificationSettingsInvalid);
  if (input.kinds.length > 0) {
    await db
      .insert(notificationPreferences)
      .values(input.kinds.map((k) => ({ userId: actor.userId, kind: k.kind, push: k.push, mail: k.mail })))
      .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { push: sql`excluded.push`, mail: sql`excluded.mail` } });
  }
  return notificationSettings({ db }, actor);
}

/** Retention: notifications past their period go (90 days by default), with anything still unsent of them. */
export async function deleteOldNotifications({ db }: ServiceDeps<'db'>, days: number, limit: number) {
  return rowCount(await db.execute(sql`delete from ${notifications} where id in (select id from ${notifications} where created_at < ${daysAgo(days)} limit ${limit})`));
}
