import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLDER_LEVEL_MAX, FOLDER_MATCHES_MAX, type FolderChoice } from '@filialportal/core/documents';
import { MSG } from '@filialportal/core/messages';
import { libraryFolders } from '../src/modules/documents/documents.table.ts';
import { buildTestApp, type TestContext } from './helpers.ts';

let t: TestContext;
const folderId = new Map<string, string>();
beforeAll(async () => {
  t = await buildTestApp();
  for (const f of await t.db.select({ id: libraryFolders.id, name: libraryFolders.name }).from(libraryFolders)) folderId.set(f.name, f.id);
});
afterAll(() => t.close());

const V = 'verwaltung@example.com';
const FL = 'filialleitung@example.com';
const VK = 'verkauf@example.com';
const id = (name: string) => folderId.get(name)!;

const tree = async (email: string, query: Record<string, string> = {}) => t.as(await t.login(email), { method: 'GET', url: `/api/folder/tree?${new URLSearchParams(query)}` });
async function level(email: string, query: Record<string, string> = {}) {
  const res = await tree(email, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { folders: FolderChoice[]; more: boolean };
}
const names = (r: { folders: FolderChoice[] }) => r.folders.map((f) => f.name);

describe('the folder picker, a level at a time', () => {
  it('shows the top level the person sees, with what may be opened and what may take uploads', async () => {
    const top = await level(VK);
    expect(names(top)).toEqual(['Filialen', 'Formulare', 'Handbücher']);
    const byName = new Map(top.folders.map((f) => [f.name, f]));
    // Verkauf does not see the handbooks' folder for Filialleitung: nothing to open there.
    expect(byName.get('Handbücher')).toMatchObject({ hasChildren: false, mayUpload: true, depth: 1, parent: null });
    expect(byName.get('Filialen')).toMatchObject({ hasChildren: true });
    expect(byName.get('Formulare')).toMatchObject({ mayUpload: false });
    expect(top.more).toBe(false);
    expect((await level(FL)).folders.find((f) => f.name === 'Handbücher')).toMatchObject({ hasChildren: true });
    expect(names(await level(V))).toContain('Personal vertraulich');
  });

  it('opens a folder: its sub-folders, by name', async () => {
    const filialen = await level(VK, { parent: id('Filialen') });
    expect(names(filialen)).toEqual(['Filiale Hamburg', 'Filiale Köln']);
    expect(filialen.folders.every((f) => f.parent === id('Filialen') && f.depth === 2 && !f.hasChildren)).toBe(true);
    expect(await level(VK, { parent: id('Filiale Köln') })).toEqual({ folders: [], more: false });
  });

  it('opens on a chosen folder: the top level and every level down to it', async () => {
    const opened = await level(FL, { open: id('Filiale Köln') });
    expect(names(opened).sort()).toEqual(['Filiale Hamburg', 'Filiale Köln', 'Filialen', 'Formulare', 'Handbücher']);
  });

  it('finds folders by name wherever they lie, with their path, and only those the person sees', async () => {
    const forSales = await level(VK, { term: 'filial' });
    expect(names(forSales)).toEqual(['Filiale Hamburg', 'Filiale Köln', 'Filialen']);
    expect(forSales.folders[1]!.breadCrumb!.map((c) => c.name)).toEqual(['Filialen', 'Filiale Köln']);
    const forLeads = await level(FL, { term: 'Filial' });
    expect(forLeads.folders.find((f) => f.name === 'Filialleitung')!.breadCrumb!.map((c) => c.name)).toEqual(['Handbücher', 'Filialleitung']);
    // Wildcards are letters here.
    expect((await level(VK, { term: '%%%' })).folders).toEqual([]);
  });

  it('says nothing of a folder the person does not see: 404 as for one that is gone', async () => {
    const queries: Record<string, string>[] = [{ parent: id('Filialleitung') }, { parent: id('Personal vertraulich') }, { open: id('Filialleitung') }, { parent: randomUUID() }];
    for (const query of queries) {
      const res = await tree(VK, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(404);
      expect(res.json().error.message).toBe(MSG.folderUnknown);
      expect(res.body).not.toContain('Filialleitung');
    }
  });

  it('refuses odd queries with a German message, and asks for a session', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ term: 'ab' }, MSG.documentSearchShort],
      [{ parent: 'x' }, MSG.folderUnknown],
      [{ open: '\u0000' }, MSG.invalidCharacters],
      [{ parent: id('Filialen'), term: 'Filiale' }, MSG.folderTreeOneQuery],
      [{ term: 'x'.repeat(201) }, MSG.textTooLong],
    ];
    for (const [query, message] of cases) {
      const res = await tree(VK, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/folder/tree' })).statusCode).toBe(401);
  });

  it('walked level by level, shows each person exactly the folders of the spec’s GET /folder/listall', async () => {
    for (const email of [V, FL, VK]) {
      const all = (await t.as(await t.login(email), { method: 'GET', url: '/api/folder/listall' })).json().folders as { id: string; parent: string | null; depth: number; mayUpload: boolean }[];
      const walked: FolderChoice[] = [];
      const open = async (parent?: string) => {
        const { folders } = await level(email, parent ? { parent } : {});
        for (const f of folders) {
          walked.push(f);
          expect(f.hasChildren, f.name).toBe(all.some((o) => o.parent === f.id));
          if (f.hasChildren) await open(f.id);
        }
      };
      await open();
      const shape = (f: { id: string; parent: string | null; depth: number; mayUpload: boolean }) => `${f.id} ${f.parent} ${f.depth} ${f.mayUpload}`;
      expect(walked.map(shape).sort(), email).toEqual(all.map(shape).sort());
    }
  });
});

describe('a crowded level', () => {
  it('shows the first folders by name and says there are more; the name search finds the rest', async () => {
    const parent = id('Formulare');
    const rows = Array.from({ length: FOLDER_LEVEL_MAX + 5 }, (_, i) => {
      const own = randomUUID();
      return { id: own, name: `Vorlage ${String(i).padStart(4, '0')}`, parentId: parent, path: [parent, own] };
    });
    await t.db.insert(libraryFolders).values(rows);
    const crowded = await level(V, { parent });
    expect(crowded.more).toBe(true);
    expect(crowded.folders).toHaveLength(FOLDER_LEVEL_MAX);
    expect(crowded.folders[0]!.name).toBe('Vorlage 0000');
    const last = `Vorlage ${String(FOLDER_LEVEL_MAX + 4).padStart(4, '0')}`;
    expect(names(await level(V, { term: last }))).toEqual([last]);
    const matches = await level(V, { term: 'Vorlage' });
    expect(matches.folders).toHaveLength(FOLDER_MATCHES_MAX);
    expect(matches.more).toBe(true);
    // The top level and the path down stay whole when the picker opens on one of them.
    const opened = await level(V, { open: rows[0]!.id });
    expect(opened.folders.filter((f) => f.parent === parent)).toHaveLength(FOLDER_LEVEL_MAX);
    expect(opened.folders.filter((f) => f.parent === null).length).toBeGreaterThanOrEqual(4);
  });
});
