import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { id } from '../../db/columns.ts';
import { locations } from '../locations/index.ts';
import { users } from '../users/index.ts';

/**
 * A secret calendar subscription address of a person. Only the SHA-256 of the secret is kept, so
 * the table alone opens no feed; deleting the row revokes it.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_feeds_secret_uq').on(t.secretHash),
    index('calendar_feeds_user_idx').on(t.userId, t.createdAt),
    check('calendar_feeds_kind_ck', sql`${t.kind} in ('personal', 'location') and (${t.kind} = 'personal') = (${t.locationId} is null)`),
  ],
);
