import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { MSG } from '@filialportal/core/messages';
import { todayIso } from '../src/platform/dates.ts';
import { buildTestApp, type TestContext } from './helpers.ts';
import { pdf } from './pdf-text.ts';

/**
 * The spec's download calls (spec 1 §7): `GET /download/{token}?authTok=Bearer …` on the
 * shared-link route, `POST /download/resource/{id}` with the form field authTok. A token in an
 * address reaches no log line, and the answers tell the browser to send no Referer.
 */

const logLines: string[] = [];
let t: TestContext;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await buildTestApp({ logger: { level: 'trace', stream } });
}, 120_000);
afterAll(() => t.close());

const V = 'verwaltung@example.com';
const VK = 'verkauf@example.com';
const PL = 'personalleitung@example.com';


let doc: { id: string; shortLink: string };
let bytes: Buffer;
let verkauf: string;
beforeAll(async () => {
  const token = await t.login(V);
  const folder = (await t.as(token, { method: 'POST', url: '/api/folder', payload: { folder: { name: 'Geteilte Dateien' } } })).json().folder;
  bytes = await pdf('Aushang Inventur');
  const res = await t.as(token, { method: 'POST', url: `/api/document?parent=${folder.id}&name=Inventur.pdf`, payload: bytes, headers: { 'content-type': 'application/octet-stream' } });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().document.id as string;
  await t.as(token, { method: 'PUT', url: `/api/documentsl/${id}`, payload: { shortLink: 'inventur_aushang' } });
  doc = { id, shortLink: 'inventur_aushang' };
  verkauf = await t.login(VK);
}, 120_000);

describe('GET /download/{token}?authTok=Bearer … (the shared-link route)', () => {
  it('downloads by id and by short link with the token in the address only, as an attachment with no-referrer', async () => {
    for (const [target, query] of [
      [doc.id, `authTok=${encodeURIComponent(`Bearer ${verkauf}`)}`],
      [doc.shortLink, `authTok=Bearer+${verkauf}`],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/download/${target}?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload).toEqual(bytes);
      expect(res.headers['content-disposition']).toMatch(/^attachment;.*Inventur\.pdf/);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('refuses a wrong token, and the address token on every other route', async () => {
    const wrong = await t.app.inject({ method: 'GET', url: `/api/download/${doc.id}?authTok=Bearer%20${'0'.repeat(64)}` });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(MSG.sessionExpired);
    expect(wrong.headers['referrer-policy']).toBe('no-referrer');
    const q = `authTok=${encodeURIComponent(`Bearer ${verkauf}`)}`;
    for (const [method, url] of [
      ['POST', `/api/download/${doc.id}?${q}`],
      ['GET', `/api/folder/list?${q}`],
      ['GET', `/api/document/list/0?${q}`],
      ['GET', `/api/download/resource/00000000-0000-4000-8000-000000000000?${q}`],
      ['GET', `/api/advertising/list/0?${q}`],
      ['POST', `/api/folder?${q}`],
    ] as const) {
      const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: { folder: { name: 'Über die Adresse' } } } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    // Verkauf may not create folders; the address token never stood in for an owner's either.
    const folders = (await t.as(await t.login(V), { method: 'GET', url: '/api/folder/list' })).json().folders.map((f: { name: string }) => f.name);
    expect(folders).not.toContain('Über die Adresse');
  });

  it('keeps a document hidden from who may not see it, token in the address or not', async () => {
    const token = await t.login(V);
    const hr = (await t.as(token, { method: 'GET', url: '/api/folder/list' })).json().folders.find((f: { name: string }) => f.name === 'Personal vertraulich');
    const shown = (await t.as(token, { method: 'GET', url: `/api/folder/show/${hr.id}` })).json().folder;
    const secret = shown.documents[0];
    expect(secret).toBeTruthy();
    const res = await t.app.inject({ method: 'GET', url: `/api/download/${secret.id}?authTok=${encodeURIComponent(`Bearer ${verkauf}`)}` });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /download/resource/{id} (a news attachment as form post)', () => {
  it('downloads with the form field authTok, for who sees the news, as an attachment', async () => {
    const attachment = await pdf('Einladung Sommerfest');
    const created = await t.as(await t.login(PL), {
      method: 'POST',
      url: '/api/news',
      payload: { title: 'Sommerfest', text: '<p>Alle sind eingeladen.</p>', date: todayIso(), file: `data:application/pdf;base64,${attachment.toString('base64')}`, fileName: 'Einladung.pdf' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const uri = created.json().news.resourceUri as string;
    expect(uri).toMatch(/^\/api\/download\/resource\//);

    const form = (token: string) => ({ payload: `authTok=${encodeURIComponent(`Bearer ${token}`)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const res = await t.app.inject({ method: 'POST', url: uri, ...form(verkauf) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload).toEqual(attachment);
    expect(res.headers['content-disposition']).toMatch(/^attachment;.*Einladung\.pdf/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');

    expect((await t.app.inject({ method: 'POST', url: uri })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: uri, ...form('0'.repeat(64)) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: uri, ...form(await t.login('ausgeblendet@example.com')) })).statusCode).toBe(403);
    // Shown in place with GET, as before.
    expect((await t.as(verkauf, { method: 'GET', url: uri })).headers['content-disposition']).toMatch(/^inline;/);
  });
});

describe('logs', () => {
  it('never carry a token from an address; request lines show authTok, code, state and ticket blanked', async () => {
    const secret = await t.login(PL);
    const before = logLines.length;
    await t.app.inject({ method: 'GET', url: `/api/download/${doc.id}?authTok=${encodeURIComponent(`Bearer ${secret}`)}` });
    await t.app.inject({ method: 'GET', url: `/api/download/${doc.id}?authTok=Bearer+${secret}&x=1` });
    await t.app.inject({ method: 'GET', url: `/api/download/gibt_es_nicht?authTok=Bearer+${secret}` });
    // A request line, as Fastify writes one when request logging is on, with every spelling of the name.
    for (const name of ['authTok', 'AUTHTOK', 'auth%54ok']) {
      t.app.log.info({ req: { method: 'GET', url: `/api/download/${doc.id}?${name}=Bearer%20${secret}&x=1`, headers: {} } }, 'incoming request');
    }
    // The company-account sign-in's return: authorization code, state and ticket.
    t.app.log.info({ req: { method: 'GET', url: `/api/auth/oidc/callback?code=geheimer-code-1&state=geheimer-state-2&iss=x`, headers: {} } }, 'incoming request');
    t.app.log.info({ req: { method: 'GET', url: `/anmelden/sso?ticket=geheimes-ticket-3`, headers: {} } }, 'incoming request');
    const written = logLines.slice(before).join('');
    for (const value of ['geheimer-code-1', 'geheimer-state-2', 'geheimes-ticket-3']) expect(written).not.toContain(value);
    expect(written).toContain('code=[entfernt]&state=[entfernt]&iss=x');
    expect(written).toContain('authTok=[entfernt]&x=1');
    expect(written).toContain('auth%54ok=[entfernt]');
    expect(written).not.toContain(secret);
    expect(logLines.join('')).not.toContain(verkauf);
  });
});
