import { sql, type SQL } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';
import { searchVector, tsvector } from '../../platform/search.ts';
import { categories } from '../assortment/index.ts';
import { colorLabels, manufacturers } from '../lists/index.ts';
import { locations } from '../locations/index.ts';

const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/**
 * An article (spec 2 §3 Article). Its category may only be deleted when it has no articles
 * (`restrict`); its EANs live in article_eans, unique across all articles.
 */
export const articles = pgTable(
  'articles',
  {
    id: id(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    manufacturerId: uuid('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'restrict' }),
    labelId: uuid('label_id').references(() => colorLabels.id, { onDelete: 'set null' }),
    number: text('number').notNull(),
    /** The main EAN (also in article_eans); the scan list holds the others. */
    ean: text('ean').notNull(),
    name: text('name').notNull().default(''),
    decor: text('decor').notNull().default(''),
    sales1: text('sales1').notNull().default(''),
    sales2: text('sales2').notNull().default(''),
    sales3: text('sales3').notNull().default(''),
    strength: text('strength').notNull().default(''),
    outlet: text('outlet').notNull().default(''),
    quality: text('quality').notNull().default(''),
    baseboard: text('baseboard').notNull().default(''),
    corner: text('corner').notNull().default(''),
    srp: money('srp'),
    price: money('price'),
    actionPrice: money('action_price'),
    actionPriceFrom: timestamp('action_price_from', { withTimezone: true }),
    actionPriceTill: timestamp('action_price_till', { withTimezone: true }),
    package: integer('package'),
    package2: integer('package2'),
    deliveryCentralWarehouse: date('delivery_central_warehouse'),
    deliveryCentralWarehouse2: date('delivery_central_warehouse2'),
    advertising: boolean('advertising').notNull().default(false),
    advertisingActionPrice: money('advertising_action_price'),
    advertisingFrom: timestamp('advertising_from', { withTimezone: true }),
    advertisingTill: timestamp('advertising_till', { withTimezone: true }),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** Number, main EAN, name and decor for the portal search; the other EANs are matched exactly. */
    search: tsvector('search').generatedAlwaysAs((): SQL => searchVector([[sql`number || ' ' || ean`, 'A'], [sql`name || ' ' || decor`, 'B']])),
    ...timestamps(),
  },
  (t) => [
    index('articles_search_idx').using('gin', t.search),
    // The stock list: one category, sorted by number (the default), paged.
    index('articles_category_number_idx').on(t.categoryId, t.number, t.id),
    index('articles_category_manufacturer_idx').on(t.categoryId, t.manufacturerId, t.number),
    index('articles_category_label_idx').on(t.categoryId, t.labelId),
    index('articles_manufacturer_idx').on(t.manufacturerId),
    index('articles_label_idx').on(t.labelId),
    // Without a category: all articles by number.
    index('articles_number_idx').on(t.number, t.id),
    // Number search across categories (prefix, case-insensitive).
    index('articles_number_lower_idx').using('btree', sql`lower(${t.number}) text_pattern_ops`),
  ],
);

/** Every EAN of an article (the main one and the scan list); one article per EAN. */
export const articleEans = pgTable(
  'article_eans',
  {
    ean: text('ean').primaryKey(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
  },
  (t) => [index('article_eans_article_idx').on(t.articleId)],
);

/** The counted stock of an article at a location. */
export const articleStocks = pgTable(
  'article_stocks',
  {
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who counted last (no foreign key: the history keeps names of deleted accounts). */
    updatedBy: uuid('updated_by'),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.locationId] }),
    index('article_stocks_location_idx').on(t.locationId, t.articleId),
    // The stock per location of a list row, read from the index alone (no table page per location).
    index('article_stocks_article_count_idx').on(t.articleId, t.locationId, t.count),
    check('article_stocks_count_check', sql`${t.count} between 0 and 1000000`),
  ],
);

/**
 * Every stock change (who, when, where, before, after). Rows are never changed: a trigger of
 * the migration refuses UPDATE; they go only with their article or location.
 */
export const stockHistory = pgTable(
  'stock_history',
  {
    id: id(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    userName: text('user_name').notNull(),
    before: integer('before'),
    after: integer('after').notNull(),
    /** Why, when not a count: 'Beanstandung 2026-0042' for a correction booked from a claim. */
    reason: text('reason'),
    /**
     * The device's id of a count (offline counting): unique, so a count sent again — after a lost
     * answer, from two tabs, fifty times at once — is written once; the database decides.
     */
    clientChangeId: uuid('client_change_id').unique('stock_history_client_change_id_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_history_article_idx').on(t.articleId, t.createdAt.desc(), t.id),
    index('stock_history_location_idx').on(t.locationId, t.createdAt.desc()),
  ],
);

/** A finished stock check of a category at a location ('Bestand geprüft'). */
export const stockChecks = pgTable(
  'stock_checks',
  {
    id: id(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    userName: text('user_name').notNull(),
    /** Stock changes of the category at the location since the check before. */
    changes: integer('changes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stock_checks_category_location_idx').on(t.categoryId, t.locationId, t.createdAt.desc())],
);
