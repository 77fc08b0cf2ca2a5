import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { attachment } from './exports.ts';
import type { Db } from './db.ts';
import type { Storage } from './storage.ts';
import { files } from './files.table.ts';

export interface StoredFile {
  id: string;
  name: string;
  mimeType: string;
  size: number;
}

/** Stores bytes and their metadata; returns the file row. */
export async function saveFile(
  db: Db,
  storage: Storage,
  input: { name: string; mimeType: string; bytes: Buffer; createdBy: string | null },
): Promise<StoredFile> {
  const storageKey = await storage.put(input.bytes);
  const [row] = await db
    .insert(files)
    .values({ storageKey, name: input.name, mimeType: input.mimeType, size: input.bytes.length, createdBy: input.createdBy })
    .returning({ id: files.id, name: files.name, mimeType: files.mimeType, size: files.size });
  return row!;
}

export async function loadFile(db: Db, storage: Storage, id: string): Promise<(StoredFile & { bytes: Buffer }) | null> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  if (!row) return null;
  const bytes = await storage.get(row.storageKey);
  return { id: row.id, name: row.name, mimeType: row.mimeType, size: row.size, bytes };
}

export async function deleteFile(db: Db, storage: Storage, id: string): Promise<void> {
  const [row] = await db.delete(files).where(eq(files.id, id)).returning({ storageKey: files.storageKey });
  if (row) await storage.remove(row.storageKey);
}

/** Decodes a `data:<mime>;base64,…` URL (or bare base64) and tells the real type by magic bytes. */
export async function decodeDataUrl(data: string): Promise<{ bytes: Buffer; mime: string | null; ext: string | null }> {
  const comma = data.startsWith('data:') ? data.indexOf(',') : -1;
  const bytes = Buffer.from(comma >= 0 ? data.slice(comma + 1) : data, 'base64');
  // file-type loads with the first upload, not at start.
  const type = bytes.length ? await (await import('file-type')).fileTypeFromBuffer(bytes) : undefined;
  return { bytes, mime: type?.mime ?? null, ext: type?.ext ?? null };
}

/** A raw HEVC stream has no container; it starts with an Annex B start code. */
export const isHevcStream = (b: Buffer) => b.length > 4 && b[0] === 0 && b[1] === 0 && (b[2] === 1 || (b[2] === 0 && b[3] === 1));

/**
 * Answers with a stored file, streamed from storage: cached privately for a day (a stored file's
 * bytes never change), as a download or shown in place.
 */
export function sendStoredFile(reply: FastifyReply, storage: Storage, file: { storageKey: string; name: string; mimeType: string; size: number }, disposition: 'attachment' | 'inline' = 'attachment') {
  const header = attachment(file.name);
  return reply
    .header('Cache-Control', 'private, max-age=86400, immutable')
    .header('Content-Length', String(file.size))
    .header('Content-Disposition', disposition === 'inline' ? header.replace(/^attachment/, 'inline') : header)
    .type(file.mimeType)
    .send(storage.stream(file.storageKey));
}
