import { sql, type SQL } from 'drizzle-orm';
import { boolean, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';
import { searchVector, tsvector } from '../../platform/search.ts';
import { files } from '../../platform/files.table.ts';
import { trainings } from '../trainings/index.ts';
import { users } from '../users/index.ts';

/** A news item (spec 3 §3 News). */
export const news = pgTable(
  'news',
  {
    id: id(),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    text: text('text').notNull(),
    category: text('category').notNull(),
    date: date('date').notNull(),
    /** HH:mm, or null: published at the start of `date`. */
    time: text('time'),
    /** `date` and `time` in Europe/Berlin as an instant: visible from then on. */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /** After this day the item is archived, whatever its date. */
    until: date('until'),
    /** Target groups and locations (ids); both empty: everyone. */
    teams: uuid('teams').array().notNull().default(sql`'{}'::uuid[]`),
    locations: uuid('locations').array().notNull().default(sql`'{}'::uuid[]`),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    /** image, pdf or video. */
    fileKind: text('file_kind'),
    thumbnailFileId: uuid('thumbnail_file_id').references(() => files.id, { onDelete: 'set null' }),
    dominantColor: text('dominant_color'),
    preview: boolean('preview').notNull().default(true),
    /** The training or event the item points to; gone with it. */
    linkId: uuid('link_id').references(() => trainings.id, { onDelete: 'set null' }),
    requiresConfirmation: boolean('requires_confirmation').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Title and text for the portal search; the parser skips the text's HTML tags. */
    search: tsvector('search').generatedAlwaysAs((): SQL => searchVector([[sql`title`, 'A'], [sql`text`, 'B']])),
    ...timestamps(),
  },
  (t) => [
    index('news_search_idx').using('gin', t.search),
    // Each tab reads its newest items and stops after a page.
    index('news_category_published_idx').on(t.category, t.publishedAt.desc(), t.id),
    index('news_published_idx').on(t.publishedAt.desc()),
  ],
);

/** A like of an entity (news so far) by a person, once per person. */
export const likes = pgTable(
  'likes',
  {
    id: id(),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('likes_entity_user_uq').on(t.entity, t.entityId, t.userId)],
);

/** A comment on an entity (spec 3 §3 Comment). */
export const comments = pgTable(
  'comments',
  {
    id: id(),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    comment: text('comment').notNull(),
    edited: boolean('edited').notNull().default(false),
    ...timestamps(),
  },
  (t) => [index('comments_entity_idx').on(t.entity, t.entityId, t.createdAt)],
);

/** 'Gelesen und verstanden' of a mandatory notice. */
export const newsConfirmations = pgTable(
  'news_confirmations',
  {
    newsId: uuid('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.userId] })],
);
