import { primaryKey, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/index.ts';

/**
 * When a person last looked at a page with a navigation counter (news, claims, trainings,
 * advertising): the counters count what appeared after it.
 */
export const seenMarkers = pgTable(
  'seen_markers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    page: text('page').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.page] })],
);
