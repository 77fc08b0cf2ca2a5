import { date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';

/** A special appointment (Sondertermin) for some or all locations (empty list = all). */
export const specialAppointments = pgTable(
  'special_appointments',
  {
    id: id(),
    info: text('info').notNull(),
    date: date('date').notNull(),
    endDate: date('end_date').notNull(),
    locations: uuid('locations').array().notNull().default([]),
    ...timestamps(),
  },
  (t) => [index('special_appointments_range_idx').on(t.endDate, t.date)],
);
