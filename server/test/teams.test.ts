import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { conflictMessage } from '@filialportal/core/teams';
import { userGroups } from '../src/modules/teams/teams.table.ts';
import { buildTestApp, type TestContext } from './helpers.ts';
import { readXlsx } from './xlsx.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const groupCount = async () => (await t.db.select({ n: count() }).from(userGroups))[0]!.n;
const group = async (name: string) => (await t.db.select().from(userGroups).where(eq(userGroups.name, name)))[0];

describe('POST /api/team', () => {
  it('creates a group; dependencies are added', async () => {
    const res = await t.as(await t.login('admin@example.com'), {
      method: 'POST',
      url: '/api/team',
      payload: { team: { name: 'Messeteam', rights: 'Messen betreuen', permissions: ['urlaub_antrag_stellen'], loginTimeForDesktop: 30, loginTimeForTablet: 240 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().team).toMatchObject({ name: 'Messeteam', label: 'Messeteam', count: 0, loginTimeForDesktop: 30 });
    expect(res.json().team.permissions).toEqual(expect.arrayContaining(['urlaub_antrag_stellen', 'urlaub_menu_sehen']));
  });

  it.each([
    [{ name: 'ab' }, MSG.groupNameRequired, 400],
    [{ name: '' }, MSG.groupNameRequired, 400],
    [{ name: 'Konflikt', permissions: ['einstellungen_benutzer_bearbeiten_nur_freie_tage', 'einstellungen_benutzer_bearbeiten_alle_felder'] }, null, 400],
    [{ name: 'Unbekannt', permissions: ['darf_alles'] }, MSG.unknownPermission, 400],
    [{ name: 'Messeteam' }, MSG.groupNameTaken, 409],
    [{ name: 'Minuten', loginTimeForDesktop: 0 }, MSG.loginMinutesInvalid, 400],
  ])('refuses %j and saves nothing', async (team, message, status) => {
    const before = await groupCount();
    const res = await t.as(await t.login('admin@example.com'), { method: 'POST', url: '/api/team', payload: { team } });
    expect(res.statusCode).toBe(status);
    const pair = ['einstellungen_benutzer_bearbeiten_nur_freie_tage', 'einstellungen_benutzer_bearbeiten_alle_felder'] as const;
    const expected = message ? [message] : [conflictMessage(pair[0], pair[1]), conflictMessage(pair[1], pair[0])];
    expect(expected).toContain(res.json().error.message);
    expect(await groupCount()).toBe(before);
  });

  it('uses the spec wording for conflicts', () => {
    expect(conflictMessage('einstellungen_benutzer_bearbeiten_nur_freie_tage', 'einstellungen_benutzer_bearbeiten_alle_felder')).toMatch(
      /^".+" kann nicht mit ".+" zusammen ausgewält werden$/,
    );
  });

  it('403 for a user without the editor permission; nothing saved', async () => {
    const before = await groupCount();
    const res = await t.as(await t.login('filialleitung@example.com'), { method: 'POST', url: '/api/team', payload: { team: { name: 'Heimlich' } } });
    expect(res.statusCode).toBe(403);
    expect(await groupCount()).toBe(before);
  });
});

describe('PUT /api/team', () => {
  it('saves a group and its subordinate groups', async () => {
    const messe = (await group('Messeteam'))!;
    const verkauf = (await group('Verkauf'))!;
    const res = await t.as(await t.login('admin@example.com'), {
      method: 'PUT',
      url: '/api/team',
      payload: { team: { id: messe.id, name: 'Messeteam', label: 'Messe-Team', permissions: ['schulung_sehen'], subordinateUserGroups: [verkauf.id], parent: verkauf.id } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().team).toMatchObject({ label: 'Messe-Team', subordinateUserGroups: [verkauf.id], parentLabel: verkauf.label });
    expect((await group('Messeteam'))!.permissions).not.toContain('urlaub_antrag_stellen');
  });

  it('keeps the Admin group fixed', async () => {
    const admin = (await group('Admin'))!;
    const res = await t.as(await t.login('admin@example.com'), { method: 'PUT', url: `/api/team/${admin.id}`, payload: { team: { name: 'Admin', permissions: [] } } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(MSG.adminGroupFixed);
  });

  it('does not let a non-admin grant permissions he lacks', async () => {
    const [pl] = await t.db.select().from(userGroups).where(eq(userGroups.name, 'Personalleitung'));
    await t.db.update(userGroups).set({ permissions: [...pl!.permissions, 'einstellungen_benutzergruppen_bearbeiten', 'einstellungen_benutzergruppen_sehen'] }).where(eq(userGroups.id, pl!.id));
    const messe = (await group('Messeteam'))!;
    const res = await t.as(await t.login('personalleitung@example.com'), {
      method: 'PUT',
      url: `/api/team/${messe.id}`,
      payload: { team: { name: 'Messeteam', permissions: ['sortiment_kategorie_l_schen'] } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(MSG.permissionNotGrantable);
    expect((await group('Messeteam'))!.permissions).not.toContain('sortiment_kategorie_l_schen');
  });

  it('404 for an unknown group', async () => {
    const res = await t.as(await t.login('admin@example.com'), { method: 'PUT', url: '/api/team/00000000-0000-4000-8000-000000000000', payload: { team: { name: 'Niemand' } } });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/export-teams', () => {
  it('exports label, count and rights', async () => {
    const token = await t.login('admin@example.com');
    const res = await t.as(token, { method: 'POST', url: '/api/export-teams' });
    expect(res.statusCode).toBe(200);
    const rows = await readXlsx(res);
    expect(rows[0]!.slice(0, 4)).toEqual(['Benutzergruppe', 'Kennung', 'Anzahl', 'Rechte']);
    expect(rows.find((r) => r[1] === 'Verkauf')![2]).toBeGreaterThan(0);
  });
  it('403 without einstellungen_benutzergruppen_sehen', async () => {
    expect((await t.as(await t.login('verkauf@example.com'), { method: 'POST', url: '/api/export-teams' })).statusCode).toBe(403);
  });
});

describe('assignable groups (“Darf Benutzern diese Gruppen zuweisen”)', () => {
  const ids = async (...names: string[]) => Promise.all(names.map(async (n) => (await group(n))!.id));
  /** The editor's body of an existing group, as loaded (with or without a changed list). */
  const bodyOf = async (name: string, over: Record<string, unknown> = {}) => {
    const g = (await group(name))!;
    return { team: { name: g.name, label: g.label, sortingIndex: g.sortingIndex, rights: g.rights, permissions: g.permissions, parent: g.parentId, subordinateUserGroups: g.subordinateUserGroups, assignableUserGroups: g.assignableUserGroups, loginTimeForDesktop: g.loginTimeForDesktop, loginTimeForTablet: g.loginTimeForTablet, ...over } };
  };

  it('GET /team carries the list for those who see group details', async () => {
    const pl = (await group('Personalleitung'))!;
    const teams = (await t.as(await t.login('admin@example.com'), { method: 'GET', url: '/api/team' })).json().teams;
    const row = teams.find((g: { id: string }) => g.id === pl.id);
    expect(row.assignableUserGroups).toEqual(pl.assignableUserGroups);
    expect(row.assignableUserGroups).toEqual(expect.arrayContaining(await ids('Verkauf', 'Azubi', 'Filialleitung', 'Lagerist')));
    const staff = (await t.as(await t.login('verkauf@example.com'), { method: 'GET', url: '/api/team' })).json().teams;
    expect(staff[0]).not.toHaveProperty('assignableUserGroups');
  });

  it('Admin changes the list', async () => {
    const pl = (await group('Personalleitung'))!;
    const next = pl.assignableUserGroups.filter((g) => g !== pl.id);
    const res = await t.as(await t.login('admin@example.com'), { method: 'PUT', url: `/api/team/${pl.id}`, payload: await bodyOf('Personalleitung', { assignableUserGroups: next }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().team.assignableUserGroups).toEqual(next);
    expect((await group('Personalleitung'))!.assignableUserGroups).toEqual(next);
    const back = await t.as(await t.login('admin@example.com'), { method: 'PUT', url: `/api/team/${pl.id}`, payload: await bodyOf('Personalleitung', { assignableUserGroups: pl.assignableUserGroups }) });
    expect(back.statusCode).toBe(200);
  });

  it.each([
    ['the Admin group', 'Admin', '„Admin“'],
    ['a group with settings rights the group lacks', 'Verwaltung', '„Verwaltung“'],
  ])('refuses a list naming %s (400, nothing changed)', async (_what, name, label) => {
    const before = (await group('Personalleitung'))!;
    const list = [...before.assignableUserGroups, (await group(name))!.id];
    const res = await t.as(await t.login('admin@example.com'), { method: 'PUT', url: `/api/team/${before.id}`, payload: await bodyOf('Personalleitung', { assignableUserGroups: list }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(`${MSG.assignableNotAllowed} Nicht zuweisbar: ${label}.`);
    expect(await group('Personalleitung')).toEqual(before);
  });

  it('refuses an unknown group in the list (400, nothing changed)', async () => {
    const before = (await group('Personalleitung'))!;
    const res = await t.as(await t.login('admin@example.com'), {
      method: 'PUT',
      url: `/api/team/${before.id}`,
      payload: await bodyOf('Personalleitung', { assignableUserGroups: ['00000000-0000-4000-8000-000000000000'] }),
    });
    expect(res.statusCode).toBe(400);
    expect(await group('Personalleitung')).toEqual(before);
  });

  it('judges the list by the permissions the group is saved with', async () => {
    // A new group without settings rights may not give Filialleitung, which has some.
    const before = await groupCount();
    const res = await t.as(await t.login('admin@example.com'), {
      method: 'POST',
      url: '/api/team',
      payload: { team: { name: 'Empfang', permissions: ['urlaub_antrag_stellen'], assignableUserGroups: await ids('Verkauf', 'Filialleitung') } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(`${MSG.assignableNotAllowed} Nicht zuweisbar: „Filialleitung“.`);
    expect(await groupCount()).toBe(before);
    const ok = await t.as(await t.login('admin@example.com'), {
      method: 'POST',
      url: '/api/team',
      payload: { team: { name: 'Empfang', permissions: ['einstellungen_benutzer_erstellen', 'einstellungen_benutzer_bearbeiten'], assignableUserGroups: await ids('Verkauf', 'Filialleitung') } },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().team.assignableUserGroups).toEqual(await ids('Verkauf', 'Filialleitung'));
  });

  it('only Admin changes the list; a group editor saves it unchanged or leaves it out', async () => {
    const pl = (await group('Personalleitung'))!;
    await t.db
      .update(userGroups)
      .set({ permissions: [...new Set([...pl.permissions, 'einstellungen_benutzergruppen_bearbeiten', 'einstellungen_benutzergruppen_sehen'])] })
      .where(eq(userGroups.id, pl.id));
    const token = await t.login('personalleitung@example.com');
    const before = (await group('Empfang'))!;
    const changed = await t.as(token, { method: 'PUT', url: `/api/team/${before.id}`, payload: await bodyOf('Empfang', { assignableUserGroups: await ids('Verkauf') }) });
    expect(changed.statusCode).toBe(403);
    expect(changed.json().error.message).toBe(MSG.assignableAdminOnly);
    expect(await group('Empfang')).toEqual(before);
    const created = await t.as(token, { method: 'POST', url: '/api/team', payload: { team: { name: 'Heimlich2', assignableUserGroups: await ids('Verkauf') } } });
    expect(created.statusCode).toBe(403);
    expect(await group('Heimlich2')).toBeUndefined();
    // The same list in another order is no change.
    const same = await t.as(token, { method: 'PUT', url: `/api/team/${before.id}`, payload: await bodyOf('Empfang', { label: 'Empfang Zentrale', assignableUserGroups: [...before.assignableUserGroups].reverse() }) });
    expect(same.statusCode).toBe(200);
    const { assignableUserGroups: _left, ...withoutList } = (await bodyOf('Empfang', { label: 'Empfang' })).team;
    const omitted = await t.as(token, { method: 'PUT', url: `/api/team/${before.id}`, payload: { team: withoutList } });
    expect(omitted.statusCode).toBe(200);
    expect((await group('Empfang'))!.assignableUserGroups).toEqual(before.assignableUserGroups);
  });
});
