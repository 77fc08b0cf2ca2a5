import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';

/** Manufacturers of articles (Einstellungen → Hersteller). */
export const manufacturers = pgTable('manufacturers', { id: id(), name: text('name').notNull().unique(), ...timestamps() });

/** Colour labels of article rows; `fixed` ones (Auslauf, Werbung) cannot be edited. */
export const colorLabels = pgTable('color_labels', {
  id: id(),
  name: text('name').notNull().unique(),
  hex: text('hex').notNull(),
  fixed: boolean('fixed').notNull().default(false),
  ...timestamps(),
});

/** Claim statuses (Einstellungen → Status). */
export const claimStatuses = pgTable('claim_statuses', { id: id(), name: text('name').notNull().unique(), ...timestamps() });

/** Claim dropdown lists: kind 'manufacturer' (Beanstandung Hersteller), 'quality', 'reason'. */
export const claimListEntries = pgTable(
  'claim_list_entries',
  { id: id(), kind: text('kind').notNull(), name: text('name').notNull(), ...timestamps() },
  (t) => [uniqueIndex('claim_list_entries_kind_name_uq').on(t.kind, t.name)],
);
