import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from './db.ts';
import { AppError, badRequest } from './errors.ts';
import { attachment } from './exports.ts';
import { files } from './files.table.ts';
import { heicToJpeg } from './heic.ts';
import { imageFacts, squareJpeg } from './images.ts';
import { TooLargeError, type Storage, type StreamedFile } from './storage.ts';
import { extractText } from './text-extract.ts';
import type { TextKind } from './text-extract-worker.ts';

/**
 * The one way files come in and go out (ARCHITECTURE §8). A module names its rules (which name
 * endings it takes, which bytes each may hold, its limits and German answers) and then:
 *
 * 1. receives the file: streamed into storage up to its limit, past it 413 with the domain's
 *    message and nothing kept (`receiveFile`; the three request shapes in upload-body.ts);
 * 2. stages it (`stageFile`): the bytes checked against the allowed kinds by their magic number,
 *    HEIC/HEIF turned into JPEG (quality 0.9), pictures given a thumbnail and their dominant
 *    colour (or made a square JPEG), documents their text for the search. A refusal removes what
 *    was stored;
 * 3. commits it with its row (`commitFile` inside the row's transaction), or discards it when the
 *    row is refused (`orDiscard`, `discardFiles`): no row without bytes, no bytes without a row.
 *
 * Downloads go out through `sendStoredFile`.
 */

/** What a domain takes, and what it answers when it does not. */
export interface UploadRules {
  /** The ending of a name as the domain reads it ('jpg', '.mov.qt' …); null when it takes no such file. */
  endingOf(name: string): string | null;
  /** For each ending, the types (file-type's extensions) the bytes may be; `hevc` is a raw HEVC stream. */
  allowed: Readonly<Record<string, readonly string[]>>;
  /** The largest file by its name; `null` while the name is not known yet (the largest of all). */
  maxBytes(fileName: string | null): number;
  /** The domain's German answer to a file past its limit (413). */
  tooLarge(fileName: string | null): string;
  refusals: {
    /** A name or bytes of a type the domain does not take. */
    type: string;
    /** A file without bytes. */
    empty: string;
    /** A picture that does not decode. */
    unreadable: string;
  };
  /** Pictures get a JPEG thumbnail this wide (never enlarged) and their dominant colour. */
  thumbnailWidth?: number;
  /** Pictures are kept as a JPEG this many pixels square, filled from their middle (avatars): the original is not kept. */
  square?: number;
  /** The file's text is read for the full-text search (PDF, Word, Excel). */
  text?: boolean;
}

/** A file as it arrived: its own name and its bytes in storage, not yet checked or recorded. */
export interface UploadedFile {
  fileName: string;
  stored: StreamedFile;
}

/** What the bytes of a staged file are: pictures are converted and get thumbnails. */
export type FileKind = 'image' | 'pdf' | 'video' | 'other';

/** A checked file in storage, not yet in the database: committed with its row, or discarded. */
export interface StagedFile {
  /** The name it is stored under (a HEIC photo's or a squared picture's ends in .jpg). */
  name: string;
  mimeType: string;
  size: number;
  kind: FileKind;
  /** The ending its name was taken by. */
  ending: string;
  /** SHA-256 of the bytes as they arrived (before any conversion). */
  sha256: string;
  storageKey: string;
  thumbnail: { key: string; size: number } | null;
  dominantColor: string | null;
  /** The text for the search; empty unless the rules ask for it. */
  text: string;
  /** Every object written for this file: what a discard removes. */
  keys: string[];
}

const KIND_OF: Record<string, FileKind> = { png: 'image', jpg: 'image', gif: 'image', heic: 'image', heif: 'image', pdf: 'pdf', mp4: 'video', mov: 'video', m4v: 'video', hevc: 'video' };
/** Office files are ZIPs whose telling entry may lie past the first bytes: their type is read from the whole file. */
const ZIP_TYPES = new Set(['docx', 'xlsx']);
const isTextKind = (ext: string): ext is TextKind => ext === 'pdf' || ext === 'docx' || ext === 'xlsx';

/** A file past its limit: 413 with the domain's words. */
export const tooLargeError = (message: string) => new AppError(413, 'body_too_large', message);

/** A raw HEVC stream has no container; it starts with an Annex B start code. */
const isHevcStream = (b: Buffer) => b.length > 4 && b[0] === 0 && b[1] === 0 && (b[2] === 1 || (b[2] === 0 && b[3] === 1));

// file-type loads with the first upload, not at start.
const fileType = async (bytes: Buffer) => (bytes.length ? (await import('file-type')).fileTypeFromBuffer(bytes) : undefined);

/**
 * Streams a file into storage without holding it in memory, up to the limit its name allows; past
 * it, 413 with the domain's message, and nothing of it is kept.
 */
export async function receiveFile(storage: Storage, source: Readable, rules: Pick<UploadRules, 'maxBytes' | 'tooLarge'>, fileName: string | null): Promise<StreamedFile> {
  try {
    return await storage.putStream(source, rules.maxBytes(fileName));
  } catch (err) {
    if (err instanceof TooLargeError) throw tooLargeError(rules.tooLarge(fileName));
    throw err;
  }
}

/** The type of the bytes if the ending allows it: a raw HEVC stream, or what file-type reads. */
async function allowedType(bytes: Buffer, allowed: readonly string[]): Promise<{ ext: string; mime: string } | null> {
  if (allowed.includes('hevc') && isHevcStream(bytes)) return { ext: 'hevc', mime: 'video/hevc' };
  const found = await fileType(bytes);
  return found && allowed.includes(found.ext) ? found : null;
}

/**
 * Checks a file against the domain's rules and prepares it for its row. The file comes received
 * (`stored`) or as bytes in memory (`bytes`, stored only once they pass). `name` is the name it is
 * stored under (by default its own), `ending` the type its bytes must have (by default the
 * ending of that name; null when its own name has none the domain takes). Refusals (400, 413)
 * leave nothing in storage, the received bytes included.
 */
export async function stageFile(
  storage: Storage,
  file: UploadedFile | { fileName: string; bytes: Buffer },
  rules: UploadRules,
  opts: { name?: string; ending?: string | null } = {},
): Promise<StagedFile> {
  const source =
    'stored' in file
      ? { ...file.stored, bytes: null as Buffer | null }
      : { key: null, size: file.bytes.length, sha256: createHash('sha256').update(file.bytes).digest('hex'), head: file.bytes, bytes: file.bytes };
  const keys = source.key ? [source.key] : [];
  // The whole file, read from storage at most once (bytes that came whole are there already).
  const readAll = async () => (source.bytes ??= await storage.get(source.key!));
  try {
    const name = opts.name ?? file.fileName.trim();
    const ending = opts.ending !== undefined ? opts.ending : rules.endingOf(name);
    const allowed = ending ? rules.allowed[ending] : undefined;
    if (!ending || !allowed) throw badRequest(rules.refusals.type);
    if (source.size === 0) throw badRequest(rules.refusals.empty);
    if (source.size > rules.maxBytes(name)) throw tooLargeError(rules.tooLarge(name));
    const whole = rules.text || allowed.some((t) => ZIP_TYPES.has(t));
    const type = await allowedType(whole ? await readAll() : (source.bytes ?? source.head), allowed);
    if (!type) throw badRequest(rules.refusals.type);
    const kind = KIND_OF[type.ext] ?? 'other';
    let stored = { name, mimeType: type.mime, size: source.size };
    let converted: Buffer | null = null;
    let thumbnail: Buffer | null = null;
    let dominantColor: string | null = null;
    if (kind === 'image') {
      let picture = await readAll();
      if (type.ext === 'heic' || type.ext === 'heif') {
        converted = await heicToJpeg(picture);
        if (!converted) throw badRequest(rules.refusals.unreadable);
        picture = converted;
        stored = { name: name.replace(/\.(heic|heif)$/i, '') + '.jpg', mimeType: 'image/jpeg', size: converted.length };
      }
      if (rules.square) {
        converted = await squareJpeg(picture, rules.square, rules.refusals.unreadable);
        picture = converted;
        stored = { name: stored.name.replace(/\.\w+$/, '') + '.jpg', mimeType: 'image/jpeg', size: converted.length };
      }
      if (rules.thumbnailWidth) ({ thumbnail, dominantColor } = await imageFacts(picture, rules.thumbnailWidth, rules.refusals.unreadable));
    }
    const text = rules.text && isTextKind(type.ext) ? await extractText(await readAll(), type.ext) : '';
    const storageKey = converted || !source.key ? await storage.put(converted ?? source.bytes!) : source.key;
    if (storageKey !== source.key) keys.push(storageKey);
    const thumbnailKey = thumbnail ? await storage.put(thumbnail) : null;
    if (thumbnailKey) keys.push(thumbnailKey);
    // The original HEIC (or squared picture) is not kept: the JPEG is the file.
    if (source.key && storageKey !== source.key) {
      await storage.remove(source.key);
      keys.splice(keys.indexOf(source.key), 1);
    }
    return {
      ...stored,
      kind,
      ending,
      sha256: source.sha256,
      storageKey,
      thumbnail: thumbnailKey ? { key: thumbnailKey, size: thumbnail!.length } : null,
      dominantColor,
      text,
      keys,
    };
  } catch (err) {
    await removeKeys(storage, keys);
    throw err;
  }
}

/**
 * Records a staged file and its thumbnail in `files`, inside the transaction that writes the row
 * holding them; their ids go into that row.
 */
export async function commitFile(tx: Db, staged: StagedFile, createdBy: string | null): Promise<{ fileId: string; thumbnailFileId: string | null }> {
  const [file] = await tx
    .insert(files)
    .values({ storageKey: staged.storageKey, name: staged.name, mimeType: staged.mimeType, size: staged.size, createdBy })
    .returning({ id: files.id });
  const [thumb] = staged.thumbnail
    ? await tx
        .insert(files)
        .values({ storageKey: staged.thumbnail.key, name: `vorschau-${staged.name.replace(/\.\w+$/, '')}.jpg`, mimeType: 'image/jpeg', size: staged.thumbnail.size, createdBy })
        .returning({ id: files.id })
    : [];
  return { fileId: file!.id, thumbnailFileId: thumb?.id ?? null };
}

type Discardable = UploadedFile | StagedFile | null | undefined;

/** Removes the stored objects of files that were received or staged but will not be recorded. */
export async function discardFiles(storage: Storage, list: readonly Discardable[]) {
  await removeKeys(
    storage,
    list.flatMap((f) => (!f ? [] : 'keys' in f ? f.keys : [f.stored.key])),
  );
}

/**
 * Runs the work that checks or records received or staged files (the fields' checks, the row's
 * transaction); when it fails, their stored objects go and the refusal is passed on.
 */
export async function orDiscard<T>(storage: Storage, list: readonly Discardable[], work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    await discardFiles(storage, list);
    throw err;
  }
}

async function removeKeys(storage: Storage, keys: readonly string[]) {
  await Promise.all(keys.map((k) => storage.remove(k).catch(() => undefined)));
}

/** Stores bytes the server made itself (the demo company) and their row. */
export async function saveFile(db: Db, storage: Storage, input: { name: string; mimeType: string; bytes: Buffer; createdBy: string | null }) {
  const storageKey = await storage.put(input.bytes);
  const [row] = await db
    .insert(files)
    .values({ storageKey, name: input.name, mimeType: input.mimeType, size: input.bytes.length, createdBy: input.createdBy })
    .returning({ id: files.id, name: files.name, mimeType: files.mimeType, size: files.size });
  return row!;
}

/** Removes a recorded file: its row, then its bytes. */
export async function deleteFile(db: Db, storage: Storage, id: string): Promise<void> {
  const [row] = await db.delete(files).where(eq(files.id, id)).returning({ storageKey: files.storageKey });
  if (row) await storage.remove(row.storageKey);
}

/** Removes recorded files (ids may be missing): their rows in one statement, then their bytes. */
export async function deleteFiles(db: Db, storage: Storage, ids: readonly (string | null | undefined)[]): Promise<number> {
  const present = ids.filter((id): id is string => !!id);
  if (present.length === 0) return 0;
  const rows = await db.delete(files).where(inArray(files.id, present)).returning({ storageKey: files.storageKey });
  await removeKeys(storage, rows.map((r) => r.storageKey));
  return rows.length;
}

/** A recorded file's row as a download needs it, or null. */
export async function storedFile(db: Db, id: string) {
  const [row] = await db.select({ storageKey: files.storageKey, name: files.name, mimeType: files.mimeType, size: files.size }).from(files).where(eq(files.id, id));
  return row ?? null;
}

interface SendOptions {
  /** `attachment` saves the file; `inline` shows it in place (pictures in a page, a PDF in a tab). */
  disposition?: 'attachment' | 'inline';
  /**
   * `revalidate` (every file behind a right): the browser keeps the bytes but asks each time, so
   * the route's access check runs on every view and a revoked right takes effect at once; an
   * unchanged file costs a 304. `immutable`: only for addresses that name their bytes and that
   * everyone signed in may see (avatars).
   */
  cache?: 'revalidate' | 'immutable';
}

/**
 * Answers with a stored file, streamed from storage, with its name (Content-Disposition),
 * `nosniff` (the browser takes the type we checked, never guesses one) and its cache rule.
 */
export function sendStoredFile(reply: FastifyReply, storage: Storage, file: { storageKey: string; name: string; mimeType: string; size: number }, opts: SendOptions = {}) {
  const header = attachment(file.name);
  // A stored file's bytes never change: its key names them.
  const etag = `"${createHash('sha256').update(file.storageKey).digest('base64url').slice(0, 22)}"`;
  reply
    .header('Cache-Control', opts.cache === 'immutable' ? 'private, max-age=86400, immutable' : 'private, no-cache')
    .header('ETag', etag)
    .header('X-Content-Type-Options', 'nosniff');
  const known = reply.request.headers['if-none-match'];
  if (known && known.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
  return reply
    .header('Content-Length', String(file.size))
    .header('Content-Disposition', opts.disposition === 'inline' ? header.replace(/^attachment/, 'inline') : header)
    .type(file.mimeType)
    .send(storage.stream(file.storageKey));
}
