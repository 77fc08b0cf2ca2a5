import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { categories, categoryContacts, type categoryFiles, type categoryFolders } from '../src/modules/assortment/assortment.table.ts';
import { articles } from '../src/modules/stock/stock.table.ts';
import { manufacturers } from '../src/modules/lists/lists.table.ts';
import { files } from '../src/platform/files.table.ts';
import { buildTestApp, countStored, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PDF = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n').toString('base64')}`;
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const as = async (email: string, opts: Parameters<TestContext['as']>[1]) => t.as(await t.login(email), opts);
const countOf = async (table: typeof categories | typeof categoryFolders | typeof categoryFiles | typeof files) => (await t.db.select({ n: count() }).from(table))[0]!.n;

const category = (over: Record<string, unknown> = {}) => ({
  category: {
    name: 'Designboden',
    position: 3,
    info: 'Klick- und Klebevinyl für Wohn- und Objektbereich.',
    link: '',
    sales1Name: 'Abverkauf Woche',
    sales2Name: '',
    sales3Name: '',
    contactPersons: [
      { company: 'Floorwerk GmbH', responsibility: 'Außendienst', salutation: 'Frau', firstName: 'Petra', lastName: 'Lang', email: 'p.lang@floorwerk.example', phone: '0221 123' },
      { company: '', responsibility: '', salutation: '', firstName: '', lastName: '', email: '', phone: '' },
    ],
    ...over,
  },
});

async function create(over: Record<string, unknown> = {}) {
  const res = await as('vertriebsleitung@example.com', { method: 'POST', url: '/api/category', payload: category(over) });
  expect(res.statusCode).toBe(200);
  return res.json().category as { id: string; name: string; contactPersons: { id: string; lastName: string }[]; folders: { id: string; depth: number; parent: string | null; name: string }[]; files: { id: string; name: string; folder: string | null; size: number; type: string }[] };
}

describe('categories', () => {
  it('are created with their contacts (empty rows dropped) and listed by position for everyone with the menu', async () => {
    const before = await countOf(categories);
    const a = await create({ name: 'Zweiter', position: 20 });
    const b = await create({ name: 'Erster', position: 10 });
    expect(await countOf(categories)).toBe(before + 2);
    expect(b.contactPersons).toHaveLength(1);
    expect(b.contactPersons[0]).toMatchObject({ company: 'Floorwerk GmbH', salutation: 'Frau', lastName: 'Lang' });
    const list = await as('azubi@example.com', { method: 'GET', url: '/api/category/list/0' });
    expect(list.statusCode).toBe(200);
    const names = list.json().categories.map((c: { name: string }) => c.name);
    expect(names.indexOf('Erster')).toBeLessThan(names.indexOf('Zweiter'));
    expect(list.json().count).toBe(before + 2);
    expect(list.json().categories.find((c: { id: string }) => c.id === a.id)).toMatchObject({ articleCount: 0, files: [], folders: [] });
  });

  it('refuses without a name (Pflichtfeld!), with a bad link or position, and without the permission; nothing is saved', async () => {
    const before = await countOf(categories);
    for (const [over, message] of [
      [{ name: ' ' }, MSG.requiredField],
      [{ link: 'javascript:alert(1)' }, MSG.categoryLinkInvalid],
      [{ position: 'vorne' }, MSG.categoryPositionInvalid],
    ] as const) {
      const res = await as('vertriebsleitung@example.com', { method: 'POST', url: '/api/category', payload: category(over) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const refused = await as('verkauf@example.com', { method: 'POST', url: '/api/category', payload: category() });
    expect(refused.statusCode).toBe(403);
    expect(await countOf(categories)).toBe(before);
  });

  it('keeps the ids of contacts that stay, drops removed ones, adds new ones', async () => {
    const c = await create();
    const kept = c.contactPersons[0]!;
    const res = await as('verwaltung@example.com', {
      method: 'PUT',
      url: `/api/category/${c.id}`,
      payload: category({
        name: 'Designboden neu',
        contactPersons: [
          { id: kept.id, company: 'Floorwerk GmbH', responsibility: 'Innendienst', salutation: 'Frau', firstName: 'Petra', lastName: 'Lang', email: '', phone: '' },
          { company: 'Parkett Süd', responsibility: '', salutation: 'Herr', firstName: 'Jan', lastName: 'Ott', email: 'ott@example.com', phone: '' },
        ],
      }),
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json().category;
    expect(saved.name).toBe('Designboden neu');
    expect(saved.contactPersons.map((p: { id: string; lastName: string; responsibility: string }) => [p.id === kept.id, p.lastName, p.responsibility])).toEqual([
      [true, 'Lang', 'Innendienst'],
      [false, 'Ott', ''],
    ]);
    expect((await t.db.select({ n: count() }).from(categoryContacts).where(eq(categoryContacts.categoryId, c.id)))[0]!.n).toBe(2);
  });

  it('deletes only empty categories: with an article the spec message, nothing gone', async () => {
    const full = await create({ name: 'Mit Artikel' });
    const [m] = await t.db.select().from(manufacturers).limit(1);
    await t.db.insert(articles).values({ categoryId: full.id, manufacturerId: m!.id, number: 'X-1', ean: '4006381333931' });
    const refused = await as('vertriebsleitung@example.com', { method: 'DELETE', url: `/api/category/${full.id}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(MSG.categoryNotEmpty);
    expect((await t.db.select().from(categories).where(eq(categories.id, full.id))).length).toBe(1);

    const empty = await create({ name: 'Leer' });
    const noRight = await as('vertrieb@example.com', { method: 'DELETE', url: `/api/category/${empty.id}` });
    expect(noRight.statusCode).toBe(403);
    const ok = await as('vertriebsleitung@example.com', { method: 'DELETE', url: `/api/category/${empty.id}` });
    expect(ok.statusCode).toBe(204);
    expect((await t.db.select().from(categories).where(eq(categories.id, empty.id))).length).toBe(0);
  });
});

describe('technical data', () => {
  const post = (url: string, payload: Record<string, unknown>, email = 'verwaltung@example.com') => as(email, { method: 'POST', url, payload });

  it('builds a tree of three levels, uploads, renames, cuts and pastes, downloads and deletes with the bytes', async () => {
    const c = await create({ name: 'Technik' });
    let res = await post('/api/addcategoryfolder', { categoryId: c.id, parentId: null, name: 'Datenblätter' });
    expect(res.statusCode).toBe(200);
    const top = res.json().category.folders[0];
    expect(top).toMatchObject({ name: 'Datenblätter', depth: 1, parent: null });
    res = await post('/api/addcategoryfolder', { categoryId: c.id, parentId: top.id, name: 'Klick' });
    const sub = res.json().category.folders.find((f: { depth: number }) => f.depth === 2);
    expect(sub.parent).toBe(top.id);
    const tooDeep = await post('/api/addcategoryfolder', { categoryId: c.id, parentId: sub.id, name: 'Zu tief' });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().error.message).toBe(MSG.categoryFolderTooDeep);
    const noName = await post('/api/addcategoryfolder', { categoryId: c.id, parentId: null, name: '' });
    expect(noName.json().error.message).toBe(MSG.folderNameRequired);

    res = await post('/api/addcategoryfile', { categoryId: c.id, folderId: sub.id, name: 'Verlegeanleitung.pdf', data: PDF });
    expect(res.statusCode).toBe(200);
    const pdf = res.json().category.files[0];
    expect(pdf).toMatchObject({ name: 'Verlegeanleitung.pdf', folder: sub.id, type: 'application/pdf' });
    res = await post('/api/addcategoryfile', { categoryId: c.id, folderId: null, name: 'Muster.png', data: PNG });
    expect(res.json().category.files).toHaveLength(2);

    const renamed = await as('verwaltung@example.com', { method: 'PUT', url: `/api/categoryfolder/${top.id}`, payload: { name: 'Produktdaten' } });
    expect(renamed.json().category.folders.find((f: { id: string }) => f.id === top.id).name).toBe('Produktdaten');

    const moved = await post('/api/movefile', { fileId: pdf.id, folderId: top.id });
    expect(moved.json().category.files.find((f: { id: string }) => f.id === pdf.id).folder).toBe(top.id);

    const download = await as('azubi@example.com', { method: 'GET', url: `/api/categoryfile/${pdf.id}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('Verlegeanleitung.pdf');
    expect(download.body.startsWith('%PDF')).toBe(true);

    const filesBefore = await countOf(files);
    res = await post('/api/deletecategoryfileorfolder', { type: 'folder', id: top.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().category.folders).toEqual([]);
    expect(res.json().category.files.map((f: { name: string }) => f.name)).toEqual(['Muster.png']);
    expect(await countOf(files)).toBe(filesBefore - 1);
    expect((await as('azubi@example.com', { method: 'GET', url: `/api/categoryfile/${pdf.id}` })).statusCode).toBe(404);
  });

  it('refuses files that are not PDF, GIF, JPEG or PNG, also when only the name says so, and staff without the edit right', async () => {
    const c = await create({ name: 'Prüfung' });
    const filesBefore = await countOf(files);
    const exe = await post('/api/addcategoryfile', { categoryId: c.id, folderId: null, name: 'tool.exe', data: PDF });
    expect(exe.statusCode).toBe(400);
    expect(exe.json().error.message).toBe(MSG.categoryFileType);
    const disguised = await post('/api/addcategoryfile', { categoryId: c.id, folderId: null, name: 'bild.png', data: PDF });
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().error.message).toBe(MSG.categoryFileType);
    const staff = await post('/api/addcategoryfile', { categoryId: c.id, folderId: null, name: 'a.pdf', data: PDF }, 'verkauf@example.com');
    expect(staff.statusCode).toBe(403);
    const otherFolder = await create({ name: 'Fremd' });
    const foreign = (await post('/api/addcategoryfolder', { categoryId: otherFolder.id, parentId: null, name: 'Fremder Ordner' })).json().category.folders[0];
    const wrongTree = await post('/api/addcategoryfile', { categoryId: c.id, folderId: foreign.id, name: 'a.pdf', data: PDF });
    expect(wrongTree.statusCode).toBe(400);
    expect(wrongTree.json().error.message).toBe(MSG.categoryFolderUnknown);
    expect(await countOf(files)).toBe(filesBefore);
  });

  it('refuses an empty file and one past 10 MB (413), and stores nothing', async () => {
    const c = await create({ name: 'Grenzen' });
    const before = [await countOf(files), await countStored(t.storage)];
    const empty = await post('/api/addcategoryfile', { categoryId: c.id, folderId: null, name: 'a.pdf', data: 'data:application/pdf;base64,' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(MSG.categoryFileRequired);
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    big.write('%PDF-1.4\n');
    const tooLarge = await post('/api/addcategoryfile', { categoryId: c.id, folderId: null, name: 'gross.pdf', data: `data:application/pdf;base64,${big.toString('base64')}` });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe(MSG.categoryFileTooLarge);
    expect([await countOf(files), await countStored(t.storage)]).toEqual(before);
    expect((await as('azubi@example.com', { method: 'GET', url: `/api/category/${c.id}` })).json().category.files).toEqual([]);
  });

  it('deleting a category removes its files with it', async () => {
    const c = await create({ name: 'Weg damit' });
    await post('/api/addcategoryfile', { categoryId: c.id, folderId: null, name: 'a.pdf', data: PDF });
    const filesBefore = await countOf(files);
    expect((await as('vertriebsleitung@example.com', { method: 'DELETE', url: `/api/category/${c.id}` })).statusCode).toBe(204);
    expect(await countOf(files)).toBe(filesBefore - 1);
  });
});
