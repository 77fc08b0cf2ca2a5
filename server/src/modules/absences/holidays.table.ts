import { date, index, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';

/** School vacations per federal state: they cannot be computed, so they are imported. */
export const schoolVacations = pgTable(
  'school_vacations',
  {
    id: id(),
    region: text('region').notNull(),
    name: text('name').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    ...timestamps(),
  },
  (t) => [index('school_vacations_region_idx').on(t.region, t.startDate)],
);
