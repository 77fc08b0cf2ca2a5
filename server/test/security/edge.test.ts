import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { absences } from '../../src/modules/absences/absences.table.ts';
import { manufacturers } from '../../src/modules/lists/lists.table.ts';
import { users } from '../../src/modules/users/users.table.ts';
import { loggableError } from '../../src/platform/errors.ts';
import { buildTestApp, readOutbox, type TestContext } from '../helpers.ts';

/**
 * The edge of the API as a clumsy or hostile client meets it (issue "security", holes 2, 4, 5,
 * 6, 10): every refusal in the app's shape and in German, nothing half-done, nothing secret in
 * the log.
 */
let t: TestContext;
const logLines: string[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await buildTestApp({ logger: { level: 'info', stream } });
});
afterAll(() => t.close());

/** The app's refusal shape: `{ error: { code, message } }` with a German message, nothing else. */
function expectRefusal(res: { statusCode: number; json(): unknown; body: string }, status: number, message?: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toEqual(expect.any(String));
  if (message) expect(body.error.message).toBe(message);
  expect(body.error.message).not.toMatch(/Bad Request|Not Found|invalid|expected|FST_|Error/);
}

describe('framework refusals in the app shape', () => {
  it('answers a malformed URL in German without echoing it', async () => {
    const admin = await t.login('admin@example.com');
    const res = await t.as(admin, { method: 'GET', url: '/api/user/%ZZ' });
    expectRefusal(res, 400, MSG.invalidUrl);
    expect(res.body).not.toContain('%ZZ');
  });

  it('answers an over-long path segment with 414', async () => {
    const admin = await t.login('admin@example.com');
    expectRefusal(await t.as(admin, { method: 'GET', url: `/api/user/${'a'.repeat(500)}` }), 414, MSG.urlTooLong);
  });

  it('answers broken JSON, a foreign content type and a too large body in German', async () => {
    expectRefusal(await t.app.inject({ method: 'POST', url: '/api/token', headers: { 'content-type': 'application/json' }, payload: '{"username":' }), 400, MSG.invalidJson);
    expectRefusal(await t.app.inject({ method: 'POST', url: '/api/token', headers: { 'content-type': 'text/xml' }, payload: '<x/>' }), 415, MSG.unsupportedMediaType);
    expectRefusal(
      await t.app.inject({ method: 'POST', url: '/api/token', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }) }),
      413,
      MSG.bodyTooLarge,
    );
  });

  it('answers headers that are too large with 431 in the app shape (a real socket)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (d) => (data += d));
      socket.on('close', () => resolve(data));
      socket.on('error', (err) => (data ? resolve(data) : reject(err)));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431/);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ error: { code: 'headers_too_large', message: MSG.headersTooLarge } });
  });
});

describe('an empty body is no body', () => {
  it('deletes with the JSON type header and no body, as the spec client sends it', async () => {
    const admin = await t.login('admin@example.com');
    const created = await t.as(admin, { method: 'POST', url: '/api/manufacturer', payload: { name: 'Leer-Test GmbH' } });
    expect(created.statusCode).toBe(200);
    const id = created.json().id as string;
    const res = await t.as(admin, { method: 'DELETE', url: `/api/manufacturer/${id}`, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(204);
    expect(await t.db.select().from(manufacturers).where(eq(manufacturers.id, id))).toHaveLength(0);
  });

  it('logs out with the JSON type header and no body', async () => {
    const token = await t.login('bodenleger@example.com');
    const res = await t.as(token, { method: 'POST', url: '/api/logout', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(204);
    expect((await t.as(token, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });

  it('answers 404 for deleting what does not exist, not 204', async () => {
    const admin = await t.login('admin@example.com');
    const res = await t.as(admin, { method: 'DELETE', url: '/api/schoolvacations/00000000-0000-4000-8000-000000000000' });
    expectRefusal(res, 404, MSG.notFound);
  });
});

describe('NUL bytes and invalid UTF-8', () => {
  it('refuses a NUL in the public login form with 400, not 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'username=a%00b&password=x' });
    expectRefusal(res, 400, MSG.invalidCharacters);
  });

  it('refuses NUL, a lone surrogate and invalid UTF-8 in JSON, and changes nothing', async () => {
    const admin = await t.login('admin@example.com');
    const [before] = await t.db.select({ n: count() }).from(manufacturers);
    expectRefusal(await t.as(admin, { method: 'POST', url: '/api/manufacturer', payload: { name: 'Nul\u0000Hersteller' } }), 400, MSG.invalidCharacters);
    expectRefusal(
      await t.as(admin, { method: 'POST', url: '/api/manufacturer', headers: { 'content-type': 'application/json' }, payload: '{"name":"\\ud800Hersteller"}' }),
      400,
      MSG.invalidCharacters,
    );
    expectRefusal(
      await t.as(admin, { method: 'POST', url: '/api/manufacturer', headers: { 'content-type': 'application/json' }, payload: Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]) }),
      400,
      MSG.invalidCharacters,
    );
    const [after] = await t.db.select({ n: count() }).from(manufacturers);
    expect(after).toEqual(before);
  });

  it('refuses a NUL in an export filter before the download starts', async () => {
    const admin = await t.login('admin@example.com');
    const res = await t.as(admin, { method: 'POST', url: '/api/export-users?userSearch=a%00b' });
    expectRefusal(res, 400, MSG.invalidCharacters);
    expect(res.headers['content-disposition']).toBeUndefined();
  });
});

describe('ids in any letter case', () => {
  it('reads a record by its upper-case id like by its lower-case one', async () => {
    const admin = await t.login('admin@example.com');
    const me = (await t.as(admin, { method: 'GET', url: '/api/user' })).json().user;
    const res = await t.as(admin, { method: 'GET', url: `/api/user/${me.id.toUpperCase()}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(me.id);
  });
});

describe('dates and periods', () => {
  it('refuses a vacation request to 9999-12-31 at once, and creates nothing', async () => {
    const verkauf = await t.login('verkauf@example.com');
    const me = (await t.as(verkauf, { method: 'GET', url: '/api/user' })).json().user;
    const [before] = await t.db.select({ n: count() }).from(absences);
    const started = Date.now();
    const res = await t.as(verkauf, { method: 'POST', url: '/api/appointment', payload: { appointment: { startDate: '2027-01-04', endDate: '9999-12-31', userId: me.id } } });
    expect(Date.now() - started).toBeLessThan(1000);
    expectRefusal(res, 400, MSG.dateOutOfRange);
    const long = await t.as(verkauf, { method: 'POST', url: '/api/appointment', payload: { appointment: { startDate: '2027-01-04', endDate: '2028-01-05', userId: me.id } } });
    expectRefusal(long, 400, MSG.vacationTooLong);
    const [after] = await t.db.select({ n: count() }).from(absences);
    expect(after).toEqual(before);
  });

  it('refuses a sick report from 0001-01-01 to 9999-12-31, and one longer than three years', async () => {
    const hr = await t.login('personalleitung@example.com');
    const verkauf = (await t.as(await t.login('verkauf@example.com'), { method: 'GET', url: '/api/user' })).json().user;
    const [before] = await t.db.select({ n: count() }).from(absences);
    const wide = await t.as(hr, { method: 'POST', url: '/api/sickreport', payload: { sickReport: { userId: verkauf.id, startDate: '0001-01-01', endDate: '9999-12-31' } } });
    expectRefusal(wide, 400, MSG.dateOutOfRange);
    const long = await t.as(hr, { method: 'POST', url: '/api/sickreport', payload: { sickReport: { userId: verkauf.id, startDate: '2020-01-01', endDate: '2023-01-01' } } });
    expectRefusal(long, 400, MSG.sickTooLong);
    const [after] = await t.db.select({ n: count() }).from(absences);
    expect(after).toEqual(before);
  });
});

describe('headers', () => {
  it('never lets a token be cached', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'admin@example.com', password: 'demo1234' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('asks for HTTPS only when the portal is served over TLS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(plain.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await buildTestApp({ seed: false, config: { publicUrl: 'https://portal.example.com' } });
    try {
      const res = await tls.app.inject({ method: 'GET', url: '/api/health' });
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await tls.close();
    }
  });
});

describe('forgotten password', () => {
  it('answers before anything is looked up or mailed: same answer, same time, known or not', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    const slow = await buildTestApp({ mailer: { send: async (m) => (await gate, void sent.push(m.to)) } });
    try {
      const ask = (username: string, i: number) =>
        slow.app.inject({ method: 'POST', url: '/api/password-forgotten', payload: { username }, remoteAddress: `198.51.100.${i}` });
      // The mail server hangs: a known account is answered all the same.
      const known = await ask('verkauf@example.com', 1);
      const unknown = await ask('gibtsnicht@example.com', 2);
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect(sent).toEqual([]);
      release();
      await slow.app.background.idle();
      expect(sent).toEqual(['verkauf@example.com']);
    } finally {
      release();
      await slow.close();
    }
  });

  it('still mails the link through the outbox', async () => {
    await t.app.inject({ method: 'POST', url: '/api/password-forgotten', payload: { username: 'azubi@example.com' } });
    await t.app.background.idle();
    expect(readOutbox(t.outboxDir).map((m) => m.to)).toContain('azubi@example.com');
  });
});

describe('the log', () => {
  it('keeps SQL parameters, password hashes and passwords out of an unexpected error', async () => {
    const admin = await t.login('admin@example.com');
    const me = (await t.as(admin, { method: 'GET', url: '/api/user' })).json().user;
    // A rule only the database knows makes the next save fail unexpectedly (500).
    await t.db.execute(sql`alter table users add constraint test_no_blocked check (first_name <> 'Blockiert') not valid`);
    try {
      logLines.length = 0;
      const res = await t.as(admin, {
        method: 'PUT',
        url: `/api/user/${me.id}`,
        payload: { user: { firstName: 'Blockiert', lastName: me.lastName, phone: me.phone }, password: 'GeheimesPasswort9', passwordRepeat: 'GeheimesPasswort9' },
      });
      expectRefusal(res, 500, MSG.serverError);
      const log = logLines.join('');
      expect(log).toContain('unhandled error');
      expect(log).toContain('test_no_blocked');
      expect(log).not.toContain('scrypt$');
      expect(log).not.toContain('GeheimesPasswort9');
      expect(log).not.toContain('params');
      expect(log).not.toContain(admin);
    } finally {
      await t.db.execute(sql`alter table users drop constraint test_no_blocked`);
    }
    const [row] = await t.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, me.id));
    expect(row!.firstName).toBe(me.firstName);
  });

  it('describes a failed statement without its parameters', () => {
    const err = Object.assign(new Error('Failed query: update "users" set "password_hash" = $1\nparams: scrypt$131072$8$1$c2FsdA==$aGFzaA=='), {
      cause: Object.assign(new Error('new row violates check constraint'), { code: '23514', constraint: 'x', detail: 'Failing row contains (scrypt$…)' }),
    });
    const out = JSON.stringify(loggableError(err));
    expect(out).toContain('password_hash');
    expect(out).toContain('23514');
    expect(out).not.toContain('scrypt$');
  });
});
