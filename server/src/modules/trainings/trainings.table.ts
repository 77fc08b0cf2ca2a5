import { sql, type SQL } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';
import { searchVector, tsvector } from '../../platform/search.ts';
import { users } from '../users/index.ts';

/** A training or event on one day (spec 3 §3 Training); several dates make several rows. */
export const trainings = pgTable(
  'trainings',
  {
    id: id(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    address: text('address').notNull(),
    zip: text('zip').notNull(),
    city: text('city').notNull(),
    contactPerson: uuid('contact_person').references(() => users.id, { onDelete: 'set null' }),
    lecturer: text('lecturer').notNull().default(''),
    date: date('date').notNull(),
    /** HH:mm. */
    time: text('time').notNull(),
    contingent: integer('contingent').notNull(),
    /** Rating questions: [{ label, type: 'Frage' | 'Sternbewertung' }]. */
    ratings: jsonb('ratings').$type<{ label: string; type: 'Frage' | 'Sternbewertung' }[]>().notNull().default(sql`'[]'::jsonb`),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the rating tasks were handed out after the event (null: not yet). */
    ratingTasksAt: timestamp('rating_tasks_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Title, place and description for the portal search. */
    search: tsvector('search').generatedAlwaysAs((): SQL =>
      searchVector([[sql`title`, 'A'], [sql`city || ' ' || lecturer`, 'B'], [sql`description`, 'C']]),
    ),
    ...timestamps(),
  },
  (t) => [
    index('trainings_search_idx').using('gin', t.search),
    // The list reads one category upcoming (date ascending) or past (descending) and stops after a page.
    index('trainings_category_date_idx').on(t.category, t.date, t.id),
    index('trainings_date_idx').on(t.date),
    // The navigation counter: trainings created since the person last looked.
    index('trainings_created_idx').on(t.createdAt),
    // The rating-task job: trainings past and not yet handled; stays as small as one day's trainings.
    index('trainings_rating_due_idx').on(t.date).where(sql`${t.ratingTasksAt} is null and ${t.cancelledAt} is null`),
    check('trainings_contingent_check', sql`${t.contingent} >= 0`),
  ],
);

/**
 * A registration (spec 3 §3 appointment): requested ('Angefragt'), on the waiting list or
 * approved. Requested and approved ones take a place; at most one per person and training.
 */
export const trainingRegistrations = pgTable(
  'training_registrations',
  {
    id: id(),
    trainingId: uuid('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    waitingList: boolean('waiting_list').notNull().default(false),
    approved: boolean('approved').notNull().default(false),
    confirmedBy: uuid('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    registeredBy: uuid('registered_by').references(() => users.id, { onDelete: 'set null' }),
    /** After the event: came (true), did not come (false), not recorded (null). */
    attended: boolean('attended'),
    info: text('info').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('training_registrations_training_user_uq').on(t.trainingId, t.userId),
    // A person's registrations (dashboard, calendar, overview).
    index('training_registrations_user_idx').on(t.userId, t.trainingId),
    // The waiting list in order of arrival: the first moves up when a place frees.
    index('training_registrations_waiting_idx').on(t.trainingId, t.createdAt, t.id).where(sql`${t.waitingList}`),
  ],
);

/** A rating after the event, once per person and training (spec 3 §4 Rating). */
export const trainingValuations = pgTable(
  'training_valuations',
  {
    id: id(),
    trainingId: uuid('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    stars: smallint('stars'),
    /** [{ label, value }] in the order of the questions. */
    answers: jsonb('answers').$type<{ label: string; value: string | number }[]>().notNull().default(sql`'[]'::jsonb`),
    ...timestamps(),
  },
  (t) => [uniqueIndex('training_valuations_training_user_uq').on(t.trainingId, t.userId), check('training_valuations_stars_check', sql`${t.stars} between 1 and 5`)],
);
