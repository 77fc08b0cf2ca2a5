import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { hashPassword, sha256 } from '../../src/platform/passwords.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo.ts';
import { sessions } from '../../src/modules/session/session.table.ts';
import { users } from '../../src/modules/users/users.table.ts';
import { buildTestApp, type TestContext } from '../helpers.ts';
import { ACCESS_TABLE, casesOf, prepareFixture, type Fixture } from './access-matrix.ts';
import { describeRequest, refusalProblem } from './support.ts';

/**
 * Generated bad input for every operation of the OpenAPI description: wrong types, missing and
 * extra fields, huge strings, NUL, odd unicode, impossible and extreme dates, foreign and
 * malformed ids, extreme numbers, arrays for objects, deep nesting; sent as Admin (so access
 * passes) and, for a sample, anonymously. No answer may be a 5xx, and every refusal must be
 * `{ error: { code, message } }` in German. Seeded: a failure names seed and request.
 */

// Password hashing at its production cost (scrypt N=2^17, half a second each) would make the
// generated logins the whole run; the hash's cost is not what this suite examines.
vi.mock('node:crypto', async (original) => {
  const crypto = await original<typeof import('node:crypto')>();
  const scrypt = (...args: Parameters<typeof crypto.scrypt>) => {
    const [password, salt, keylen, options, callback] = args as unknown as [string, Buffer, number, import('node:crypto').ScryptOptions, (e: Error | null, k: Buffer) => void];
    return crypto.scrypt(password, salt, keylen, { ...options, N: 1024 }, callback);
  };
  return { ...crypto, default: { ...crypto, scrypt }, scrypt };
});

// Generated input at volume (1,000 requests per operation) is `npm run test:security`; every test
// run sends 10 per operation, from a fixed seed, so a run repeats and a failure can be replayed.
const RUNS = process.env.SECURITY_LONG ? 1000 : 10;
const SEED = Number(process.env.SECURITY_SEED ?? 20_260_301);

let t: TestContext;
let f: Fixture;
let admin = '';
let adminId = '';
let ops: Operation[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  // The demo company comes hashed at the production cost; its logins go through the cheap hash above.
  await t.db.update(users).set({ passwordHash: await hashPassword(DEMO_PASSWORD) });
  f = await prepareFixture(t);
  admin = f.tokens.get('Admin')!;
  adminId = f.d.user.Admin;
  ops = operations(t.app.swagger() as OpenApi);
}, 120_000);
afterAll(() => t?.close());

// ------------------------------------------------------------------------------------------
// The operations, from the OpenAPI description.

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
}
interface OpenApi {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string; schema: Schema }[]; requestBody?: { content: Record<string, { schema: Schema }> } }>>;
}
interface Operation {
  /** As the access table and routeAccess name it: 'PUT /api/user/:id'. */
  key: string;
  method: string;
  pathParams: { name: string; schema: Schema }[];
  query: { name: string; schema: Schema }[];
  body?: Schema;
}

function operations(doc: OpenApi): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
      const inPath = new Set([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));
      const params = op.parameters ?? [];
      out.push({
        key,
        method: method.toUpperCase(),
        // The description lists the optional date of /calendar/{location} as a path parameter too.
        pathParams: params.filter((p) => p.in === 'path' && inPath.has(p.name)).map((p) => ({ name: p.name, schema: p.schema })),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        body: op.requestBody?.content['application/json']?.schema,
      });
    }
  }
  return out;
}

// ------------------------------------------------------------------------------------------
// Bad values.

/** A value sent as raw JSON text (nesting deeper than JSON.stringify would go). */
class Raw {
  constructor(readonly text: string, readonly label: string) {}
}
const deep = (depth: number, open: string, close: string, inner = '1') => new Raw(open.repeat(depth) + inner + close.repeat(depth), `${depth}× ${open}`);

const DATES = [
  '0000-00-00', '9999-12-31', '2026-02-30', '2025-02-29', '2024-02-29', '1800-01-01', '1799-12-31', '2199-12-31', '2200-01-01', '0001-01-01',
  '2025-13-01', '2025-00-10', '2025-1-1', '31.12.2025', '2025-01-01T00:00:00Z', ' 2025-01-01', '+02025-01-01', '-2025-01-01', '20250101', '2025-01-01\u0000',
];
const ODD = [
  '', ' ', '\t\n', 'null', 'undefined', 'NaN', 'true', '[]', '{}', '../', '../../../../etc/passwd', '..\\..\\windows', '%00', '%2e%2e%2f', '\u0000', 'a\u0000b',
  '\ud800', '\udfff', 'x\ud83d', '\udc00y', '😀👩‍👩‍👧‍👦🇩🇪', '\u202eevil\u202c', 'שלום עולם', 'مرحبا', 'e\u0301\u0301\u0301\u0301', 'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '\u200b\u200c\u200d', '\ufeff', '\uffff', '\u2028\u2029', "' or '1'='1", "'; drop table users; --", '<script>alert(1)</script>', '${7*7}', '{{7*7}}', '%s%n%x',
  '__proto__', 'constructor', 'ß'.repeat(7), 'all', 'ALL', '-1', '1e400', 'Infinity', '0x10', '١٢٣',
];
const NUMBERS = [0, -1, -0, 0.5, -0.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e21, 1e-300, 999999999999, 366, 367, 9999, 10000, 1_000_001];

const hugeString = fc
  .tuple(fc.constantFrom(101, 201, 1_001, 10_001, 100_000), fc.constantFrom('a', 'ä', '😀', '\u0000', '\u202e', '%', ' ', '9'))
  .map(([n, ch]) => ch.repeat(Math.ceil(n / ch.length)).slice(0, n));
const oddString = fc.oneof(fc.constantFrom(...ODD), fc.constantFrom(...DATES), fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 40 }), hugeString);

/** Ids: foreign (valid but of nothing), and malformed ones. */
const badId = (real: string) =>
  fc.oneof(
    fc.uuid(),
    fc.constantFrom(
      real.toUpperCase(), real.replace(/-/g, ''), `${real}x`, ` ${real}`, real.slice(0, 35), `{${real}}`, 'null', '../', '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff', '0', '-1', 'all', `${real}\u0000`, real.replace(/[0-9]/, '٣'),
    ),
  );

const anyBad: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: oddString },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...NUMBERS) },
  fc.constantFrom<unknown>(true, false, null, {}, [], [null], [[]], { a: 1 }, ['x'], [{}]),
  fc.array(oddString, { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), oddString, { maxKeys: 4 }),
  fc.constantFrom(50, 1_000, 10_000, 100_000).chain((n) => fc.constantFrom(deep(n, '[', ']'), deep(n, '{"a":', '}'))),
  fc.constant(new Raw('{"__proto__":{"polluted":"ja"},"constructor":{"prototype":{"polluted":"ja"}}}', 'prototype pollution')),
);

/** Values that break exactly the rule a schema states (one past a limit, the wrong form). */
function againstSchema(s: Schema | undefined, real: unknown): fc.Arbitrary<unknown> {
  const special: unknown[] = [];
  const types = [s?.type ?? []].flat();
  if (s?.maxLength !== undefined) special.push('x'.repeat(s.maxLength + 1), '😀'.repeat(Math.ceil((s.maxLength + 1) / 2)), ' '.repeat(s.maxLength + 1));
  if (s?.minLength) special.push('x'.repeat(s.minLength - 1), ' '.repeat(s.minLength));
  if (s?.maximum !== undefined) special.push(s.maximum + 1, String(s.maximum + 1), s.maximum + 0.5);
  if (s?.minimum !== undefined) special.push(s.minimum - 1, String(s.minimum - 1));
  if (s?.maxItems !== undefined) special.push(Array.from({ length: s.maxItems + 1 }, () => (Array.isArray(real) && real.length ? real[0] : 'x')));
  if (s?.enum) special.push(...s.enum.map((v) => (typeof v === 'string' ? [`${v} `, v.toUpperCase() === v ? v.toLowerCase() : v.toUpperCase(), `${v}\u0000`] : [String(v)])).flat());
  if (s?.format === 'uuid' || (typeof real === 'string' && /^[0-9a-f-]{36}$/i.test(real))) return fc.oneof(badId(typeof real === 'string' ? real : '8c6f2b8e-0f5d-4c9b-9d7e-2a1b3c4d5e6f'), anyBad);
  if (types.includes('integer')) special.push(1.5, '1', '1e3');
  if (types.includes('boolean')) special.push('true', 1, 'ja');
  if (types.includes('string') && typeof real === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(real)) return fc.oneof(fc.constantFrom(...DATES), anyBad);
  if (types.includes('array') || Array.isArray(real)) special.push({}, { 0: real }, 'x', [real, real]);
  if (types.includes('object') || (real && typeof real === 'object' && !Array.isArray(real))) special.push([], [real], 'x', deep(2000, '{"a":', '}'));
  return special.length ? fc.oneof(fc.constantFrom(...special), anyBad) : anyBad;
}

// ------------------------------------------------------------------------------------------
// Requests: the access table's sample for Admin, with one thing broken.

type Path = (string | number)[];
interface Req {
  method: string;
  url: string;
  body?: unknown;
  /** Also sent without a token. */
  anonymous: boolean;
}

/** The places of a body: from its schema (so fields the sample leaves out are hit too) and from the sample. */
function placesOf(schema: Schema | undefined, value: unknown, path: Path = [], out: { path: Path; schema?: Schema; real: unknown }[] = []) {
  if (path.length > 6) return out;
  const seen = new Set<string>();
  if (schema?.properties) {
    for (const [k, sub] of Object.entries(schema.properties)) {
      seen.add(k);
      const v = value && typeof value === 'object' ? (value as Record<string, unknown>)[k] : undefined;
      out.push({ path: [...path, k], schema: sub, real: v });
      placesOf(sub, v, [...path, k], out);
    }
  }
  for (const alt of schema?.anyOf ?? []) if (alt.properties) placesOf(alt, value, path, out);
  if (Array.isArray(value) && value.length) {
    out.push({ path: [...path, 0], schema: schema?.items, real: value[0] });
    placesOf(schema?.items, value[0], [...path, 0], out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (seen.has(k)) continue;
      out.push({ path: [...path, k], real: v });
      placesOf(undefined, v, [...path, k], out);
    }
  }
  return out;
}

const clone = <T>(v: T): T => (v === undefined ? v : structuredClone(v));
function setAt(body: unknown, path: Path, value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const root = (clone(body) ?? {}) as Record<string | number, unknown>;
  let node = root;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    node[key] = next && typeof next === 'object' ? next : {};
    node = node[key] as Record<string | number, unknown>;
  }
  const last = path[path.length - 1]!;
  // A name beside an array's items would be lost in JSON (and would shadow Array's own members): an extra item carries it.
  if (Array.isArray(node) && !/^\d+$/.test(String(last))) {
    if (!remove) node.push({ [last]: value });
    return root;
  }
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return root;
}

function toJson(v: unknown): string {
  if (v instanceof Raw) return v.text;
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  if (v && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`).join(',')}}`;
  return v === undefined ? 'null' : JSON.stringify(v);
}

/** Percent-encoding that survives lone surrogates: their WTF-8 bytes, which no UTF-8 decoder accepts. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((ch) => {
        const cu = ch.charCodeAt(0);
        if (ch.length === 1 && cu >= 0xd800 && cu <= 0xdfff) return [0xe0 | (cu >> 12), 0x80 | ((cu >> 6) & 0x3f), 0x80 | (cu & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
        return encodeURIComponent(ch);
      })
      .join('');
  }
}

function requests(op: Operation): fc.Arbitrary<Req> {
  const sample = casesOf(op.key)[0]!.sample(f.d, 'Admin');
  const [pathOnly, queryText] = sample.url.split('?') as [string, string | undefined];
  const template = op.key.slice(op.method.length + 1);
  const realParams = Object.fromEntries(op.pathParams.map((p) => [p.name, pathOnly.split('/')[template.split('/').indexOf(`:${p.name}`)] ?? '']));
  const urlOf = (params: Record<string, string>, query: [string, string][]) =>
    template.replace(/:(\w+)/g, (_, name: string) => params[name] ?? realParams[name] ?? '') + (query.length ? `?${query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : '');
  const baseQuery: [string, string][] = [...new URLSearchParams(queryText ?? '')];
  const places = Buffer.isBuffer(sample.payload) ? [] : placesOf(op.body, sample.payload);
  const asString = (v: unknown) => (typeof v === 'string' ? v : v instanceof Raw ? v.text.slice(0, 100_000) : JSON.stringify(v) ?? '');

  const variants: fc.Arbitrary<Omit<Req, 'anonymous'>>[] = [
    // The sample itself, now and then: the happy path must hold up between the broken ones.
    fc.constant({ method: op.method, url: urlOf({}, baseQuery), body: sample.payload }),
    // Extra query parameters, and the declared ones with bad values or twice.
    fc.tuple(fc.oneof(fc.constantFrom(...op.query.map((q) => q.name), 'x', 'from', 'id', '__proto__'), fc.string({ maxLength: 10 })), fc.array(anyBad.map(asString), { minLength: 1, maxLength: 3 })).map(([name, values]) => ({
      method: op.method,
      url: urlOf({}, [...baseQuery.filter(([k]) => k !== name), ...values.map((v) => [name, v] as [string, string])]),
      body: sample.payload,
    })),
  ];
  if (op.query.length) {
    variants.push(
      fc.constantFrom(...op.query).chain((q) =>
        againstSchema(q.schema, undefined).map((v) => ({ method: op.method, url: urlOf({}, [...baseQuery.filter(([k]) => k !== q.name), [q.name, asString(v)]]), body: sample.payload })),
      ),
    );
  }
  if (op.pathParams.length) {
    variants.push(
      fc.constantFrom(...op.pathParams).chain((p) =>
        fc.oneof(againstSchema(p.schema, realParams[p.name]), badId(realParams[p.name] || '8c6f2b8e-0f5d-4c9b-9d7e-2a1b3c4d5e6f')).map((v) => ({
          method: op.method,
          url: urlOf({ [p.name]: encode(asString(v)) }, baseQuery),
          body: sample.payload,
        })),
      ),
    );
  }
  if (Buffer.isBuffer(sample.payload)) {
    // A raw upload: bytes of any kind, some starting like a real file and breaking off after.
    const heads = [Buffer.from('%PDF-1.4\n'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('\0\0\0\x18ftypheic'), Buffer.from('\0\0\0\x14ftypqt  ')];
    variants.push(
      fc.tuple(fc.constantFrom(Buffer.alloc(0), ...heads), fc.uint8Array({ maxLength: 3000 })).map(([head, tail]) => ({ method: op.method, url: urlOf({}, baseQuery), body: Buffer.concat([head, Buffer.from(tail)]) })),
    );
  } else if (op.body || sample.payload !== undefined) {
    const body = sample.payload ?? {};
    variants.push(
      // One field with a bad value.
      ...(places.length
        ? [fc.constantFrom(...places).chain((p) => againstSchema(p.schema, p.real).map((v) => ({ method: op.method, url: urlOf({}, baseQuery), body: setAt(body, p.path, v) })))]
        : []),
      // One field missing.
      ...(places.length ? [fc.constantFrom(...places).map((p) => ({ method: op.method, url: urlOf({}, baseQuery), body: setAt(body, p.path, undefined, true) }))] : []),
      // An extra field, at the top or beside a nested one.
      fc.tuple(fc.constantFrom<Path>([], ...places.map((p) => p.path.slice(0, -1))), fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'id', 'role', 'admin', 'permissions')), anyBad).map(([parent, k, v]) => ({
        method: op.method,
        url: urlOf({}, baseQuery),
        body: setAt(body, [...parent, k], v),
      })),
      // Not the body's form at all: an array, a scalar, the body wrapped, deep nesting.
      fc.oneof(anyBad, fc.constant([body]), fc.constant({ data: body })).map((v) => ({ method: op.method, url: urlOf({}, baseQuery), body: v })),
    );
  } else {
    // An operation without a body gets one anyway.
    variants.push(anyBad.map((v) => ({ method: op.method, url: urlOf({}, baseQuery), body: v })));
  }
  return fc.tuple(fc.oneof(...variants), fc.nat(9)).map(([r, n]) => ({ ...r, anonymous: n === 0 }));
}

// ------------------------------------------------------------------------------------------
// Sending and judging.

let address = 0;
/** An address per request: the login and password routes limit calls per address, and Admin may come from anywhere. */
const nextAddress = () => {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

/**
 * A new session for Admin, written directly: generated requests log him out (POST /logout) or
 * could change his password, and a login per renewal would meet the login limits.
 */
async function renewAdmin() {
  await t.db.update(users).set({ active: true }).where(eq(users.id, adminId));
  const token = randomBytes(32).toString('base64url');
  await t.db.insert(sessions).values({ tokenHash: sha256(token), userId: adminId, clientKind: 'desktop', ip: '127.0.0.1' });
  admin = token;
}

async function send(r: { method: string; url: string; payload?: string | Buffer; contentType?: string }, token: string | null): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: r.method as 'GET',
    url: r.url,
    remoteAddress: nextAddress(),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(r.contentType ? { 'content-type': r.contentType } : {}) },
    ...(r.payload === undefined ? {} : { payload: r.payload }),
  });
}

/** As Admin; a 401 means the generated requests ended his session: renew once and send again. */
async function asAdmin(r: Parameters<typeof send>[0]) {
  let res = await send(r, admin);
  if (res.statusCode === 401 || res.statusCode === 408) {
    await renewAdmin();
    res = await send(r, admin);
  }
  return res;
}

/** Status and the start of a JSON answer; of anything else only its type and size. */
const snippet = (res: LightMyRequestResponse) =>
  `${res.statusCode} ${String(res.headers['content-type'] ?? '').includes('json') ? res.body.slice(0, 300) : `<${res.headers['content-type']}, ${res.rawPayload.length} Bytes>`}`;

function judge(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `answered ${snippet(res)}`;
  if (res.statusCode >= 400) return refusalProblem(res);
  return null;
}

function fail(what: string, req: Parameters<typeof describeRequest>[0], res: LightMyRequestResponse, problem: string): never {
  throw new Error(`${what}: ${problem}\n  request: ${describeRequest(req)}\n  answer: ${snippet(res)}`);
}

/** Raw bodies, below what any generator produces: each must be refused in the app's shape (or, where there is no body to read, ignored). */
const JSON_TYPE = 'application/json';
const RAW_CASES: { name: string; payload: string | Buffer; contentType: string; bodyMethods: { status: number; code?: string; withSchemaOnly?: true } | 'no invalid_json'; anonymous: 'parsed first' | 401 }[] = [
  { name: 'a body that is not JSON', payload: '{"name": "x",,}', contentType: JSON_TYPE, bodyMethods: { status: 400, code: 'invalid_json' }, anonymous: 'parsed first' },
  { name: 'an empty body with the JSON type (no body)', payload: '', contentType: JSON_TYPE, bodyMethods: 'no invalid_json', anonymous: 401 },
  { name: 'invalid UTF-8 bytes', payload: Buffer.from([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0xfe, 0x22, 0x7d]), contentType: JSON_TYPE, bodyMethods: { status: 400, code: 'invalid_characters' }, anonymous: 'parsed first' },
  { name: 'a JSON NUL escape', payload: '{"name":"a\\u0000b","username":"\\u0000","content":"\\u0000"}', contentType: JSON_TYPE, bodyMethods: { status: 400, code: 'invalid_characters' }, anonymous: 401 },
  { name: 'a lone surrogate in a JSON escape', payload: '{"name":"\\ud800","x\\udfff":1}', contentType: JSON_TYPE, bodyMethods: { status: 400, code: 'invalid_characters' }, anonymous: 401 },
  { name: 'a form body with %00', payload: 'name=a%00b&username=x%00&password=y%00&authTok=Bearer%20%00', contentType: 'application/x-www-form-urlencoded', bodyMethods: { status: 400, code: 'invalid_characters' }, anonymous: 401 },
  { name: 'a form body with invalid UTF-8', payload: Buffer.concat([Buffer.from('name='), Buffer.from([0xff, 0xfe, 0xc3])]), contentType: 'application/x-www-form-urlencoded', bodyMethods: { status: 400, code: 'invalid_characters' }, anonymous: 'parsed first' },
  { name: 'Latin-1 declared as such', payload: Buffer.from('{"name":"Gr\xfc\xdfe"}', 'latin1'), contentType: 'application/json; charset=iso-8859-1', bodyMethods: { status: 400, code: 'invalid_characters' }, anonymous: 'parsed first' },
  { name: 'JSON nested 100 000 deep', payload: '['.repeat(100_000) + ']'.repeat(100_000), contentType: JSON_TYPE, bodyMethods: { status: 400, withSchemaOnly: true }, anonymous: 'parsed first' },
  { name: 'an unknown content type', payload: '<name>x</name>', contentType: 'application/xml', bodyMethods: { status: 415, code: 'unsupported_media_type' }, anonymous: 'parsed first' },
  { name: 'a body over every limit', payload: Buffer.alloc(17 * 1024 * 1024, 0x20), contentType: JSON_TYPE, bodyMethods: { status: 413, code: 'body_too_large' }, anonymous: 'parsed first' },
];

const tallies = new Map<string, Map<string, number>>();
function tally(key: string, res: LightMyRequestResponse) {
  const code = res.statusCode >= 400 ? ` ${(res.json() as { error: { code: string } }).error.code}` : '';
  const m = tallies.get(key) ?? new Map<string, number>();
  m.set(`${res.statusCode}${code}`, (m.get(`${res.statusCode}${code}`) ?? 0) + 1);
  tallies.set(key, m);
}
afterAll(() => {
  for (const [key, m] of tallies) console.log(key.padEnd(50), [...m].sort().map(([k, n]) => `${k}:${n}`).join('  '));
});

const seedOf = (key: string) => [...key].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, SEED);

/** Anonymously a route that exists answers 401, whatever the request holds; only an unreadable body or address is refused before. */
function anonymousProblem(anon: LightMyRequestResponse, asAdmin: LightMyRequestResponse): string | null {
  if (anon.statusCode === 401) return null;
  const code = (anon.json() as { error?: { code?: string } }).error?.code;
  if (anon.statusCode === 400 && (code === 'invalid_json' || code === 'invalid_url')) return null;
  if (anon.statusCode === 414 && code === 'url_too_long') return null;
  // An address no route matches (an emptied path segment): not found for everyone.
  if (anon.statusCode === 404 && asAdmin.statusCode === 404 && code === 'not_found') return null;
  return `expected 401 anonymously, got ${anon.statusCode}`;
}

/** A made-up answer, to show what the judges accept. */
const answer = (statusCode: number, body: unknown) =>
  ({ statusCode, body: JSON.stringify(body), headers: { 'content-type': 'application/json' }, rawPayload: Buffer.from(JSON.stringify(body)), json: () => body }) as unknown as LightMyRequestResponse;

describe('generated bad input', () => {
  it('judges answers as a client notices them: shape, German, no 5xx', () => {
    expect(judge(answer(400, { error: { code: 'validation', message: 'Bitte füllen Sie alle Felder aus.', field: '/user' } }))).toBeNull();
    expect(judge(answer(400, { error: { code: 'validation', message: 'Zu groß: erwartet, dass string <=100 Zeichen hat' } }))).toBeNull();
    expect(judge(answer(404, { error: { code: 'not_found', message: 'Der Eintrag wurde nicht gefunden.' } }))).toBeNull();
    expect(judge(answer(500, { error: { code: 'server_error', message: 'Ein Fehler ist aufgetreten' } }))).toMatch(/answered 500/);
    expect(judge(answer(400, { error: { code: 'validation', message: 'Invalid input: expected string, received number' } }))).toMatch(/English/);
    expect(judge(answer(400, { statusCode: 400, error: 'Bad Request', message: 'body must be object' }))).toMatch(/not \{ error \}/);
    expect(judge(answer(400, { error: { code: 'x', message: 'Die Anfrage ist ungültig.', stack: 'at …' } }))).toMatch(/extra keys stack/);
    expect(judge(answer(400, { error: { message: 'Die Anfrage ist ungültig.' } }))).toMatch(/no code/);
    expect(judge(answer(404, { error: { code: 'not_found', message: 'Route GET:/x not found' } }))).toMatch(/English/);
  });

  it('reads every operation from the OpenAPI description, each one in the access table', () => {
    expect(ops.map((o) => o.key).sort()).toEqual(Object.keys(ACCESS_TABLE).sort());
  });

  for (const key of Object.keys(ACCESS_TABLE)) {
    it(`${key}: ${RUNS} generated requests, no 5xx, every refusal in shape and German`, async () => {
      const op = ops.find((o) => o.key === key);
      expect(op, 'operation in the OpenAPI description').toBeDefined();
      const isPublic = t.app.routeAccess.get(key) === 'public';
      const seed = seedOf(key);
      const result = await fc.check(
        fc.asyncProperty(requests(op!), async (r) => {
          const raw = Buffer.isBuffer(r.body);
          const payload = r.body === undefined ? undefined : raw ? (r.body as Buffer) : toJson(r.body);
          const req = { method: r.method, url: r.url, payload, contentType: payload === undefined ? undefined : raw ? 'application/octet-stream' : 'application/json' };
          const res = await asAdmin(req);
          if (process.env.SECURITY_VERBOSE) tally(key, res);
          const problem = judge(res);
          // Shown as generated (not as sent text), long strings shortened.
          const shown = { method: r.method, url: r.url, payload: r.body };
          if (problem) fail(key, { ...shown, as: 'Admin' }, res, problem);
          if (r.anonymous) {
            const anon = await send(req, null);
            const p = judge(anon) ?? (isPublic ? null : anonymousProblem(anon, res));
            if (p) fail(key, { ...shown, as: 'anonym' }, anon, p);
          }
        }),
        { seed, numRuns: RUNS, endOnFailure: true },
      );
      const error = result.failed ? (result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance)) : '';
      expect(result.failed ? `seed ${seed}, path ${result.counterexamplePath}: ${error}` : null).toBeNull();
      expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    }, 120_000);
  }

  for (const key of Object.keys(ACCESS_TABLE)) {
    it(`${key}: raw bodies (not JSON, empty, invalid UTF-8, NUL, lone surrogates, forms, too deep, too large)`, async () => {
      const method = key.slice(0, key.indexOf(' '));
      const url = casesOf(key)[0]!.sample(f.d, 'Admin').url;
      // Node reads bodies of these; GET and HEAD requests have none to read.
      const readsBody = method === 'POST' || method === 'PUT' || method === 'DELETE';
      const isPublic = t.app.routeAccess.get(key) === 'public';
      const hasBodySchema = Boolean(ops.find((o) => o.key === key)?.body);
      const problems: string[] = [];
      for (const raw of RAW_CASES) {
        const req = { method, url, payload: raw.payload, contentType: raw.contentType };
        const res = await asAdmin(req);
        const code = res.statusCode >= 400 ? (res.json() as { error?: { code?: string } }).error?.code : undefined;
        let problem = judge(res);
        if (!problem && readsBody) {
          const want = raw.bodyMethods;
          if (want === 'no invalid_json') problem = code === 'invalid_json' ? 'an empty body was read as JSON' : null;
          else if (want.withSchemaOnly && !hasBodySchema) problem = null;
          else if (res.statusCode !== want.status || (want.code && code !== want.code)) problem = `expected ${want.status} ${want.code ?? ''}`;
        }
        if (problem) problems.push(`${raw.name} as Admin: ${problem} — got ${snippet(res)}`);
        if (!isPublic) {
          const anon = await send(req, null);
          const p = judge(anon) ?? (anon.statusCode === 401 || (raw.anonymous === 'parsed first' && readsBody) ? null : `expected 401, got ${anon.statusCode}`);
          if (p) problems.push(`${raw.name} anonymously: ${p} — got ${snippet(anon)}`);
        }
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});
