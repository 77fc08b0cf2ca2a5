import crypto from 'node:crypto';
import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service for the tests, speaking the real protocols: Web Push (RFC 8030) with VAPID
 * (RFC 8292) and message encryption (RFC 8291 on RFC 8188). Tests send with the real `web-push`
 * library and read back what a browser would have decrypted, so a wrong key, claim or header fails
 * here the way it would at a browser vendor's push service, not at a mock that believes anything.
 *
 * It listens on HTTPS with a certificate made for the run: web-push sends every request with
 * `https.request`, whatever the endpoint's scheme, so a plain HTTP service cannot be reached.
 * `agent` trusts that certificate (and only it); pass it as web-push's `agent` option.
 */

/** One message the service accepted, as the browser would get it. */
export interface PushMessage {
  /** The decrypted payload as UTF-8 text ('' when the push carried no body). */
  payload: string;
  /** The TTL header in seconds (RFC 8030 §5.2; the service refuses a push without it). */
  ttl: number;
  /** The Urgency header (RFC 8030 §5.3), null when absent. */
  urgency: string | null;
  /** The Topic header (RFC 8030 §5.4), null when absent. */
  topic: string | null;
  /** The verified VAPID claims and the key that signed them. */
  vapid: { sub: string; aud: string; exp: number; publicKey: string };
}

/** One request to a push endpoint and what the service answered. */
export interface PushRequest {
  /** The subscription the path named, null when the path named none. */
  id: string | null;
  status: number;
  /** Why the request was refused (401, 403, 400, 404, 405, 413), null when it was not. */
  error: string | null;
  /** The message, when it was accepted (2xx). */
  message: PushMessage | null;
}

/** A subscription the way a browser's PushSubscription.toJSON() gives it to the application. */
export interface TestPushSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface PushService {
  /** The service's origin, https://127.0.0.1:<port>: the audience a VAPID token must name. */
  url: string;
  /** Trusts this service's certificate: web-push's `agent` option (`https.Agent` only). */
  agent: https.Agent;
  /** The service's self-signed certificate (PEM), for a client that takes a CA rather than an agent. */
  ca: string;
  /** A fresh browser-like subscription: P-256 ECDH key pair + 16-byte auth secret; endpoint on this service. */
  subscribe(): { subscription: TestPushSubscription; id: string };
  /** The messages accepted for a subscription, decrypted, oldest first. */
  received(id: string): PushMessage[];
  /** Every request for a subscription (or for all, without an id), refused ones included, oldest first. */
  requests(id?: string): PushRequest[];
  /** The refused requests (for a subscription, or all without an id), with the reason. */
  refusals(id?: string): PushRequest[];
  /**
   * Resolves with the messages once `n` were accepted for `id` (for all subscriptions together
   * when `id` is null); rejects after `timeoutMs` with what arrived and what was refused.
   */
  waitFor(id: string | null, n: number, timeoutMs?: number): Promise<PushMessage[]>;
  /** The status the subscription's endpoint answers from now on: 201 by default; 404/410 for an expired one, 429/500 for trouble. */
  answer(id: string, status: number): void;
  close(): Promise<void>;
}

/** RFC 8030 §7.2 lets a push service refuse larger bodies with 413; real ones do, so the tests do too. */
const MAX_BODY = 4096;
/** RFC 8292 §2: a token valid for longer than a day is refused. */
const MAX_TOKEN_LIFETIME = 24 * 60 * 60;
const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);

interface Subscriber {
  ecdh: crypto.ECDH;
  publicKey: Buffer;
  auth: Buffer;
  status: number;
}

/** A refusal: the status the service answers and the reason the test can read. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startPushService(opts: { expectedPublicKey?: string } = {}): Promise<PushService> {
  const { key, cert } = selfSignedCertificate();
  const subscribers = new Map<string, Subscriber>();
  const log: PushRequest[] = [];
  const waiters = new Set<() => void>();

  const server = https.createServer({ key, cert }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A fault of the service itself: visible to the test as a refusal, not as a hanging request.
      record(res, { id: null, status: 500, error: `push service fault: ${String(error)}`, message: null });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new https.Agent({ ca: cert });

  function record(res: ServerResponse, entry: PushRequest) {
    log.push(entry);
    const headers: Record<string, string> = {};
    // RFC 8030 §5: the message's own URL; clients do not need it, but real services send it.
    if (entry.status === 201) headers.Location = `${url}/message/${crypto.randomUUID()}`;
    res.writeHead(entry.status, headers);
    res.end(entry.error ?? '');
    for (const wake of waiters) wake();
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const match = /^\/push\/([\w-]+)$/.exec(req.url ?? '');
    const id = match?.[1] ?? null;
    const body = await readBody(req);
    try {
      const subscriber = id == null ? undefined : subscribers.get(id);
      if (!subscriber) throw new Refusal(404, `no subscription at ${req.url}`);
      if (req.method !== 'POST') throw new Refusal(405, `${req.method} is not a push`);
      const vapid = verifyVapid(req.headers.authorization, url, opts.expectedPublicKey);
      // An expired or troubled subscription answers before the body is looked at, like a real service.
      if (subscriber.status < 200 || subscriber.status > 299) {
        record(res, { id, status: subscriber.status, error: null, message: null });
        return;
      }
      if (body == null) throw new Refusal(413, `body larger than ${MAX_BODY} bytes`);
      const headers = pushHeaders(req);
      const payload = body.length === 0 ? '' : decrypt(body, req.headers['content-encoding'], subscriber).toString('utf8');
      record(res, { id, status: subscriber.status, error: null, message: { payload, ...headers, vapid } });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      record(res, { id, status: error.status, error: error.message, message: null });
    }
  }

  const received = (id: string | null) => log.filter((r) => r.message && (id == null || r.id === id)).map((r) => r.message as PushMessage);

  return {
    url,
    agent,
    ca: cert,
    subscribe() {
      const ecdh = crypto.createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const id = crypto.randomUUID();
      subscribers.set(id, { ecdh, publicKey, auth, status: 201 });
      return {
        id,
        subscription: { endpoint: `${url}/push/${id}`, expirationTime: null, keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') } },
      };
    },
    received,
    requests: (id) => log.filter((r) => id == null || r.id === id),
    refusals: (id) => log.filter((r) => r.error != null && (id == null || r.id === id)),
    waitFor(id, n, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const messages = received(id);
          if (messages.length < n) return;
          done();
          resolve(messages);
        };
        const timer = setTimeout(() => {
          done();
          const refused = log.filter((r) => r.error != null).map((r) => `${r.status} ${r.error}`);
          reject(new Error(`push service: ${received(id).length} of ${n} messages for ${id ?? 'all subscriptions'} after ${timeoutMs} ms; refused: ${refused.join('; ') || 'none'}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    answer(id, status) {
      const subscriber = subscribers.get(id);
      if (!subscriber) throw new Error(`push service: no subscription ${id}`);
      subscriber.status = status;
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/** The body, or null when it is longer than a push service takes (read to the end all the same, so the answer reaches the client). */
async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_BODY) chunks.push(chunk);
  }
  return size > MAX_BODY ? null : Buffer.concat(chunks);
}

/** TTL, Urgency and Topic as RFC 8030 §5.2–5.4 define them; anything else is refused. */
function pushHeaders(req: IncomingMessage): Pick<PushMessage, 'ttl' | 'urgency' | 'topic'> {
  const ttl = req.headers.ttl;
  if (ttl == null) throw new Refusal(400, 'TTL header missing');
  if (!/^\d+$/.test(ttl as string)) throw new Refusal(400, `TTL header not a number of seconds: ${String(ttl)}`);
  const urgency = req.headers.urgency ?? null;
  if (urgency != null && !URGENCIES.has(urgency as string)) throw new Refusal(400, `unknown Urgency: ${String(urgency)}`);
  const topic = req.headers.topic ?? null;
  if (topic != null && !/^[\w-]{1,32}$/.test(topic as string)) throw new Refusal(400, `Topic not up to 32 base64url characters: ${String(topic)}`);
  return { ttl: Number(ttl), urgency: urgency as string | null, topic: topic as string | null };
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292 §3): an ES256 token signed by `k`,
 * for this service's origin, expiring within a day, with a contact. The older `WebPush <jwt>` +
 * `Crypto-Key: p256ecdsa=` form belongs to the `aesgcm` encoding, which this service does not
 * take; web-push sends `vapid` with `aes128gcm`, its default.
 */
function verifyVapid(header: string | undefined, audience: string, expectedPublicKey: string | undefined): PushMessage['vapid'] {
  if (!header) throw new Refusal(401, 'Authorization header missing');
  const scheme = /^vapid\s+(.*)$/i.exec(header);
  if (!scheme) throw new Refusal(401, `Authorization scheme not vapid: ${header.split(/\s/)[0]}`);
  const params = new Map<string, string>();
  for (const part of scheme[1].split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) params.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  const token = params.get('t');
  const k = params.get('k');
  if (!token || !k) throw new Refusal(401, 'vapid authorization without t= or k=');

  const publicKeyBytes = Buffer.from(k, 'base64url');
  if (publicKeyBytes.length !== 65 || publicKeyBytes[0] !== 0x04) throw new Refusal(401, 'k is not an uncompressed P-256 public key');
  let publicKey: crypto.KeyObject;
  try {
    publicKey = crypto.createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: publicKeyBytes.subarray(1, 33).toString('base64url'), y: publicKeyBytes.subarray(33).toString('base64url') },
      format: 'jwk',
    });
  } catch {
    throw new Refusal(401, 'k is not a point on P-256');
  }

  const parts = token.split('.');
  if (parts.length !== 3) throw new Refusal(401, 'token is not a JWS compact serialization');
  const [head, body, signature] = parts;
  const joseHeader = parseJson(head, 'token header');
  if (joseHeader.alg !== 'ES256') throw new Refusal(401, `token alg ${String(joseHeader.alg)}, not ES256`);
  if (joseHeader.typ != null && joseHeader.typ !== 'JWT') throw new Refusal(401, `token typ ${String(joseHeader.typ)}`);
  // JOSE signs ECDSA as raw r||s (RFC 7518 §3.4), not DER.
  const signed = crypto.verify('sha256', Buffer.from(`${head}.${body}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new Refusal(401, 'token signature does not verify with k');

  const claims = parseJson(body, 'token claims');
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== audience) throw new Refusal(401, `token aud ${String(claims.aud)}, not ${audience}`);
  if (typeof claims.exp !== 'number' || !Number.isInteger(claims.exp)) throw new Refusal(401, 'token exp missing or not a whole number');
  if (claims.exp <= now) throw new Refusal(401, `token expired at ${claims.exp}`);
  if (claims.exp > now + MAX_TOKEN_LIFETIME) throw new Refusal(401, `token exp ${claims.exp} more than 24 h ahead`);
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) throw new Refusal(401, `token sub not a mailto: or https: contact: ${String(claims.sub)}`);
  // RFC 8292 §4.2: a key other than the one the subscription was made with is 403, not 401.
  if (expectedPublicKey != null && k !== expectedPublicKey) throw new Refusal(403, 'k is not the application server key the subscription was made with');
  return { sub: claims.sub, aud: claims.aud, exp: claims.exp, publicKey: k };
}

function parseJson(segment: string, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Refused below, with the same reason as a non-object.
  }
  throw new Refusal(401, `${what} is not a JSON object`);
}

/**
 * Decrypts an `aes128gcm` body the way a browser does (RFC 8291 §3.4, RFC 8188 §2):
 * header salt(16) | rs(4) | idlen(1) | keyid (the sender's ephemeral P-256 key), then one record.
 */
function decrypt(body: Buffer, encoding: string | undefined, subscriber: Subscriber): Buffer {
  if (encoding !== 'aes128gcm') throw new Refusal(400, `Content-Encoding ${String(encoding)}, not aes128gcm`);
  if (body.length < 21) throw new Refusal(400, 'body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  if (idlen !== 65) throw new Refusal(400, `keyid of ${idlen} bytes, not an uncompressed P-256 key (65)`);
  const senderKey = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  // RFC 8188 §2: a record holds at least a delimiter and the 16-byte tag.
  if (rs < 18) throw new Refusal(400, `record size ${rs} below 18`);
  if (record.length < 17) throw new Refusal(400, 'record shorter than a tag and a delimiter');
  // RFC 8291 §4: the application server MUST send a single record, so browsers need not handle more.
  if (record.length > rs) throw new Refusal(400, `more than one record (${record.length} bytes, rs ${rs})`);

  let ecdhSecret: Buffer;
  try {
    ecdhSecret = subscriber.ecdh.computeSecret(senderKey);
  } catch {
    throw new Refusal(400, 'keyid is not a point on P-256');
  }
  const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) => Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscriber.publicKey, senderKey]);
  const ikm = hkdf(ecdhSecret, subscriber.auth, keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  // The first record's nonce is NONCE itself (sequence number 0 XORed in).
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);

  let plain: Buffer;
  try {
    const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  } catch {
    throw new Refusal(400, 'record does not decrypt with the subscription keys');
  }
  // RFC 8188 §2: data, then the delimiter (2 in the last record), then zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (end < 0 || plain[end] !== 0x02) throw new Refusal(400, 'last record without the 0x02 delimiter');
  return plain.subarray(0, end);
}

/**
 * A self-signed P-256 certificate for 127.0.0.1, valid for a day, written in DER by hand:
 * node:crypto signs but does not issue certificates, and this keeps the tests free of an
 * openssl binary or another package.
 */
function selfSignedCertificate(): { key: string; cert: string } {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const ecdsaWithSha256 = seq(oid('1.2.840.10045.4.3.2'));
  const name = seq(set(seq(oid('2.5.4.3'), der(0x0c, Buffer.from('Filialportal test push service')))));
  const now = Date.now();
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([2]))), // version v3, for the extensions
    der(0x02, Buffer.concat([Buffer.from([0x01]), crypto.randomBytes(8)])), // positive serial
    ecdsaWithSha256,
    name,
    seq(utcTime(new Date(now - 60_000)), utcTime(new Date(now + 24 * 3600_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    // Node checks the IP address against the subjectAltName (iPAddress, tag [7]).
    der(0xa3, seq(seq(oid('2.5.29.17'), der(0x04, seq(der(0x87, Buffer.from([127, 0, 0, 1]))))))),
  );
  const signature = crypto.sign('sha256', tbs, privateKey);
  const certificate = seq(tbs, ecdsaWithSha256, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const pem = `-----BEGIN CERTIFICATE-----\n${certificate.toString('base64').match(/.{1,64}/g)?.join('\n')}\n-----END CERTIFICATE-----\n`;
  return { key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, cert: pem };
}

function der(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const n = body.length;
  const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
  return Buffer.concat([Buffer.from([tag, ...length]), body]);
}

const seq = (...content: Buffer[]) => der(0x30, ...content);
const set = (...content: Buffer[]) => der(0x31, ...content);

function oid(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const base128 = [arc & 0x7f];
    for (let v = arc >> 7; v > 0; v >>= 7) base128.unshift((v & 0x7f) | 0x80);
    bytes.push(...base128);
  }
  return der(0x06, Buffer.from(bytes));
}

/** UTCTime, YYMMDDHHMMSSZ (RFC 5280 §4.1.2.5.1, dates before 2050). */
function utcTime(date: Date): Buffer {
  return der(0x17, Buffer.from(`${date.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`));
}
