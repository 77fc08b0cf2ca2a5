import { isUtf8 } from 'node:buffer';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { MSG } from '@filialportal/core/messages';
import { wellFormed } from './edge.ts';
import { AppError, badRequest } from './errors.ts';
import type { Storage, StreamedFile } from './storage.ts';
import { JsonUploadScanner, placeholderIndex } from './upload-json.ts';
import { discardFiles, receiveFile, tooLargeError, type UploadedFile, type UploadRules } from './uploads.ts';

/**
 * The one reader of upload requests. A route that takes files takes them in three shapes, chosen
 * by Content-Type, and its handler gets the same thing from each: the JSON beside the files (the
 * entity under its name, `fileNames`, `newFolderName` …) and the files, already received into
 * storage with the domain's size limit (uploads.ts) and not yet checked or recorded.
 *
 * - `application/octet-stream`: the raw bytes of one file; the fields are in the query (what the
 *   web sends: progress per file, nothing to encode).
 * - `application/json`: the spec's shape, `{ <entity>: {…}, files: [{ fileName, data:
 *   "data:<type>;base64,…" }] }` or `{ …, file: {…} }`. Read as it arrives (upload-json.ts): the
 *   base64 is decoded in pieces, so a body at the limit neither sits in memory nor holds the event
 *   loop.
 * - `multipart/form-data`: a part named after the entity holding its JSON, other text parts as
 *   fields, and one part per file (@fastify/multipart).
 *
 * The module then stages each file (uploads.ts: kind by magic number, conversion, thumbnails,
 * text) and commits it with its row or discards it.
 */

/** A domain's upload rules, and for the request: the entity's name (the JSON part of a multipart body) and most files per request. */
export type RequestRules = UploadRules & { entity: string; maxFiles: number };

export interface UploadBody {
  /** Everything but the files: the entity under its name and what sits beside it. */
  fields: Record<string, unknown>;
  /** Each with its own name: `fileName` (or `name`) of its JSON object, the part's filename, or the raw upload's name. */
  files: UploadedFile[];
}

/** The keys a JSON body carries its files under (spec: `files` for documents, `file` for advertising; either is read). */
const FILE_KEYS = ['files', 'file'] as const;
/** Everything in a body but the files' bytes: the usual JSON limit of the API. */
const TEXT_MAX = 1024 * 1024;
/** Work done between two turns of the event loop while a large body is read. */
const SLICE = 512 * 1024;

/**
 * The route body limit of an upload route: the base64 text of its largest file plus the JSON
 * around it. JSON bodies larger than that are refused with 413 while they arrive.
 */
export const uploadBodyLimit = (maxFileBytes: number) => Math.ceil(maxFileBytes / 3) * 4 + TEXT_MAX;

type UploadShape = 'raw' | 'json' | 'multipart';

/** Which of the three shapes a request has (the routes' content-type parsers admit only these). */
export function uploadShape(req: FastifyRequest): UploadShape {
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith('multipart/')) return 'multipart';
  if (type.startsWith('application/octet-stream')) return 'raw';
  return 'json';
}

/**
 * Registers routes that take uploads in a context of their own, where a JSON body reaches the
 * handler unread (the sign-in check runs first, and the handler reads it with `readUpload`),
 * beside multipart and raw bytes. Other routes of the module keep the ordinary JSON parser.
 */
export async function uploadRoutes(app: FastifyInstance, register: (uploads: FastifyInstance) => void | Promise<void>) {
  await app.register(async (uploads) => {
    uploads.removeContentTypeParser('application/json');
    uploads.addContentTypeParser(['application/json', 'application/octet-stream'], (_req, payload, done) => done(null, payload));
    await uploads.register(multipart);
    await register(uploads);
  });
}

/**
 * Route-level validator for upload routes: their body (and the raw shape's query) is read and
 * checked by the handler, so the schemas there only describe the JSON shape for the API docs.
 */
export const describedOnly = () => (data: unknown) => ({ value: data });

/**
 * Reads an upload request in any of the three shapes. `rawName` is the raw upload's file name
 * (from its query). Refusals (400, 413 with the domain's message) leave nothing in storage.
 */
export async function readUpload(req: FastifyRequest, storage: Storage, rules: RequestRules, rawName = ''): Promise<UploadBody> {
  const shape = uploadShape(req);
  const staged: UploadedFile[] = [];
  try {
    let fields: Record<string, unknown>;
    if (shape === 'raw') {
      fields = {};
      const body = req.body as Readable | undefined;
      if (body && typeof body.pipe === 'function') {
        const stored = await receiveFile(storage, body, rules, rawName);
        if (stored.size > 0) staged.push({ fileName: rawName, stored });
        else await storage.remove(stored.key);
      }
    } else if (shape === 'json') {
      fields = await readJson(req, storage, rules, staged);
    } else {
      fields = await readMultipart(req, storage, rules, staged);
    }
    // A file's limit by its final name (in JSON the name may follow the data).
    for (const f of staged) if (f.stored.size > rules.maxBytes(f.fileName || null)) throw tooLargeError(rules.tooLarge(f.fileName || null));
    if (!wellFormed(fields)) throw badRequest(MSG.invalidCharacters, 'invalid_characters');
    return { fields, files: staged };
  } catch (err) {
    await discardFiles(storage, staged);
    throw err;
  }
}

const tooManyFiles = (rules: RequestRules) => badRequest(MSG.uploadTooManyFiles.replace('{n}', String(rules.maxFiles)), 'too_many_files');

async function readJson(req: FastifyRequest, storage: Storage, rules: RequestRules, staged: UploadedFile[]): Promise<Record<string, unknown>> {
  const limit = req.routeOptions.bodyLimit ?? TEXT_MAX;
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw tooLargeError(rules.tooLarge(null));
  const results: Promise<StreamedFile>[] = [];
  const scanner = new JsonUploadScanner({
    fileKeys: FILE_KEYS,
    maxTextBytes: TEXT_MAX,
    openFile(name) {
      if (results.length >= rules.maxFiles) throw tooManyFiles(rules);
      const pass = new PassThrough({ highWaterMark: SLICE });
      const stored = receiveFile(storage, pass, rules, name);
      // Failures surface through write/end; this keeps an early one from going unhandled.
      stored.catch(() => undefined);
      results.push(stored);
      let failed = false;
      return {
        async write(bytes) {
          if (!pass.write(bytes)) await Promise.race([once(pass, 'drain'), stored]);
        },
        async end() {
          pass.end();
          const file = await stored;
          staged.push({ fileName: '', stored: file });
        },
        async abort() {
          if (failed) return;
          failed = true;
          pass.destroy();
          await stored.catch(() => undefined);
        },
      };
    },
  });
  const body = req.body as Readable | undefined;
  let total = 0;
  let sinceYield = 0;
  try {
    if (body && typeof body.pipe === 'function') {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > limit) throw tooLargeError(rules.tooLarge(null));
        for (let i = 0; i < chunk.length; i += SLICE) {
          await scanner.push(chunk.subarray(i, i + SLICE));
          sinceYield += Math.min(SLICE, chunk.length - i);
          // A body that came in one piece (or faster than it is read) still lets others in between.
          if (sinceYield >= SLICE) {
            sinceYield = 0;
            await new Promise<void>((resolve) => setImmediate(resolve));
          }
        }
      }
    }
  } catch (err) {
    await scanner.abort();
    throw err;
  }
  const text = scanner.finish();
  const fields = parseObject(text);
  // Each placeholder names its staged file; the file's own name comes from its object.
  for (const key of FILE_KEYS) {
    const value = fields[key];
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (!item || typeof item !== 'object' || Array.isArray(item)) throw badRequest(MSG.uploadDataInvalid, 'invalid_file_data');
      const o = item as Record<string, unknown>;
      const n = placeholderIndex(o.data);
      if (n === null) continue;
      staged[n]!.fileName = (typeof o.fileName === 'string' && o.fileName.trim()) || (typeof o.name === 'string' && o.name.trim()) || '';
    }
    delete fields[key];
  }
  return fields;
}

/** A JSON text as an object; keys that would reach prototypes are refused, as the API's JSON parser does. */
function parseObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text, (key, v: unknown) => {
      if (key === '__proto__' || key === 'constructor') throw new Error('prototype key');
      return v;
    });
  } catch {
    throw badRequest(MSG.invalidJson, 'invalid_json');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest(MSG.badRequest);
  return value as Record<string, unknown>;
}

/** multipart/form-data: the entity's JSON part, text fields, and file parts streamed to storage. */
async function readMultipart(req: FastifyRequest, storage: Storage, rules: RequestRules, staged: UploadedFile[]): Promise<Record<string, unknown>> {
  const largest = rules.maxBytes(null);
  const fields: Record<string, unknown> = {};
  const set = (name: string, value: unknown) => {
    const key = name.endsWith('[]') ? name.slice(0, -2) : name;
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') throw badRequest(MSG.invalidJson, 'invalid_json');
    if (key === rules.entity) fields[key] = typeof value === 'string' ? parseEntity(value) : value;
    else if (key in fields) fields[key] = [...(Array.isArray(fields[key]) ? (fields[key] as unknown[]) : [fields[key]]), value];
    else fields[key] = name.endsWith('[]') ? [value] : value;
  };
  try {
    const parts = req.parts({
      // One past each limit: reaching it is told by our own checks, with the domain's words.
      limits: { fileSize: largest + 1, files: rules.maxFiles + 2, fields: 100, fieldSize: TEXT_MAX, parts: rules.maxFiles + 102, headerPairs: 100 },
      throwFileSizeLimit: false,
    } as Parameters<FastifyRequest['parts']>[0]);
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw new AppError(413, 'body_too_large', MSG.bodyTooLarge);
        set(part.fieldname, part.value);
        continue;
      }
      const fileName = utf8Name(part.filename ?? '');
      // A browser's FormData sends JSON as a Blob: a file part named after the entity.
      if (part.fieldname === rules.entity) {
        const bytes = await readSmall(part.file);
        if (!isUtf8(bytes)) throw badRequest(MSG.invalidCharacters, 'invalid_characters');
        set(part.fieldname, bytes.toString('utf8'));
        continue;
      }
      if (staged.length >= rules.maxFiles) throw tooManyFiles(rules);
      const stored = await receiveFile(storage, part.file, rules, fileName || null);
      if (stored.size > 0) staged.push({ fileName, stored });
      else await storage.remove(stored.key);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413) throw new AppError(413, 'body_too_large', MSG.bodyTooLarge);
    throw badRequest(MSG.multipartInvalid, 'invalid_multipart');
  }
  return fields;
}

/** The entity's JSON part; an empty one is an empty entity. */
const parseEntity = (text: string) => parseObject(text.trim() === '' ? '{}' : text);

/** A JSON part sent as a file: read whole, up to the API's JSON limit. */
async function readSmall(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > TEXT_MAX) throw new AppError(413, 'body_too_large', MSG.bodyTooLarge);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Browsers send a part's filename as UTF-8 bytes, which the parser reads as Latin-1. */
function utf8Name(name: string): string {
  const bytes = Buffer.from(name, 'latin1');
  return /[^\x00-\x7f]/.test(name) && isUtf8(bytes) ? bytes.toString('utf8') : name;
}
