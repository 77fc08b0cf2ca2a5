import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { MSG } from '@filialportal/core/messages';
import { PERMISSION_NAMES } from '@filialportal/core/permissions';
import { users } from '../src/modules/users/users.table.ts';
import { locations } from '../src/modules/locations/locations.table.ts';
import { files } from '../src/platform/files.table.ts';
import { gunzipSync } from 'node:zlib';
import { ZUserListAllResponse } from '@filialportal/core/users';
import { buildTestApp, countStored, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const userRow = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!;

describe('GET /api/user', () => {
  it('returns the current user with role, permissions and locations', async () => {
    const res = await t.as(await t.login('filialleitung@example.com'), { method: 'GET', url: '/api/user' });
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user.email).toBe('filialleitung@example.com');
    expect(user.roleIdentifier).toBe('Filialleitung');
    expect(user.currentLocation.label).toBe('Filiale Köln');
    expect(user.availableLocations).toEqual([{ id: user.location.id, label: 'Filiale Köln' }]);
    expect(user.permissions).toContain('urlaub_von_untergeordneten_aus_eigener_filiale_sehen_und_bearbeiten');
    expect(user.permissions).not.toContain('einstellungen_benutzergruppen_bearbeiten');
    expect(user.passwordHash).toBeUndefined();
  });

  it('gives Admin the whole catalogue', async () => {
    const { user } = (await t.as(await t.login('admin@example.com'), { method: 'GET', url: '/api/user' })).json();
    expect([...user.permissions].sort()).toEqual([...PERMISSION_NAMES].sort());
    expect(user.availableLocations.length).toBeGreaterThanOrEqual(8);
  });
});

describe('GET /api/user/{id}', () => {
  it('shows the own record to anyone and every field of the spec', async () => {
    const me = await userRow('verkauf@example.com');
    const res = await t.as(await t.login('verkauf@example.com'), { method: 'GET', url: `/api/user/${me.id}` });
    expect(res.statusCode).toBe(200);
    const u = res.json().user;
    for (const f of ['firstName', 'lastName', 'email', 'phone', 'location', 'additionalLocations', 'allowedLocationsClaim', 'availableHolidays', 'holidayContingent', 'externalLogin', 'deductionHolidaysCurrentYear', 'holidaySurplusPreviousYear', 'personalNumber', 'freeDay', 'freeDay7', 'presence1', 'presence7', 'role', 'active']) {
      expect(u).toHaveProperty(f);
    }
    expect(u.freeDay7).toBe('So');
  });

  it('hides other users from someone without settings rights (404, no data)', async () => {
    const other = await userRow('buchhaltung@example.com');
    const res = await t.as(await t.login('verkauf@example.com'), { method: 'GET', url: `/api/user/${other.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('buchhaltung@');
  });

  it('lets Filialleitung see users of its own location only', async () => {
    const token = await t.login('filialleitung@example.com');
    const sameShop = await userRow('azubi@example.com');
    const otherShop = await userRow('admin@example.com');
    expect((await t.as(token, { method: 'GET', url: `/api/user/${sameShop.id}` })).statusCode).toBe(200);
    expect((await t.as(token, { method: 'GET', url: `/api/user/${otherShop.id}` })).statusCode).toBe(404);
  });

  it('400 for an id that is not a UUID', async () => {
    const res = await t.as(await t.login('admin@example.com'), { method: 'GET', url: '/api/user/123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/UUID|Ungültig/);
  });
});

describe('GET /api/user/list/{page}', () => {
  it('pages by 6 with count and page count, sorted by last name', async () => {
    const res = await t.as(await t.login('admin@example.com'), { method: 'GET', url: '/api/user/list/0' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const [total] = await t.db.select({ n: count() }).from(users);
    const n = total!.n;
    expect(body.count).toBe(n);
    expect(body.users).toHaveLength(6);
    expect(body.pn).toBe(Math.ceil(n / 6));
    const names = body.users.map((u: { lastName: string }) => u.lastName);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    const page1 = (await t.as(await t.login('admin@example.com'), { method: 'GET', url: '/api/user/list/1' })).json();
    expect(page1.users[0].id).not.toBe(body.users[0].id);
  });

  it('searches names, e-mail and personal number', async () => {
    const token = await t.login('admin@example.com');
    const res = await t.as(token, { method: 'GET', url: '/api/user/list/0?userSearch=PERSONALLEITUNG' });
    expect(res.json().count).toBe(1);
    expect(res.json().users[0].email).toBe('personalleitung@example.com');
    const pn = (await userRow('lagerist@example.com')).personalNumber!;
    const byNumber = (await t.as(token, { method: 'GET', url: `/api/user/list/0?userSearch=${pn}` })).json();
    expect(byNumber.users.map((u: { email: string }) => u.email)).toContain('lagerist@example.com');
    const none = (await t.as(token, { method: 'GET', url: '/api/user/list/0?userSearch=%25%25' })).json();
    expect(none.count).toBe(0);
  });

  it('sorts descending with a minus prefix and ignores unknown fields', async () => {
    const token = await t.login('admin@example.com');
    const desc = (await t.as(token, { method: 'GET', url: '/api/user/list/0?sort=-personalNumber' })).json();
    const numbers = desc.users.map((u: { personalNumber: string }) => u.personalNumber);
    expect(numbers).toEqual([...numbers].sort().reverse());
    const unknown = await t.as(token, { method: 'GET', url: '/api/user/list/0?sort=passwordHash' });
    expect(unknown.statusCode).toBe(200);
  });

  it('limits Filialleitung to its own location and refuses Verkauf', async () => {
    const fl = (await t.as(await t.login('filialleitung@example.com'), { method: 'GET', url: '/api/user/list/9999' })).json();
    expect(fl.users.length).toBeGreaterThan(0);
    expect(new Set(fl.users.map((u: { locationLabel: string }) => u.locationLabel))).toEqual(new Set(['Filiale Köln']));
    const res = await t.as(await t.login('verkauf@example.com'), { method: 'GET', url: '/api/user/list/0' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(MSG.notAllowed);
  });

  it('400 for a negative page', async () => {
    const res = await t.as(await t.login('admin@example.com'), { method: 'GET', url: '/api/user/list/-1' });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/user/listall and /api/count/user/', () => {
  it('lists everyone with names, location and team only', async () => {
    const res = await t.as(await t.login('filialleitung@example.com'), { method: 'GET', url: '/api/user/listall' });
    expect(res.statusCode).toBe(200);
    const all = res.json().users;
    expect(all.length).toBeGreaterThanOrEqual(55);
    expect(all[0]).not.toHaveProperty('email');
    expect(all[0]).not.toHaveProperty('personalNumber');
    expect(all[0]).toHaveProperty('locationLabel');
    const hidden = all.find((u: { team: string }) => u.team === 'Ausgeblendet');
    expect(hidden.receivesTasks).toBe(false);
    expect(all.find((u: { team: string }) => u.team === 'Verkauf').receivesTasks).toBe(true);
  });

  it('answers the schema, as JSON or gzip, with an ETag; 304 while nothing changed, new data after a change', async () => {
    const token = await t.login('personalleitung@example.com');
    const first = await t.as(token, { method: 'GET', url: '/api/user/listall' });
    expect(ZUserListAllResponse.parse(first.json())).toEqual(first.json());
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const zipped = await t.as(token, { method: 'GET', url: '/api/user/listall', headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(first.json());
    const again = await t.as(token, { method: 'GET', url: '/api/user/listall', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A changed name (through the settings form) is in the next answer, under a new ETag.
    const me = (await t.as(token, { method: 'GET', url: '/api/user' })).json().user;
    const saved = await t.as(token, { method: 'PUT', url: `/api/user/${me.id}`, payload: { user: { firstName: 'Petra', lastName: 'Neuname', phone: '' } } });
    expect(saved.statusCode).toBe(200);
    const changed = await t.as(token, { method: 'GET', url: '/api/user/listall', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().users.some((u: { lastName: string }) => u.lastName === 'Neuname')).toBe(true);
  });

  it.each([
    ['personalleitung@example.com', 200],
    ['verwaltung@example.com', 200],
    ['zentrallagerleitung@example.com', 200],
    ['vertriebsleitung@example.com', 200],
    ['franchise@example.com', 200],
    ['verkauf@example.com', 403],
    ['buchhaltung@example.com', 403],
    ['ausgeblendet@example.com', 403],
  ])('is open only to screens with a people picker: %s gets %i', async (email, status) => {
    const res = await t.as(await t.login(email), { method: 'GET', url: '/api/user/listall' });
    expect(res.statusCode).toBe(status);
    if (status === 403) {
      expect(res.json().error.message).toBe(MSG.notAllowed);
      expect(res.json()).not.toHaveProperty('users');
    }
  });

  it('counts the users in scope', async () => {
    const all = (await t.as(await t.login('admin@example.com'), { method: 'GET', url: '/api/count/user/' })).json().count;
    const own = (await t.as(await t.login('filialleitung@example.com'), { method: 'GET', url: '/api/count/user/' })).json().count;
    expect(all).toBeGreaterThan(own);
    expect((await t.as(await t.login('verkauf@example.com'), { method: 'GET', url: '/api/count/user/' })).statusCode).toBe(403);
  });
});

describe('PUT /api/user/{id} (own settings)', () => {
  const body = (over: Record<string, unknown> = {}, user: Record<string, unknown> = {}) => ({
    user: { firstName: 'Vera', lastName: 'Verkauf', phone: '0221 123', ...user },
    ...over,
  });

  it('saves name, phone and password; the new password works', async () => {
    const token = await t.login('azubi@example.com');
    const me = await userRow('azubi@example.com');
    const res = await t.as(token, { method: 'PUT', url: `/api/user/${me.id}`, payload: body({ password: 'geheim99', passwordRepeat: 'geheim99' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.fullName).toBe('Vera Verkauf');
    const after = await userRow('azubi@example.com');
    expect(after.phone).toBe('0221 123');
    const login = await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'azubi@example.com', password: 'geheim99' } });
    expect(login.statusCode).toBe(200);
    // The session that changed the password stays valid.
    expect((await t.as(token, { method: 'GET', url: '/api/user' })).statusCode).toBe(200);
  });

  it.each([
    [body({}, { firstName: 'V' }), MSG.fillAllFields],
    [body({}, { lastName: '' }), MSG.fillAllFields],
    [body({ password: 'abcdef', passwordRepeat: 'abcdeg' }), MSG.passwordsDiffer],
    [body({ password: 'abc', passwordRepeat: 'abc' }), MSG.passwordTooShort],
  ])('refuses bad input with the spec message and changes nothing (%#)', async (payload, message) => {
    const token = await t.login('bodenleger@example.com');
    const before = await userRow('bodenleger@example.com');
    const res = await t.as(token, { method: 'PUT', url: `/api/user/${before.id}`, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    const after = await userRow('bodenleger@example.com');
    expect(after).toEqual(before);
  });

  it('refuses a location that is not available to the user', async () => {
    const token = await t.login('lagerist@example.com');
    const me = await userRow('lagerist@example.com');
    const [hamburg] = await t.db.select().from(locations).where(eq(locations.name, 'Filiale Hamburg'));
    const res = await t.as(token, { method: 'PUT', url: `/api/user/${me.id}`, payload: body({}, { selectedLocation: hamburg!.id }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MSG.locationNotAvailable);
    expect((await userRow('lagerist@example.com')).firstName).toBe(me.firstName);
  });

  it('lets Admin switch the current location among his locations', async () => {
    const token = await t.login('admin@example.com');
    const me = await userRow('admin@example.com');
    const [hamburg] = await t.db.select().from(locations).where(eq(locations.name, 'Filiale Hamburg'));
    const res = await t.as(token, { method: 'PUT', url: `/api/user/${me.id}`, payload: body({}, { firstName: me.firstName, lastName: me.lastName, selectedLocation: hamburg!.id }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.currentLocation.label).toBe('Filiale Hamburg');
  });

  it("refuses changing someone else's settings (403, nothing changed)", async () => {
    const other = await userRow('buchhaltung@example.com');
    const res = await t.as(await t.login('verkauf@example.com'), { method: 'PUT', url: `/api/user/${other.id}`, payload: body() });
    expect(res.statusCode).toBe(403);
    expect(await userRow('buchhaltung@example.com')).toEqual(other);
  });

  it('401 without a token and nothing changed', async () => {
    const other = await userRow('buchhaltung@example.com');
    const res = await t.app.inject({ method: 'PUT', url: `/api/user/${other.id}`, payload: body() });
    expect(res.statusCode).toBe(401);
    expect(await userRow('buchhaltung@example.com')).toEqual(other);
  });

  it('stores an avatar as a 256 px JPEG and serves it to logged-in users; refuses other types', async () => {
    const token = await t.login('lagerist@example.com');
    const me = await userRow('lagerist@example.com');
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#a0522d' } }).png().toBuffer();
    const res = await t.as(token, {
      method: 'PUT',
      url: `/api/user/${me.id}`,
      payload: body({ image: { fileName: 'ich.png', data: `data:image/png;base64,${png.toString('base64')}` } }, { firstName: me.firstName, lastName: me.lastName }),
    });
    expect(res.statusCode).toBe(200);
    const uri = res.json().user.resourceUri as string;
    expect(uri).toMatch(/^\/api\/avatar\//);
    const img = await t.as(await t.login('verkauf@example.com'), { method: 'GET', url: uri });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(img.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
    expect((await t.app.inject({ method: 'GET', url: uri })).statusCode).toBe(401);

    const before = await userRow('lagerist@example.com');
    const pdf = Buffer.from('%PDF-1.4 kein Bild').toString('base64');
    const bad = await t.as(token, {
      method: 'PUT',
      url: `/api/user/${me.id}`,
      payload: body({ image: { fileName: 'ich.png', data: `data:image/png;base64,${pdf}` } }, { firstName: 'Neu', lastName: 'Name' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(MSG.avatarType);
    expect(await userRow('lagerist@example.com')).toEqual(before);
  });

  it('replaces the avatar, removing the old one; refuses a picture type it does not take and stores nothing', async () => {
    const token = await t.login('lagerist@example.com');
    const me = await userRow('lagerist@example.com');
    const put = (image: { fileName: string; data: string }) =>
      t.as(token, { method: 'PUT', url: `/api/user/${me.id}`, payload: body({ image }, { firstName: me.firstName, lastName: me.lastName }) });
    const fileCount = async () => (await t.db.select({ n: count() }).from(files))[0]!.n;
    const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#2e8b57' } }).gif().toBuffer();
    const first = await put({ fileName: 'ich.gif', data: `data:image/gif;base64,${gif.toString('base64')}` });
    expect(first.statusCode).toBe(200);
    const oldId = (await userRow('lagerist@example.com')).avatarFileId;
    const before = [await fileCount(), await countStored(t.storage)];
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#2e8b57' } }).png().toBuffer();
    expect((await put({ fileName: 'ich.png', data: `data:image/png;base64,${png.toString('base64')}` })).statusCode).toBe(200);
    expect((await userRow('lagerist@example.com')).avatarFileId).not.toBe(oldId);
    expect(await t.db.select().from(files).where(eq(files.id, oldId!))).toEqual([]);
    expect([await fileCount(), await countStored(t.storage)]).toEqual(before);

    const row = await userRow('lagerist@example.com');
    const webp = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#2e8b57' } }).webp().toBuffer();
    const bad = await put({ fileName: 'ich.png', data: `data:image/webp;base64,${webp.toString('base64')}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(MSG.avatarType);
    expect(await userRow('lagerist@example.com')).toEqual(row);
    expect([await fileCount(), await countStored(t.storage)]).toEqual(before);
  });
});
