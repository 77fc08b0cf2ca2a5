import { pgTable, text } from 'drizzle-orm/pg-core';
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
  ...timestamps(),
});
