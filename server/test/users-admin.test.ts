import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { MSG } from '@filialportal/core/messages';
import { users } from '../src/modules/users/users.table.ts';
import { sessions } from '../src/modules/session/session.table.ts';
import { locations } from '../src/modules/locations/locations.table.ts';
import { userGroups } from '../src/modules/teams/teams.table.ts';
import { files } from '../src/platform/files.table.ts';
import { buildTestApp, countStored, type TestContext } from './helpers.ts';
import { readXlsx } from './xlsx.ts';

let t: TestContext;
let koeln: string;

beforeAll(async () => {
  t = await buildTestApp();
  const locs = await t.db.select().from(locations);
  koeln = locs.find((l) => l.name === 'Filiale Köln')!.id;

});
afterAll(() => t.close());

const userRow = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];
const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]!.n;

/** The settings form of an existing user: no password change. */
const editUser = (over: Record<string, unknown> = {}, top: Record<string, unknown> = {}) =>
  newUser(over, { password: undefined, passwordRepeat: undefined, ...top });

const newUser = (over: Record<string, unknown> = {}, top: Record<string, unknown> = {}) => ({
  user: {
    firstName: 'Nina',
    lastName: 'Neumann',
    email: 'nina.neumann@example.com',
    phone: '0221 555',
    location: koeln,
    personalNumber: '7001',
    holidayContingent: 30,
    freeDay6: 'Sa',
    freeDay7: 'So',
    ...over,
  },
  role: 'Verkauf',
  password: 'start123',
  passwordRepeat: 'start123',
  ...top,
});

describe('POST /api/user', () => {
  it('creates a user who can then log in', async () => {
    const res = await t.as(await t.login('admin@example.com'), { method: 'POST', url: '/api/user', payload: newUser() });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'nina.neumann@example.com', role: 'Verkauf', personalNumber: '7001', freeDay6: 'Sa', freeDay: '' });
    const login = await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'nina.neumann@example.com', password: 'start123' } });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    ['missing last name', () => newUser({ lastName: '' }), MSG.fillAllFields, 400],
    ['missing personal number', () => newUser({ personalNumber: '' }), MSG.fillAllFields, 400],
    ['missing location', () => newUser({ location: undefined }), MSG.fillAllFields, 400],
    ['missing password', () => newUser({ email: 'x1@example.com', personalNumber: '7100' }, { password: '', passwordRepeat: '' }), MSG.fillAllFields, 400],
    ['passwords differ', () => newUser({ email: 'x2@example.com', personalNumber: '7101' }, { passwordRepeat: 'anders1' }), MSG.passwordsDiffer, 400],
    ['password too short', () => newUser({ email: 'x3@example.com', personalNumber: '7102' }, { password: 'abc', passwordRepeat: 'abc' }), MSG.passwordTooShort, 400],
    ['personal number taken', () => newUser({ email: 'x4@example.com', personalNumber: '1001' }), MSG.personalNumberTaken, 400],
    ['username taken', () => newUser({ email: 'verkauf@example.com', personalNumber: '7103' }), MSG.usernameTaken, 409],
    ['unknown group', () => newUser({ email: 'x5@example.com', personalNumber: '7104' }, { role: 'Gibtsnicht' }), MSG.fillAllFields, 400],
    ['a weekday that does not exist', () => newUser({ email: 'x6@example.com', personalNumber: '7105', freeDay: 'Xy' }), null, 400],
  ])('refuses %s and saves nothing', async (_name, payload, message, status) => {
    const before = await userCount();
    const res = await t.as(await t.login('admin@example.com'), { method: 'POST', url: '/api/user', payload: payload() });
    expect(res.statusCode).toBe(status);
    if (message) expect(res.json().error.message).toBe(message);
    else expect(res.json().error.message).toMatch(/Ungültig/);
    expect(await userCount()).toBe(before);
  });

  it('keeps an avatar as a 256 px JPEG with the new user', async () => {
    const png = await sharp({ create: { width: 300, height: 500, channels: 3, background: '#336699' } }).png().toBuffer();
    const image = { fileName: 'nina.png', data: `data:image/png;base64,${png.toString('base64')}` };
    const res = await t.as(await t.login('admin@example.com'), { method: 'POST', url: '/api/user', payload: newUser({ email: 'avatar@example.com', personalNumber: '7400' }, { image }) });
    expect(res.statusCode).toBe(200);
    const [file] = await t.db.select().from(files).where(eq(files.id, (await userRow('avatar@example.com'))!.avatarFileId!));
    expect(file).toMatchObject({ name: 'avatar.jpg', mimeType: 'image/jpeg' });
    const meta = await sharp(await t.storage.get(file!.storageKey)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 256, 256]);
  });

  it('refuses an avatar whose bytes are no picture, and one with a user that cannot be saved, and stores nothing', async () => {
    const fileCount = async () => (await t.db.select({ n: count() }).from(files))[0]!.n;
    const before = [await userCount(), await fileCount(), await countStored(t.storage)];
    const admin = await t.login('admin@example.com');
    const pdf = { fileName: 'ich.png', data: `data:image/png;base64,${Buffer.from('%PDF-1.4 kein Bild').toString('base64')}` };
    const bad = await t.as(admin, { method: 'POST', url: '/api/user', payload: newUser({ email: 'avatar-pdf@example.com', personalNumber: '7401' }, { image: pdf }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(MSG.avatarType);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#336699' } }).png().toBuffer();
    const image = { fileName: 'ich.png', data: `data:image/png;base64,${png.toString('base64')}` };
    const taken = await t.as(admin, { method: 'POST', url: '/api/user', payload: newUser({ email: 'avatar-pn@example.com', personalNumber: '1001' }, { image }) });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.message).toBe(MSG.personalNumberTaken);
    expect([await userCount(), await fileCount(), await countStored(t.storage)]).toEqual(before);
  });

  it('403 for someone without einstellungen_benutzer_erstellen, nothing saved', async () => {
    const before = await userCount();
    const res = await t.as(await t.login('verkauf@example.com'), { method: 'POST', url: '/api/user', payload: newUser({ email: 'y@example.com', personalNumber: '7200' }) });
    expect(res.statusCode).toBe(403);
    expect(await userCount()).toBe(before);
  });

  it('does not let a non-admin hand out the Admin group', async () => {
    const before = await userCount();
    const res = await t.as(await t.login('personalleitung@example.com'), {
      method: 'POST',
      url: '/api/user',
      payload: newUser({ email: 'z@example.com', personalNumber: '7300' }, { role: 'Admin' }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(MSG.groupNotAssignable);
    expect(await userCount()).toBe(before);
  });
});

describe('PUT /api/user/{id} (settings area)', () => {
  it('edits every field with all-fields rights and clashes only with others', async () => {
    const nina = (await userRow('nina.neumann@example.com'))!;
    const token = await t.login('admin@example.com');
    const same = await t.as(token, { method: 'PUT', url: `/api/user/${nina.id}`, payload: editUser({ phone: '0221 777', holidayContingent: 28 }) });
    expect(same.statusCode).toBe(200);
    expect(same.json().user).toMatchObject({ phone: '0221 777', holidayContingent: 28 });
    const clash = await t.as(token, { method: 'PUT', url: `/api/user/${nina.id}`, payload: editUser({ personalNumber: '1001' }) });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().error.message).toBe(MSG.personalNumberTaken);
    const taken = await t.as(token, { method: 'PUT', url: `/api/user/${nina.id}`, payload: editUser({ email: 'admin@example.com' }) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(MSG.usernameTaken);
    expect((await userRow('nina.neumann@example.com'))!.personalNumber).toBe('7001');
  });

  it('lets Filialleitung change only free days of its own staff', async () => {
    const nina = (await userRow('nina.neumann@example.com'))!;
    const token = await t.login('filialleitung@example.com');
    const base = { phone: '0221 777', holidayContingent: 28 };
    const ok = await t.as(token, { method: 'PUT', url: `/api/user/${nina.id}`, payload: editUser({ ...base, freeDay3: 'Mi', freeDay6: '' }, { updateCalendar: true }) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ freeDay3: 'Mi', freeDay6: '' });
    const before = (await userRow('nina.neumann@example.com'))!;
    const refused = await t.as(token, { method: 'PUT', url: `/api/user/${nina.id}`, payload: editUser({ ...base, freeDay3: 'Mi', freeDay6: '', lastName: 'Anders' }) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MSG.fieldNotEditable);
    expect(await userRow('nina.neumann@example.com')).toEqual(before);
  });

  it("lets a manager edit free days of someone whose group he could not hand out", async () => {
    const [azubiGroup] = await t.db.select().from(userGroups).where(eq(userGroups.name, 'Azubi'));
    await t.db.update(userGroups).set({ permissions: [...azubiGroup!.permissions, 'sortiment_kategorie_l_schen'] }).where(eq(userGroups.id, azubiGroup!.id));
    const azubi = (await t.as(await t.login('admin@example.com'), { method: 'GET', url: `/api/user/${(await userRow('azubi@example.com'))!.id}` })).json().user;
    const token = await t.login('filialleitung@example.com');
    const { id, role: _r, roleLabel: _l, locationLabel: _ll, resourceUri: _u, availableHolidays: _a, fullName: _f, selectedLocation: _s, ...fields } = azubi;
    const res = await t.as(token, { method: 'PUT', url: `/api/user/${id}`, payload: { user: { ...fields, freeDay2: 'Di' }, role: 'Azubi' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.freeDay2).toBe('Di');
    // Handing out that group to someone else is still refused.
    const nina = (await userRow('nina.neumann@example.com'))!;
    const promote = await t.as(token, { method: 'PUT', url: `/api/user/${nina.id}`, payload: editUser({ phone: '0221 777', holidayContingent: 28, freeDay3: 'Mi', freeDay6: '' }, { role: 'Azubi' }) });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().error.message).toBe(MSG.groupNotAssignable);
  });

  it('hides users of other locations from own-location managers (404)', async () => {
    const admin = (await userRow('admin@example.com'))!;
    const res = await t.as(await t.login('filialleitung@example.com'), { method: 'PUT', url: `/api/user/${admin.id}`, payload: editUser({ email: 'admin@example.com' }) });
    expect(res.statusCode).toBe(404);
  });

  it('403 for Verkauf editing someone in the settings form', async () => {
    const nina = (await userRow('nina.neumann@example.com'))!;
    const res = await t.as(await t.login('verkauf@example.com'), { method: 'PUT', url: `/api/user/${nina.id}`, payload: editUser({}) });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/activate/user/{id}', () => {
  it('deactivates (ending sessions) and activates again; never oneself', async () => {
    const token = await t.login('admin@example.com');
    const ninaToken = (await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'nina.neumann@example.com', password: 'start123' } })).json().token;
    const nina = (await userRow('nina.neumann@example.com'))!;
    const off = await t.as(token, { method: 'GET', url: `/api/activate/user/${nina.id}` });
    expect(off.json()).toEqual({ id: nina.id, active: false });
    expect((await t.as(ninaToken, { method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    const on = await t.as(token, { method: 'GET', url: `/api/activate/user/${nina.id}` });
    expect(on.json().active).toBe(true);
    const admin = (await userRow('admin@example.com'))!;
    const self = await t.as(token, { method: 'GET', url: `/api/activate/user/${admin.id}` });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(MSG.cannotDeactivateSelf);
    expect((await userRow('admin@example.com'))!.active).toBe(true);
  });
});

describe('DELETE /api/user/{id}', () => {
  it('403 without the permission, then deletes with it (sessions gone)', async () => {
    const nina = (await userRow('nina.neumann@example.com'))!;
    const refused = await t.as(await t.login('filialleitung@example.com'), { method: 'DELETE', url: `/api/user/${nina.id}` });
    expect(refused.statusCode).toBe(403);
    expect(await userRow('nina.neumann@example.com')).toBeTruthy();
    const res = await t.as(await t.login('admin@example.com'), { method: 'DELETE', url: `/api/user/${nina.id}` });
    expect(res.statusCode).toBe(204);
    expect(await userRow('nina.neumann@example.com')).toBeUndefined();
    const [left] = await t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, nina.id));
    expect(left!.n).toBe(0);
  });

  it('refuses deleting oneself', async () => {
    const admin = (await userRow('admin@example.com'))!;
    const res = await t.as(await t.login('admin@example.com'), { method: 'DELETE', url: `/api/user/${admin.id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MSG.cannotDeleteSelf);
  });
});

describe('POST /api/export-users', () => {
  it('downloads an XLSX with German headers, date cells and formula-safe text, via the authTok form field', async () => {
    const token = await t.login('admin@example.com');
    const pers = (await userRow('personalleitung@example.com'))!;
    await t.db.update(users).set({ phone: '=HYPERLINK("http://x")' }).where(eq(users.id, pers.id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/export-users?userSearch=personalleitung',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `authTok=${encodeURIComponent(`Bearer ${token}`)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Benutzer\.xlsx"/);
    const rows = await readXlsx(res);
    expect(rows[0]).toEqual(expect.arrayContaining(['Nachname', 'Vorname', 'Benutzername', 'Personalnummer', 'Angelegt am']));
    expect(rows).toHaveLength(2);
    const phoneCol = (rows[0] as string[]).indexOf('Telefon');
    expect(rows[1]![phoneCol]).toBe('=HYPERLINK("http://x")');
    const createdCol = (rows[0] as string[]).indexOf('Angelegt am');
    expect(rows[1]![createdCol]).toBeInstanceOf(Date);
  });

  it('401 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/export-users' });
    expect(res.statusCode).toBe(401);
  });
});


// ---------------------------------------------------------------------------------------------
// The keys to an account (password, username, group, active state, deletion) and the groups a
// non-Admin may give: nobody gains power through the user administration.

/** What the settings form sends for an existing user: every field as loaded, no password. */
const formOf = async (email: string, over: Record<string, unknown> = {}, top: Record<string, unknown> = {}) => {
  const id = (await userRow(email))!.id;
  const user = (await t.as(await t.login('admin@example.com'), { method: 'GET', url: `/api/user/${id}` })).json().user;
  return { id, body: { user: { ...user, ...over }, role: user.role, ...top } };
};
const hr = () => t.login('personalleitung@example.com');
const tokenFor = (username: string, password: string) => t.app.inject({ method: 'POST', url: '/api/token', payload: { username, password } });
const groupRow = async (name: string) => (await t.db.select().from(userGroups).where(eq(userGroups.name, name)))[0]!;

describe('no privilege escalation: Personalleitung against an Admin', () => {
  it('cannot set an Admin’s password; the new one does not log in', async () => {
    const before = await userRow('admin@example.com');
    const { id, body } = await formOf('admin@example.com', {}, { password: 'gekapert1', passwordRepeat: 'gekapert1' });
    const res = await t.as(await hr(), { method: 'PUT', url: `/api/user/${id}`, payload: body });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(MSG.adminProtected);
    expect(await userRow('admin@example.com')).toEqual(before);
    expect((await tokenFor('admin@example.com', 'gekapert1')).statusCode).toBe(401);
  });

  it.each([
    ['rename', { email: 'kaper@example.com' }, {}],
    ['move to another group', {}, { role: 'Verkauf' }],
    ['deactivate in the form', { active: false }, {}],
  ])('cannot %s an Admin (403, row unchanged)', async (_what, over, top) => {
    const before = await userRow('admin@example.com');
    const { id, body } = await formOf('admin@example.com', over, top);
    const res = await t.as(await hr(), { method: 'PUT', url: `/api/user/${id}`, payload: body });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(MSG.adminProtected);
    expect(await userRow('admin@example.com')).toEqual(before);
    expect(await userRow('kaper@example.com')).toBeUndefined();
  });

  it('cannot deactivate or delete an Admin', async () => {
    const before = await userRow('admin@example.com');
    const off = await t.as(await hr(), { method: 'GET', url: `/api/activate/user/${before!.id}` });
    expect(off.statusCode).toBe(403);
    expect(off.json().error.message).toBe(MSG.adminProtected);
    const del = await t.as(await hr(), { method: 'DELETE', url: `/api/user/${before!.id}` });
    expect(del.statusCode).toBe(403);
    expect(del.json().error.message).toBe(MSG.adminProtected);
    expect(await userRow('admin@example.com')).toEqual(before);
    // Admin is still who he was.
    expect((await tokenFor('admin@example.com', 'demo1234')).statusCode).toBe(200);
  });

  it('still edits the other fields of an Admin as the field rules allow', async () => {
    const { id, body } = await formOf('admin@example.com', { phone: '0221 999 00' });
    const res = await t.as(await hr(), { method: 'PUT', url: `/api/user/${id}`, payload: body });
    expect(res.statusCode).toBe(200);
    expect((await userRow('admin@example.com'))!.phone).toBe('0221 999 00');
  });
});

describe('no privilege escalation: settings rights the actor lacks', () => {
  it('Personalleitung cannot take over a Verwaltung account (more settings rights)', async () => {
    const before = await userRow('verwaltung@example.com');
    const { id, body } = await formOf('verwaltung@example.com', {}, { password: 'gekapert1', passwordRepeat: 'gekapert1' });
    const pw = await t.as(await hr(), { method: 'PUT', url: `/api/user/${id}`, payload: body });
    expect(pw.statusCode).toBe(403);
    expect(pw.json().error.message).toBe(MSG.userProtected);
    const rename = await t.as(await hr(), { method: 'PUT', url: `/api/user/${id}`, payload: (await formOf('verwaltung@example.com', { email: 'v2@example.com' })).body });
    expect(rename.statusCode).toBe(403);
    const off = await t.as(await hr(), { method: 'GET', url: `/api/activate/user/${id}` });
    expect(off.statusCode).toBe(403);
    expect(off.json().error.message).toBe(MSG.userProtected);
    const del = await t.as(await hr(), { method: 'DELETE', url: `/api/user/${id}` });
    expect(del.statusCode).toBe(403);
    expect(await userRow('verwaltung@example.com')).toEqual(before);
    expect((await tokenFor('verwaltung@example.com', 'gekapert1')).statusCode).toBe(401);
  });

  it('a narrowing right does not protect: Personalleitung resets a Filialleitung password', async () => {
    const { id, body } = await formOf('filialleitung@example.com', {}, { password: 'neu12345', passwordRepeat: 'neu12345' });
    const res = await t.as(await hr(), { method: 'PUT', url: `/api/user/${id}`, payload: body });
    expect(res.statusCode).toBe(200);
    expect((await tokenFor('filialleitung@example.com', 'neu12345')).statusCode).toBe(200);
  });

  it('Admin keeps every key', async () => {
    const token = await t.login('admin@example.com');
    const { id, body } = await formOf('verwaltung@example.com', {}, { password: 'admin-setzt', passwordRepeat: 'admin-setzt' });
    expect((await t.as(token, { method: 'PUT', url: `/api/user/${id}`, payload: body })).statusCode).toBe(200);
    expect((await tokenFor('verwaltung@example.com', 'admin-setzt')).statusCode).toBe(200);
    expect((await t.as(token, { method: 'GET', url: `/api/activate/user/${id}` })).json().active).toBe(false);
    expect((await t.as(token, { method: 'GET', url: `/api/activate/user/${id}` })).json().active).toBe(true);
  });
});

describe('onboarding: which groups Personalleitung may give', () => {
  const hire = (n: number, role: string) => newUser({ email: `neu${n}@example.com`, personalNumber: `85${n}`, firstName: 'Neu', lastName: `Person${n}` }, { role });

  it.each([
    [1, 'Verkauf'],
    [2, 'Azubi'],
    [3, 'Filialleitung'],
    [4, 'Lagerist'],
  ])('creates person %i as %s', async (n, role) => {
    const res = await t.as(await hr(), { method: 'POST', url: '/api/user', payload: hire(n, role) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe(role);
    expect((await tokenFor(`neu${n}@example.com`, 'start123')).statusCode).toBe(200);
  });

  it.each(['Admin', 'Verwaltung', 'Buchhaltung'])('refuses to give %s (403, nothing created)', async (role) => {
    const before = await userCount();
    const res = await t.as(await hr(), { method: 'POST', url: '/api/user', payload: hire(9, role) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(MSG.groupNotAssignable);
    expect(await userCount()).toBe(before);
    expect(await userRow('neu9@example.com')).toBeUndefined();
  });

  it('refuses to move someone into Verwaltung or Admin (by name or by upper-case id)', async () => {
    const before = await userRow('lagerist@example.com');
    const admin = await groupRow('Admin');
    for (const role of ['Verwaltung', admin.id.toUpperCase()]) {
      const { id, body } = await formOf('lagerist@example.com', {}, { role });
      const res = await t.as(await hr(), { method: 'PUT', url: `/api/user/${id}`, payload: body });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(MSG.groupNotAssignable);
    }
    expect(await userRow('lagerist@example.com')).toEqual(before);
  });

  /** HR's hiring of person n into the group is refused, and nobody is created. */
  async function expectHireRefused(n: number, group: string) {
    const res = await t.as(await hr(), { method: 'POST', url: '/api/user', payload: hire(n, group) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(MSG.groupNotAssignable);
    expect(await userRow(`neu${n}@example.com`)).toBeUndefined();
  }

  it('gives only groups on its own list', async () => {
    const pl = await groupRow('Personalleitung');
    const aushilfe = await groupRow('Aushilfe');
    await t.db.update(userGroups).set({ assignableUserGroups: pl.assignableUserGroups.filter((g) => g !== aushilfe.id) }).where(eq(userGroups.id, pl.id));
    try {
      await expectHireRefused(5, 'Aushilfe');
    } finally {
      await t.db.update(userGroups).set({ assignableUserGroups: pl.assignableUserGroups }).where(eq(userGroups.id, pl.id));
    }
  });

  it('a listed group that gained settings rights since is no longer given', async () => {
    const bodenleger = await groupRow('Bodenleger');
    await t.db.update(userGroups).set({ permissions: [...bodenleger.permissions, 'einstellungen_sehen', 'einstellungen_standorte_sehen'] }).where(eq(userGroups.id, bodenleger.id));
    try {
      await expectHireRefused(6, 'Bodenleger');
    } finally {
      await t.db.update(userGroups).set({ permissions: bodenleger.permissions }).where(eq(userGroups.id, bodenleger.id));
    }
  });

  it('tells the client which groups it may give', async () => {
    const teams = (await t.as(await hr(), { method: 'GET', url: '/api/team' })).json().teams as { name: string; assignable: boolean; manageable: boolean }[];
    const given = teams.filter((g) => g.assignable).map((g) => g.name);
    expect(given).toEqual(expect.arrayContaining(['Verkauf', 'Azubi', 'Aushilfe', 'Bodenleger', 'Lagerist', 'Filialleitung']));
    for (const name of ['Admin', 'Verwaltung', 'Buchhaltung', 'Vertriebsleitung', 'Zentrallagerleitung']) expect(given).not.toContain(name);
    expect(teams.find((g) => g.name === 'Admin')!.manageable).toBe(false);
    expect(teams.find((g) => g.name === 'Verwaltung')!.manageable).toBe(false);
    expect(teams.find((g) => g.name === 'Filialleitung')!.manageable).toBe(true);
    const admin = (await t.as(await t.login('admin@example.com'), { method: 'GET', url: '/api/team' })).json().teams as { assignable: boolean }[];
    expect(admin.every((g) => g.assignable)).toBe(true);
    const staff = (await t.as(await t.login('verkauf@example.com'), { method: 'GET', url: '/api/team' })).json().teams as { assignable: boolean }[];
    expect(staff.some((g) => g.assignable)).toBe(false);
  });
});

describe('saving without changes to the users row', () => {
  it('saves a user unchanged', async () => {
    const before = await userRow('aushilfe@example.com');
    const { id, body } = await formOf('aushilfe@example.com');
    const res = await t.as(await t.login('admin@example.com'), { method: 'PUT', url: `/api/user/${id}`, payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('aushilfe@example.com');
    expect(await userRow('aushilfe@example.com')).toEqual(before);
  });

  it.each([
    ['holidaySurplusPreviousYear', 4.5],
    ['deductionHolidaysCurrentYear', 2],
  ])('saves a change of %s alone', async (field, value) => {
    const { id, body } = await formOf('aushilfe@example.com', { [field]: value });
    const res = await t.as(await t.login('admin@example.com'), { method: 'PUT', url: `/api/user/${id}`, payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json().user[field]).toBe(value);
    const again = (await t.as(await t.login('admin@example.com'), { method: 'GET', url: `/api/user/${id}` })).json().user;
    expect(again[field]).toBe(value);
  });
});

describe('ids in the path', () => {
  it('404 for deleting an unknown user; nothing deleted', async () => {
    const before = await userCount();
    const res = await t.as(await t.login('admin@example.com'), { method: 'DELETE', url: '/api/user/00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(404);
    expect(await userCount()).toBe(before);
  });

  it('refuses toggling and deleting oneself by the upper-case id too', async () => {
    const before = await userRow('admin@example.com');
    const token = await t.login('admin@example.com');
    const upper = before!.id.toUpperCase();
    const off = await t.as(token, { method: 'GET', url: `/api/activate/user/${upper}` });
    expect(off.statusCode).toBe(400);
    expect(off.json().error.message).toBe(MSG.cannotDeactivateSelf);
    const del = await t.as(token, { method: 'DELETE', url: `/api/user/${upper}` });
    expect(del.statusCode).toBe(400);
    expect(del.json().error.message).toBe(MSG.cannotDeleteSelf);
    expect(await userRow('admin@example.com')).toEqual(before);
  });
});

describe('parallel creates with one personal number or one username', () => {
  const many = (body: (i: number) => ReturnType<typeof newUser>) =>
    Promise.all(Array.from({ length: 20 }, async (_, i) => t.as(await t.login('admin@example.com'), { method: 'POST', url: '/api/user', payload: body(i) })));

  it('creates one with a personal number, refuses 19 with 400', async () => {
    const before = await userCount();
    const res = await many((i) => newUser({ email: `pn-race-${i}@example.com`, personalNumber: '9100' }));
    const refused = res.filter((r) => r.statusCode !== 200);
    expect(res.length - refused.length).toBe(1);
    expect(refused.map((r) => r.statusCode)).toEqual(Array(19).fill(400));
    for (const r of refused) expect(r.json().error).toEqual({ code: 'personal_number_taken', message: MSG.personalNumberTaken });
    expect(await userCount()).toBe(before + 1);
  });

  it('creates one with a username, refuses 19 with 409', async () => {
    const before = await userCount();
    const res = await many((i) => newUser({ email: 'name-race@example.com', personalNumber: `92${String(i).padStart(2, '0')}` }));
    const refused = res.filter((r) => r.statusCode !== 200);
    expect(res.length - refused.length).toBe(1);
    expect(refused.map((r) => r.statusCode)).toEqual(Array(19).fill(409));
    for (const r of refused) expect(r.json().error).toEqual({ code: 'username_taken', message: MSG.usernameTaken });
    expect(await userCount()).toBe(before + 1);
  });
});
