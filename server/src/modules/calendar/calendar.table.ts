import { date, index, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';
import { locations } from '../locations/index.ts';
import { users } from '../users/index.ts';

/**
 * A status set by hand in the attendance calendar (POST /locationappointment): one per person
 * and day. Everything else in the grid is derived when the week is read (vacation, sick
 * reports, free days, presence, public holidays), so nothing needs rebuilding when those change.
 */
export const calendarEntries = pgTable(
  'calendar_entries',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    /** Status code of spec 1 §4 (7, 71, 72, 2, 3, 9, 5, 12, 11, or 4 with `info`). */
    status: smallint('status').notNull(),
    info: text('info').notNull().default(''),
    /** Location the person worked in when the entry was made. */
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('calendar_entries_user_date_uq').on(t.userId, t.date), index('calendar_entries_date_idx').on(t.date)],
);

/** The info row of a location and day (POST /locationinfo). */
export const locationInfos = pgTable(
  'location_infos',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    info: text('info').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('location_infos_location_date_uq').on(t.locationId, t.date)],
);
