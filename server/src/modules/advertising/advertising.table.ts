import { sql } from 'drizzle-orm';
import { bigint, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';
import { files } from '../../platform/files.table.ts';
import { users } from '../users/index.ts';

/**
 * An advertising entry (spec 2 §3 Advertising): a file (flyer, poster, video) with its title, the
 * day from which staff see it, its validity and the article numbers of the promotion. Entry and
 * file are saved together, so no entry exists without its file.
 */
export const advertisings = pgTable(
  'advertisings',
  {
    id: id(),
    title: text('title').notNull(),
    /** Article numbers of the promotion, in the order given. */
    articles: text('articles').array().notNull().default(sql`'{}'::text[]`),
    dateFrom: date('date_from'),
    dateTill: date('date_till'),
    /** Staff with werbung_ver_ffentlichte_sehen see the entry from this day on (Europe/Berlin). */
    showFrom: date('show_from').notNull(),
    /** The start of `showFrom` in Europe/Berlin as an instant: when the entry appears for everyone. */
    visibleFrom: timestamp('visible_from', { withTimezone: true }).notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    /** The file's name as uploaded (HEIC/HEIF renamed to .jpg). */
    name: text('name').notNull(),
    /** image, pdf or video. */
    fileKind: text('file_kind').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    thumbnailFileId: uuid('thumbnail_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    // The list: newest showFrom first; the published filter reads the same index.
    index('advertisings_show_from_idx').on(t.showFrom.desc(), t.id),
    // The counter: entries that appeared after the last visit.
    index('advertisings_visible_from_idx').on(t.visibleFrom),
    index('advertisings_created_at_idx').on(t.createdAt),
    // Downloads find the entry of a file.
    index('advertisings_file_idx').on(t.fileId),
    index('advertisings_thumbnail_idx').on(t.thumbnailFileId),
  ],
);
