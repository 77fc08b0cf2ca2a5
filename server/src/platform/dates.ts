import { sql } from 'drizzle-orm';

// The server's dates and times, all in Europe/Berlin. The formatting lives in core
// (core/src/berlin-time.ts), so the server, its exports, mails and PDFs and the web show the same
// day and time for the same instant; this module is the server's one door to it.
export {
  berlinDay,
  berlinInstant,
  berlinParts,
  currentYear,
  formatDate,
  formatDateTime,
  formatTime,
  todayIso,
} from '@filialportal/core/berlin-time';

/**
 * Today in Berlin as the database sees it. In a statement kept prepared it beats a parameter: the
 * planner estimates it in the generic plan as in a custom one, so the plan is made once (a date
 * passed as `$n` counts as a third of the rows there, and the statement is planned on every call).
 */
export const TODAY_IN_DATABASE = sql`(now() at time zone 'Europe/Berlin')::date`;
