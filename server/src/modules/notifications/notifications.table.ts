import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns.ts';
import { users } from '../users/index.ts';

/** What a person was told about, kept 90 days (core/notifications.ts). */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link').notNull().default(''),
    /**
     * What the notification is about, e.g. 'task-due:<id>:<date>': a job that runs on several
     * instances, or twice, tells a person once.
     */
    ref: text('ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // The list, newest first, and the 90-day cleanup's range.
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_created_idx').on(t.createdAt),
    // The bell's count reads only the unread ones.
    index('notifications_unread_idx').on(t.userId).where(sql`read_at is null`),
    uniqueIndex('notifications_ref_uq').on(t.userId, t.kind, t.ref),
  ],
);

/** A person's choice of push and mail for one kind; without a row the kind's default holds. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    push: boolean('push').notNull(),
    mail: boolean('mail').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** A browser that receives push messages for a person (its PushSubscription). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * Messages to send, push and mail: written with the notification, claimed by one instance at a
 * time (`next_attempt_at` moves ahead while it sends), deleted when sent or given up.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: id(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    /** The browser for push; null for mail. */
    subscriptionId: uuid('subscription_id').references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** For mail: subject, text and calendar invitation as the module wrote them (JSON). */
    mail: text('mail'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notification_outbox_due_idx').on(t.nextAttemptAt),
    // Deleting a notification (after 90 days) or a browser's subscription removes its messages.
    index('notification_outbox_notification_idx').on(t.notificationId),
    index('notification_outbox_subscription_idx').on(t.subscriptionId),
    check('notification_outbox_channel_ck', sql`${t.channel} in ('push', 'mail')`),
  ],
);

/** The server's VAPID key pair when none is configured: generated once, shared by all instances. */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: integer('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('vapid_keys_single_ck', sql`${t.id} = 1`)],
);
