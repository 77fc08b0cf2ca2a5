import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Columns every table has (ARCHITECTURE §5). */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
