import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';
import { files } from '../../platform/files.table.ts';

/** An assortment category ('Sortiment', spec 2 §3 Category): Laminat, Vinyl, Parkett, … */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    info: text('info').notNull().default(''),
    /** Own address of 'Zum Bestand' (opens in a new window); empty: the stock page. */
    link: text('link').notNull().default(''),
    sales1Name: text('sales1_name').notNull().default(''),
    sales2Name: text('sales2_name').notNull().default(''),
    sales3Name: text('sales3_name').notNull().default(''),
    ...timestamps(),
  },
  (t) => [index('categories_position_idx').on(t.position, t.name)],
);

/** A supplier contact of a category ('Ansprechpartner'), in the order of the form. */
export const categoryContacts = pgTable(
  'category_contacts',
  {
    id: id(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    company: text('company').notNull().default(''),
    responsibility: text('responsibility').notNull().default(''),
    salutation: text('salutation').notNull().default(''),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    ...timestamps(),
  },
  (t) => [index('category_contacts_category_idx').on(t.categoryId, t.position)],
);

/** A folder of a category's technical data: depth 1 in the root, depth 2 inside a depth-1 folder. */
export const categoryFolders = pgTable(
  'category_folders',
  {
    id: id(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => categoryFolders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    depth: smallint('depth').notNull(),
    ...timestamps(),
  },
  (t) => [
    index('category_folders_category_idx').on(t.categoryId),
    index('category_folders_parent_idx').on(t.parentId),
    check('category_folders_depth_check', sql`${t.depth} between 1 and 2`),
  ],
);

/** A technical-data file of a category, in its root (`folder_id` null) or a folder. */
export const categoryFiles = pgTable(
  'category_files',
  {
    id: id(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id').references(() => categoryFolders.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .unique()
      .references(() => files.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...timestamps(),
  },
  (t) => [index('category_files_category_idx').on(t.categoryId), index('category_files_folder_idx').on(t.folderId)],
);
