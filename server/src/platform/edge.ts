import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UUID_SHAPE } from '@filialportal/core/ids';
import { MSG } from '@filialportal/core/messages';
import { badRequest } from './errors.ts';

/**
 * The edge of the API: what every request passes before a route sees it, so no domain has to
 * think of it.
 *
 * - Bodies are read as bytes and must be UTF-8; an empty body is no body, whatever its
 *   Content-Type says (the spec's client sends the JSON type on every call, DELETE included).
 * - No string anywhere in path, query or body may hold a NUL character or a lone surrogate:
 *   PostgreSQL cannot store the one, and the other is no text at all.
 * - Ids in path and query are lower-cased, so 'ABC…' and 'abc…' name the same row and every
 *   "not yourself" comparison holds.
 * - API answers are not cached unless a route says otherwise.
 */
export function registerEdge(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, async (req: FastifyRequest, body: Buffer) => {
    if (body.length === 0) return undefined;
    // A large body (an avatar as data URL) costs tens of milliseconds per step: one step per
    // turn of the event loop, so other requests are answered in between.
    if (!isUtf8(body)) throw badRequest(MSG.invalidCharacters, 'invalid_characters');
    if (body.length > YIELD_ABOVE) await yieldTurn();
    const text = body.toString('utf8');
    if (body.length > YIELD_ABOVE) await yieldTurn();
    return new Promise((resolve, reject) =>
      parseJson(req, text, (err, value) => (err ? reject(badRequest(MSG.invalidJson, 'invalid_json')) : resolve(value))),
    );
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_req, body: Buffer, done) => {
    if (body.length === 0) return done(null, undefined);
    if (!isUtf8(body)) return done(badRequest(MSG.invalidCharacters, 'invalid_characters'), undefined);
    done(null, parseForm(body.toString('utf8')));
  });

  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });
}

const YIELD_ABOVE = 256 * 1024;
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A form body (a=1&b=2&b=3): repeated names become lists; names that would reach prototypes are dropped. */
function parseForm(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/**
 * Whether every string (and key) in a parsed value is storable text: no NUL, no lone
 * surrogate. Walks with its own stack, so a deeply nested body cannot overflow the call stack.
 */
const isStream = (v: unknown) => typeof (v as { pipe?: unknown } | null)?.pipe === 'function';

export function wellFormed(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000') || !v.isWellFormed()) return false;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (ArrayBuffer.isView(v) || isStream(v)) {
      // Raw bytes (an upload streamed to storage) are not text: nothing to check, and walking a
      // stream's buffers key by key would take a second per megabyte.
      continue;
    } else if (v && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        if (k.includes('\u0000') || !k.isWellFormed()) return false;
        stack.push(item);
      }
    }
  }
  return true;
}

/**
 * The input guard of the API routes. Registered after authentication, so a stranger still gets
 * 401 before anything about the request's form is said.
 */
export function registerInputGuard(api: FastifyInstance) {
  api.addHook('preValidation', async (req) => {
    if (!wellFormed(req.params) || !wellFormed(req.query) || !wellFormed(req.body)) throw badRequest(MSG.invalidCharacters, 'invalid_characters');
    lowerCaseIds(req);
  });
}

function lowerCaseIds(req: FastifyRequest) {
  for (const bag of [req.params, req.query] as Record<string, unknown>[]) {
    if (!bag || typeof bag !== 'object') continue;
    for (const [k, v] of Object.entries(bag)) if (typeof v === 'string' && UUID_SHAPE.test(v)) bag[k] = v.toLowerCase();
  }
}
