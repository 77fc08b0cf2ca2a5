import { pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';

/** Company-wide settings: one row. */
export const globalSettings = pgTable('global_settings', {
  id: id(),
  /** The spreadsheet shown on the Sortiment spreadsheet page (embedded frame, 1200 px). */
  sortimentSheetUrl: text('sortiment_sheet_url').notNull().default(''),
  ...timestamps(),
});
