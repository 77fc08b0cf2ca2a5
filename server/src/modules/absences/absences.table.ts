import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';
import { files } from '../../platform/files.table.ts';
import { locations } from '../locations/index.ts';
import { users } from '../users/index.ts';

/**
 * Vacation requests and sick reports: one shape (spec 1 §3), told apart by `kind`. Both feed
 * the attendance calendar. A deleted person leaves the row without `userId` ('Benutzer gelöscht').
 */
export const absences = pgTable(
  'absences',
  {
    id: id(),
    /** 'vacation' (status 3, Urlaub) or 'sick' (status 2, Krank). */
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    /** Working days of the period, fixed when it is saved (free days may change later). */
    countDays: numeric('count_days', { mode: 'number' }).notNull(),
    /** The same days per calendar year, for requests across New Year: { "2026": 3, "2027": 2 }. */
    daysByYear: jsonb('days_by_year').$type<Record<string, number>>().notNull().default({}),
    /** Vacation: 'full', or a half day on each working day ('morning', 'afternoon'; counts 0.5). */
    dayLength: text('day_length').notNull().default('full'),
    approved: boolean('approved').notNull().default(false),
    declined: boolean('declined').notNull().default(false),
    confirmedBy: uuid('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    specialHoliday: boolean('special_holiday').notNull().default(false),
    reason: text('reason').notNull().default(''),
    overtimeDeduction: boolean('overtime_deduction').notNull().default(false),
    overtime: numeric('overtime', { mode: 'number' }),
    /** Why the approver declined the request (optional; shown in the row, view 5 and the mail). */
    declineReason: text('decline_reason').notNull().default(''),
    /** HR's note when approving a request inside a blocked period. */
    approvalNote: text('approval_note').notNull().default(''),
    /** Sick report: 'own', or 'child' (Kind krank, counted apart). */
    sickKind: text('sick_kind').notNull().default('own'),
    /** Sick report: the certificate is a first ('first') or follow-up ('followUp') one; null: none. */
    certificate: text('certificate'),
    /** Sick report: the certificate's file (health data: only sick-report handlers read it). */
    certificateFileId: uuid('certificate_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** Vacation: what the requester was warned of when asking (minimum staffing, absent deputies); the approver sees it. */
    warnings: text('warnings').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Approved vacation: the working days on which the person was on sick leave (§ 9 BUrlG). They
     * are credited back to the account; kept as dates so any part of the year can be counted.
     */
    creditedDates: date('credited_dates').array().notNull().default(sql`'{}'::date[]`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('absences_sick_kind_ck', sql`${t.sickKind} in ('own', 'child') and (${t.certificate} is null or ${t.certificate} in ('first', 'followUp'))`),
    check('absences_day_length_ck', sql`${t.dayLength} in ('full', 'morning', 'afternoon')`),
    index('absences_user_idx').on(t.kind, t.userId, t.startDate),
    index('absences_state_idx').on(t.kind, t.approved, t.declined, t.endDate),
    index('absences_period_idx').on(t.kind, t.startDate, t.endDate),
    // Open requests (view 1) are few among years of decided ones: read them in list order.
    index('absences_vacation_open_idx').on(t.startDate, t.id).where(sql`kind = 'vacation' and not approved and not declined`),
    // A person's absences touching a period (the calendar week): from the end date on.
    index('absences_user_end_idx').on(t.userId, t.endDate),
    // Views 2 and 3 count approved requests by end date and period: from the index alone.
    index('absences_vacation_approved_idx').on(t.endDate, t.startDate).where(sql`kind = 'vacation' and approved`),
    // Views 3 and 5 list newest first (start date, then id, both descending): read in list order,
    // so a page joins its 20 people, not every request of the first start dates.
    index('absences_vacation_start_idx').on(t.startDate, t.id).where(sql`kind = 'vacation'`),
  ],
);

/**
 * The vacation account of a person and year: the surplus carried over from last year (null:
 * computed as last year's open days, until HR sets it) and the deduction of that year.
 */
export const contingents = pgTable(
  'contingents',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    surplus: numeric('surplus', { mode: 'number' }),
    deduction: numeric('deduction', { mode: 'number' }).notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('contingents_user_year_uq').on(t.userId, t.year)],
);

/**
 * A blocked period (Urlaubssperre): no vacation may be requested in it, at one location or (no
 * location) in the whole company. Few rows; read by period.
 */
export const blockedPeriods = pgTable(
  'blocked_periods',
  {
    id: id(),
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [index('blocked_periods_end_idx').on(t.endDate, t.startDate)],
);

/**
 * The deputies (Vertretung) a vacation request names. A deputy may decline with a reason, which
 * the requester and the approver see.
 */
export const vacationDeputies = pgTable(
  'vacation_deputies',
  {
    absenceId: uuid('absence_id')
      .notNull()
      .references(() => absences.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A deputy's own list reads by person.
  (t) => [primaryKey({ columns: [t.absenceId, t.userId] }), index('vacation_deputies_user_idx').on(t.userId, t.absenceId)],
);
