import { sql, type SQL } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { TLueckentext } from '@filialportal/core/claims';
import { id, timestamps } from '../../db/columns.ts';
import { searchVector, tsvector } from '../../platform/search.ts';
import { files } from '../../platform/files.table.ts';
import { claimStatuses } from '../lists/index.ts';
import { locations } from '../locations/index.ts';
import { articles, stockHistory } from '../stock/index.ts';
import { users } from '../users/index.ts';

/** The last claim number given out per year; a create takes the next under the row's lock. */
export const claimCounters = pgTable('claim_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * A claim (spec 2 §3 Claim and Claim checklist; the checklist is 1:1 and lives in the same row).
 * The number is year and sequence, unique: the counter hands out each one once, inside the
 * create's statement, so a failed create leaves no gap.
 */
export const claims = pgTable(
  'claims',
  {
    id: id(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    type: text('type').notNull(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The creator's name when the claim was made, for lists after the account is gone. */
    createdByName: text('created_by_name').notNull(),
    customerName: text('customer_name').notNull().default(''),
    customerInvoice: text('customer_invoice').notNull().default(''),
    supplierName: text('supplier_name').notNull().default(''),
    haulerName: text('hauler_name').notNull().default(''),
    orderNumberOnlineshop: text('order_number_onlineshop').notNull().default(''),
    statusId: uuid('status_id').references(() => claimStatuses.id, { onDelete: 'set null' }),
    priority: smallint('priority'),
    // Checklist
    scenario: text('scenario'),
    forwardedToSupplier: timestamp('forwarded_to_supplier', { withTimezone: true }),
    supplierClaimNumber: text('supplier_claim_number').notNull().default(''),
    acceptedBySupplier: timestamp('accepted_by_supplier', { withTimezone: true }),
    goodWill: boolean('good_will').notNull().default(false),
    email: text('email').notNull().default(''),
    coupon: text('coupon').notNull().default(''),
    workflowDone: timestamp('workflow_done', { withTimezone: true }),
    additionalInfo: text('additional_info').notNull().default(''),
    completed: timestamp('completed', { withTimezone: true }),
    stockUpdated: boolean('stock_updated').notNull().default(false),
    baNumber: text('ba_number').notNull().default(''),
    lueckentext: jsonb('lueckentext').$type<TLueckentext>(),
    /** Number and customer for the portal search. */
    search: tsvector('search').generatedAlwaysAs((): SQL => searchVector([[sql`number`, 'A'], [sql`customer_name`, 'A']])),
    ...timestamps(),
  },
  (t) => [
    unique('claims_year_seq_uq').on(t.year, t.seq),
    check('claims_type_ck', sql`${t.type} in ('customer-item', 'stock-item', 'hauler-item')`),
    check('claims_priority_ck', sql`${t.priority} is null or ${t.priority} between 1 and 3`),
    // The lists: open or closed by either rule (the predicates of stateWhere), newest first, for
    // all locations and per location; their counts read these indexes only. DESC NULLS FIRST is
    // what ORDER BY … DESC means: an index in another null order would not serve the sort.
    index('claims_location_created_idx').on(t.locationId, t.createdAt.desc().nullsFirst(), t.id),
    index('claims_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    ...(
      [
        ['open_booking', sql`(${t.baNumber} = '' or not ${t.stockUpdated})`],
        ['closed_booking', sql`(${t.baNumber} <> '' and ${t.stockUpdated})`],
        ['open_checklist', sql`${t.completed} is null`],
        ['closed_checklist', sql`${t.completed} is not null`],
      ] as const
    ).flatMap(([name, predicate]) => [
      index(`claims_${name}_idx`).on(t.createdAt.desc().nullsFirst(), t.id).where(predicate),
      index(`claims_${name}_location_idx`).on(t.locationId, t.createdAt.desc().nullsFirst(), t.id).where(predicate),
      // Narrow, for counting the many closed claims of all locations from the index alone.
      ...(name.startsWith('closed') ? [index(`claims_${name}_count_idx`).on(t.locationId).where(predicate)] : []),
    ]),
    index('claims_year_location_idx').on(t.year, t.locationId),
    // Number search anywhere in the number ('42' finds 2026-0042).
    index('claims_number_trgm_idx').using('gin', sql`${t.number} gin_trgm_ops`),
    index('claims_created_by_idx').on(t.createdById),
    index('claims_search_idx').using('gin', t.search),
    index('claims_status_idx').on(t.statusId),
  ],
);

/**
 * A file of a claim's checklist. The same bytes (SHA-256) are held once per field: a second upload
 * of them is answered with the first. Files go with their claim.
 */
export const claimFiles = pgTable(
  'claim_files',
  {
    id: id(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    thumbnailFileId: uuid('thumbnail_file_id').references(() => files.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: uuid('uploaded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('claim_files_same_bytes_uq').on(t.claimId, t.field, t.sha256),
    check('claim_files_field_ck', sql`${t.field} in ('complaintForm', 'pictures', 'customerInvoiceUploads')`),
    index('claim_files_claim_idx').on(t.claimId, t.field, t.createdAt),
    index('claim_files_file_idx').on(t.fileId),
  ],
);

/**
 * A stock correction booked from a claim: the stock module's history row it wrote, and what the
 * claim shows of it. Article and location are copied by name so the record outlives them.
 */
export const claimStockCorrections = pgTable(
  'claim_stock_corrections',
  {
    id: id(),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    historyId: uuid('history_id')
      .unique()
      .references(() => stockHistory.id, { onDelete: 'set null' }),
    articleId: uuid('article_id').references(() => articles.id, { onDelete: 'set null' }),
    articleNumber: text('article_number').notNull(),
    articleName: text('article_name').notNull(),
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'set null' }),
    locationName: text('location_name').notNull(),
    quantity: integer('quantity').notNull(),
    before: integer('before').notNull(),
    after: integer('after').notNull(),
    userId: uuid('user_id'),
    userName: text('user_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('claim_stock_corrections_claim_idx').on(t.claimId, t.createdAt),
    // Deleting an article or a location clears its references here.
    index('claim_stock_corrections_article_idx').on(t.articleId),
    index('claim_stock_corrections_location_idx').on(t.locationId),
  ],
);
