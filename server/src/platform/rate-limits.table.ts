import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counters of the rate limits (platform/rate-limits.ts), shared by every instance on the
 * database. No created_at/updated_at and no index beyond the key: a row lives one time window,
 * is rewritten on every hit, and the cleanup's scan stays cheap because the cleanup keeps the
 * table small; an index on resets_at would make every hit rewrite it too.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
});
