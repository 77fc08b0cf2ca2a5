import { bigint, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../db/columns.ts';

/** Metadata of a stored file; the bytes live in the storage backend under `storageKey`. */
export const files = pgTable('files', {
  id: id(),
  storageKey: text('storage_key').notNull().unique(),
  name: text('name').notNull(),
  mimeType: text('mime_type').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdBy: uuid('created_by'),
  ...timestamps(),
});
