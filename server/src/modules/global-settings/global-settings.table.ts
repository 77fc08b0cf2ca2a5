import { date, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { RetentionSettings } from '@filialportal/core/retention';
import { id, timestamps } from '../../db/columns.ts';

/** Company-wide settings: one row. */
export const globalSettings = pgTable('global_settings', {
  id: id(),
  /** The spreadsheet shown on the Sortiment spreadsheet page (embedded frame, 1200 px). */
  sortimentSheetUrl: text('sortiment_sheet_url').notNull().default(''),
  /**
   * Day and month ('MM-DD') on which days carried over from the year before expire (§ 7 (3)
   * BUrlG: 31 March); '' when carried-over days never expire.
   */
  carryOverExpiry: text('carry_over_expiry').notNull().default('03-31'),
  /**
   * Days each kind of personal data is kept (core/retention.ts); a kind left out has its
   * documented default. The audit trail's trigger reads `auditDays` itself.
   */
  retention: jsonb('retention').$type<Partial<RetentionSettings>>().notNull().default({}),
  /** The Berlin day the retention job last ran: the instance that sets it runs that day's job. */
  retentionRanOn: date('retention_ran_on'),
  ...timestamps(),
});
