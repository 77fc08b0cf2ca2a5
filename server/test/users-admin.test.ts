import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { users } from '../src/modules/users/users.table.ts';
import { sessions } from '../src/modules/session/session.table.ts';
import { locations } from '../src/modules/locations/locations.table.ts';
import { userGroups } from '../src/modules/teams/teams.table.ts';
import { buildTestApp, type TestContext } from './helpers.ts';
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

