import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { MSG } from '@filialportal/core/messages';
import type { Db } from '../../src/platform/db.ts';

/**
 * Shared pieces of the security suite: the database fingerprint that proves a refused call wrote
 * nothing, and the checks every refusal's body must pass (shape, German message).
 */

/**
 * Columns that change without anyone writing on purpose: the session's last activity is touched
 * by any authenticated request, refused or not (and its updated_at with it).
 */
const VOLATILE: Record<string, readonly string[]> = { sessions: ['last_seen_at', 'updated_at'] };

/**
 * A fingerprint of every table of the public schema (taken from information_schema, so a new
 * table is covered without anyone adding it here): row count and md5 over the ordered rows.
 */
export async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const names = rowsOf<{ table_name: string }>(tables).map((r) => r.table_name);
  if (names.length === 0) throw new Error('no tables in the public schema');
  const parts = names.map((name) => {
    const drop = VOLATILE[name] ?? [];
    const row = drop.length ? `(to_jsonb(x) - array[${drop.map((c) => `'${c}'`).join(', ')}]::text[])::text` : 'to_jsonb(x)::text';
    return `select '${name}' as t, count(*) || ':' || coalesce(md5(string_agg(h, ',' order by h)), '') as f from (select md5(${row}) as h from public."${name}" x) s`;
  });
  const result = await db.execute<{ t: string; f: string }>(sql.raw(parts.join('\nunion all\n')));
  return Object.fromEntries(rowsOf<{ t: string; f: string }>(result).map((r) => [r.t, r.f]));
}

/** node-postgres answers with `{ rows }`, PGlite through Drizzle too; be tolerant of both shapes. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

/** The tables whose fingerprint differs, for a readable failure. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => before[k] !== after[k]).sort();
}

const KNOWN_MESSAGES = new Set<string>(Object.values(MSG));

/** Zod's German locale (core/zod-locale.ts) starts its generic messages like this. */
const ZOD_GERMAN = /^(Ungültige Eingabe|Ungültige Option|Ungültiger String|Ungültige Zahl|Ungültig: |Zu groß: erwartet|Zu klein: erwartet|Unbekannte[r]? Schlüssel|Ungültiger Schlüssel|Ungültiger Wert)/;

/** English a framework would leak if a refusal slipped past the app's error handler. */
const ENGLISH = /\b(invalid|expected|required|must|should|bad request|not found|unauthorized|forbidden|internal server error|unexpected|unsupported|too (many|large|long|big|small)|received|property|is not|cannot|failed|error)\b/i;

/** Words almost every German sentence of the app holds at least one of. */
const GERMAN = /\b(der|die|das|den|dem|des|ein|eine|einen|ist|sind|nicht|bitte|sie|darf|dürfen|kann|können|fehlt|keine?|zu|mit|für|oder|gibt|wird|wurde)\b|[äöüß]/i;

/** Whether a refusal's message is German: a message of core/messages.ts, zod's German locale, or a German sentence. */
export function germanProblem(message: string): string | null {
  if (ENGLISH.test(message.replace(/erwartet [a-z]+|erhalten [a-z]+|dass [a-z]+ /g, ''))) return `English in message: ${message}`;
  if (KNOWN_MESSAGES.has(message) || ZOD_GERMAN.test(message) || GERMAN.test(message)) return null;
  return `not German: ${message}`;
}

/**
 * What is wrong with a 4xx answer, or null: exactly `{ error: { code, message } }` (an optional
 * `field` beside them), the message German.
 */
export function refusalProblem(res: LightMyRequestResponse): string | null {
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `not JSON: ${res.body.slice(0, 200)}`;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return `not an object: ${res.body.slice(0, 200)}`;
  const keys = Object.keys(body);
  const error = (body as { error?: unknown }).error;
  if (keys.length !== 1 || !error || typeof error !== 'object' || Array.isArray(error)) return `not { error }: ${res.body.slice(0, 200)}`;
  const e = error as Record<string, unknown>;
  const extra = Object.keys(e).filter((k) => k !== 'code' && k !== 'message' && k !== 'field');
  if (extra.length) return `extra keys ${extra.join(', ')}: ${res.body.slice(0, 200)}`;
  if (typeof e.code !== 'string' || !e.code) return `no code: ${res.body.slice(0, 200)}`;
  if (typeof e.message !== 'string' || !e.message) return `no message: ${res.body.slice(0, 200)}`;
  if ('field' in e && typeof e.field !== 'string') return `field not a string: ${res.body.slice(0, 200)}`;
  return germanProblem(e.message);
}

/** A request for a failure message: long strings shortened, so a 100k body stays readable. */
export function describeRequest(req: { method: string; url: string; payload?: unknown; headers?: Record<string, string>; as?: string }): string {
  const shorten = (v: unknown): unknown => {
    if (typeof v === 'string') return v.length > 120 ? `${JSON.stringify(v.slice(0, 40)).slice(0, -1)}…" (${v.length} Zeichen)` : v;
    if (Array.isArray(v)) return v.length > 20 ? [...v.slice(0, 20).map(shorten), `… (${v.length} Elemente)`] : v.map(shorten);
    if (Buffer.isBuffer(v)) return `<${v.length} Bytes: ${v.subarray(0, 40).toString('hex')}…>`;
    if (v && typeof v === 'object' && 'label' in v && 'text' in v) return `<JSON: ${(v as { label: string }).label}>`;
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shorten(x)]));
    return v;
  };
  const payload = req.payload === undefined ? '' : ` ${typeof req.payload === 'string' ? JSON.stringify(shorten(req.payload)) : JSON.stringify(shorten(req.payload))}`;
  const headers = req.headers && Object.keys(req.headers).length ? ` ${JSON.stringify(req.headers)}` : '';
  return `${req.as ? `[${req.as}] ` : ''}${req.method} ${shorten(req.url)}${headers}${payload}`;
}
