import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';
import { files } from '../../platform/files.table.ts';
import { searchVector, tsvector } from '../../platform/search.ts';

/**
 * A folder of the library (spec 2 §3 Folder). `path` holds the ancestors and the folder itself
 * from the top, so visibility (every folder on the way must admit the person) and the breadcrumb
 * are read without walking the tree; depth is its length, at most five.
 */
export const libraryFolders = pgTable(
  'library_folders',
  {
    id: id(),
    name: text('name').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => libraryFolders.id, { onDelete: 'cascade' }),
    path: uuid('path').array().notNull(),
    /** Read groups: empty for everyone who sees documents; else these groups or their sub-groups. */
    teams: uuid('teams').array().notNull().default([]),
    /** Upload groups: empty for everyone who may create documents; else these groups. */
    teamsUpload: uuid('teams_upload').array().notNull().default([]),
    shortLink: text('short_link'),
    createdById: uuid('created_by_id'),
    ...timestamps(),
  },
  (t) => [
    check('library_folders_depth_ck', sql`cardinality(${t.path}) between 1 and 5`),
    // One name per place; the top level counts as one place.
    uniqueIndex('library_folders_name_uq').on(sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`, sql`lower(${t.name})`),
    uniqueIndex('library_folders_short_link_uq').on(sql`lower(${t.shortLink})`),
    // With the read groups: a folder's sub-folders are counted and walked from the index alone.
    index('library_folders_parent_idx').on(t.parentId, t.teams),
    index('library_folders_path_idx').using('gin', t.path),
    index('library_folders_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

/**
 * A document of the library (spec 2 §3 Document) in a folder. `content` is the text read from
 * the file on upload; `search` indexes name and text for the German full-text search.
 */
export const libraryDocuments = pgTable(
  'library_documents',
  {
    id: id(),
    folderId: uuid('folder_id')
      .notNull()
      .references(() => libraryFolders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    fileId: uuid('file_id')
      .notNull()
      .unique()
      .references(() => files.id, { onDelete: 'restrict' }),
    teams: uuid('teams').array().notNull().default([]),
    shortLink: text('short_link'),
    content: text('content').notNull().default(''),
    search: tsvector('search').generatedAlwaysAs(
      (): ReturnType<typeof sql> => searchVector([[sql`name`, 'A'], [sql`content`, 'B']]),
    ),
    createdById: uuid('created_by_id'),
    createdByName: text('created_by_name').notNull(),
    ...timestamps(),
  },
  (t) => [
    check('library_documents_type_ck', sql`${t.type} in ('pdf', 'docx', 'xlsx')`),
    uniqueIndex('library_documents_short_link_uq').on(sql`lower(${t.shortLink})`),
    index('library_documents_folder_idx').on(t.folderId, sql`lower(${t.name})`, t.id),
    // Rows are wide (their text): counting a folder's documents reads this index only.
    index('library_documents_folder_teams_idx').on(t.folderId, t.teams),
    index('library_documents_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('library_documents_search_idx').using('gin', t.search),
    // Words under three letters find documents by their name only (the portal search while typing):
    // as a prefix of the text they match nearly every document.
    index('library_documents_name_search_idx').using('gin', sql`to_tsvector('search_de'::regconfig, ${t.name})`),
  ],
);
