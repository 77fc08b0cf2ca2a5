import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * Answers are written by their declared response schema: the Zod schema from core becomes a JSON
 * Schema once per route, and fast-json-stringify compiles that into a serializer (see
 * docs/decisions/contracts-antworten-nach-schema.md). Fields the schema does not declare are not sent.
 */

type JsonSchema = Record<string, unknown>;

/** The JSON Schema of a Zod response schema, in the shape fast-json-stringify writes fastest. */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-7',
    unrepresentable: 'any',
    // Dates leave the server as ISO timestamps, exactly what JSON.stringify makes of a Date.
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === 'date') Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
    },
  }) as JsonSchema;
  delete json.$schema;
  return simplify(json) as JsonSchema;
}

/**
 * Two rewrites for fast-json-stringify:
 * - `anyOf: [X, { type: 'null' }]` (Zod's `.nullable()`) becomes `X` with `type: [X.type, 'null']`:
 *   a type list is decided by a typeof check, an anyOf by running a schema validator;
 * - `required` is dropped outside union branches: a field left undefined is then left out, as
 *   JSON.stringify does, instead of failing the answer (OpenAPI still shows it as required).
 */
function simplify(node: unknown, inBranch = false): unknown {
  if (Array.isArray(node)) return node.map((n) => simplify(n, inBranch));
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'required' && !inBranch) continue;
    if (k === 'properties' || k === '$defs' || k === 'definitions') out[k] = mapValues(v as JsonSchema, (c) => simplify(c, inBranch));
    else if (k === 'anyOf' || k === 'oneOf') out[k] = (v as unknown[]).map((c) => simplify(c, true));
    else out[k] = simplify(v, inBranch);
  }
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex >= 0 && other && typeof other.type === 'string' && !other.anyOf && !other.oneOf) {
      delete out.anyOf;
      Object.assign(out, simplify(other, inBranch) as JsonSchema, { type: [other.type, 'null'] });
    }
  }
  return out;
}

const mapValues = (o: JsonSchema, f: (v: unknown) => unknown) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));

/**
 * The first place where `sent` (the answer as serialised) differs from `full` (the payload as
 * JSON.stringify would have sent it), as a path like `users[3].resourceUri`, or null.
 */
export function firstDifference(full: unknown, sent: unknown, path = ''): string | null {
  if (full === sent) return null;
  if (Array.isArray(full)) {
    if (!Array.isArray(sent) || sent.length !== full.length) return path || '(root)';
    for (let i = 0; i < full.length; i++) {
      const d = firstDifference(full[i], sent[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (full && typeof full === 'object') {
    if (!sent || typeof sent !== 'object' || Array.isArray(sent)) return path || '(root)';
    const a = full as Record<string, unknown>;
    const b = sent as Record<string, unknown>;
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference(a[key], b[key], path ? `${path}.${key}` : key);
      if (d) return d;
    }
    return null;
  }
  return path || '(root)';
}

/** Whether this process runs the tests: every answer is then checked against JSON.stringify. */
export const verifyResponses = () => process.env.NODE_ENV === 'test' || !!process.env.VITEST;

/**
 * The serializer compiler of the app. With `verify`, each answer is compared with
 * JSON.stringify(payload): a field the schema forgot, or a value it writes differently (a number
 * declared as integer, a string as date), fails the request with a 500 and names route and path.
 */
export function createResponseSerializerCompiler(opts: { verify: boolean; log?: (line: string) => void }): FastifySerializerCompiler<z.ZodType> {
  const compile = (schema: z.ZodType) => fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]);
  return ({ schema, method, url, httpStatus }) => {
    if (!opts.verify) {
      // Compiled at the route's first answer: compiling all of them took a third of the start.
      // Under test (verify) every schema is compiled at start, so none can fail first in production.
      let stringify: ((payload: unknown) => string) | null = null;
      return (payload: unknown) => (stringify ??= compile(schema))(payload);
    }
    const stringify = compile(schema);
    const route = `${method} ${url} (${httpStatus})`;
    return (payload: unknown) => {
      const sent = stringify(payload);
      const full = JSON.stringify(payload);
      const path = firstDifference(full === undefined ? undefined : JSON.parse(full), JSON.parse(sent));
      if (path) {
        const message = `Response schema of ${route} does not describe what the handler returned, at ${path}`;
        opts.log?.(message);
        throw new Error(message);
      }
      return sent;
    };
  };
}
