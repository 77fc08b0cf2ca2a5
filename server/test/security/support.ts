import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { MSG } from '@filialportal/core/messages';
import type { Db } from '../../src/platform/db.ts';

/**
 * Shared pieces of the security suite: the write counter that proves a refused call wrote
 * nothing, and the checks every refusal's body must pass (shape, German message).
 */

/**
 * Columns that change without anyone writing on purpose: the session's last activity is touched
 * by any authenticated request, refused or not (and its updated_at with it).
 */
const VOLATILE: Record<string, readonly string[]> = { sessions: ['last_seen_at', 'updated_at'] };

/** The table the triggers count into; it is not counted itself. */
const COUNTS = 'test_table_writes';

/**
 * Puts a counting trigger on every table of the public schema (taken from information_schema, so
 * a new table is covered without anyone adding it here): each inserted or deleted row, each
 * updated row whose values changed (the volatile columns left out) and each truncate adds one to
 * its table's count, in the writing transaction, so a write that was rolled back counts nothing.
 * Reading the counts is one small query; hashing every table's rows before and after each refusal
 * took a tenth of a second per look.
 */
export async function trackWrites(db: Db): Promise<void> {
  const names = await tableNames(db);
  const statements = [
    `create table if not exists ${COUNTS} (table_name text primary key, writes bigint not null)`,
    `create or replace function ${COUNTS}_note() returns trigger language plpgsql as $$
      begin
        insert into ${COUNTS} values (TG_TABLE_NAME, 1) on conflict (table_name) do update set writes = ${COUNTS}.writes + 1;
        return null;
      end $$`,
  ];
  for (const name of names) {
    const drop = VOLATILE[name] ?? [];
    const values = (row: string) => `(to_jsonb(${row})${drop.map((c) => ` - '${c}'`).join('')})`;
    const trigger = (suffix: string, when: string) => `drop trigger if exists ${COUNTS}_${suffix} on public."${name}"; create trigger ${COUNTS}_${suffix} ${when} on public."${name}"`;
    statements.push(
      `${trigger('rows', 'after insert or delete')} for each row execute function ${COUNTS}_note()`,
      `${trigger('changes', 'after update')} for each row when (${values('old')} is distinct from ${values('new')}) execute function ${COUNTS}_note()`,
      `${trigger('truncate', 'after truncate')} for each statement execute function ${COUNTS}_note()`,
    );
  }
  for (const statement of statements) await db.execute(sql.raw(statement));
}

/** Writes per table since `trackWrites`: compare two of them with `changedTables`. */
export async function writeCounts(db: Db): Promise<Record<string, string>> {
  const result = await db.execute<{ table_name: string; writes: string }>(sql.raw(`select table_name, writes::text as writes from ${COUNTS}`));
  return Object.fromEntries(rowsOf<{ table_name: string; writes: string }>(result).map((r) => [r.table_name, r.writes]));
}

async function tableNames(db: Db): Promise<string[]> {
  const tables = await db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> ${COUNTS} order by table_name`,
  );
  const names = rowsOf<{ table_name: string }>(tables).map((r) => r.table_name);
  if (names.length === 0) throw new Error('no tables in the public schema');
  return names;
}

/** node-postgres answers with `{ rows }`, PGlite through Drizzle too; be tolerant of both shapes. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

/** The tables whose write count differs, for a readable failure. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => before[k] !== after[k]).sort();
}

const KNOWN_MESSAGES = new Set<string>(Object.values(MSG));

/** Zod's German locale (core/zod.ts) starts its generic messages like this. */
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
