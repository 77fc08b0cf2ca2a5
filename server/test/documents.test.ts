import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { DOCUMENT_SEARCH_CAP, DOCUMENT_SEARCH_PAGE_SIZE } from '@filialportal/core/documents';
import { libraryDocuments, libraryFolders } from '../src/modules/documents/documents.table.ts';
import { userGroups } from '../src/modules/teams/teams.table.ts';
import { files } from '../src/platform/files.table.ts';
import { buildTestApp, type TestContext } from './helpers.ts';
import { pdf } from './pdf-text.ts';

let t: TestContext;
const group = new Map<string, string>();
beforeAll(async () => {
  t = await buildTestApp();
  for (const g of await t.db.select({ id: userGroups.id, name: userGroups.name }).from(userGroups)) group.set(g.name, g.id);
});
afterAll(() => t.close());

// t.login keeps one token per person.
const as = async (email: string, opts: Parameters<TestContext['as']>[1]) => t.as(await t.login(email), opts);
const V = 'verwaltung@example.com';
const FL = 'filialleitung@example.com';
const VK = 'verkauf@example.com';


let folderSeq = 0;
async function folder(email: string, body: Record<string, unknown>) {
  const res = await as(email, { method: 'POST', url: '/api/folder', payload: { folder: { name: `Ordner ${++folderSeq}`, ...body } } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().folder as { id: string; name: string; breadCrumb: { id: string; name: string }[]; depth: number };
}
const upload = (email: string, query: Record<string, string>, bytes: Buffer) =>
  as(email, { method: 'POST', url: `/api/document?${new URLSearchParams(query)}`, payload: bytes, headers: { 'content-type': 'application/octet-stream' } });
async function document(email: string, parent: string, name: string, bytes: Buffer, teams: string[] = []) {
  const res = await upload(email, { parent, name, teams: teams.join(',') }, bytes);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().document as { id: string; name: string; resourceUri: string; shortLink: string | null };
}
const counts = async () => ({
  documents: (await t.db.select({ n: count() }).from(libraryDocuments))[0]!.n,
  folders: (await t.db.select({ n: count() }).from(libraryFolders))[0]!.n,
  files: (await t.db.select({ n: count() }).from(files))[0]!.n,
});
const search = async (email: string, term: string) => (await as(email, { method: 'POST', url: `/api/documentsearch/${encodeURIComponent(term)}` })).json() as {
  documents: { id: string; name: string; snippet: string; breadCrumb: { name: string }[] }[];
  folders: { id: string; breadCrumb: { id: string; name: string }[] }[];
  count: number;
  capped: boolean;
};

describe('visibility by read groups', () => {
  it('a folder for Filialleitung: they list, open, find and download its PDF; Verkauf meets 404 everywhere', async () => {
    const f = await folder(V, { name: 'Filialleitung intern', teams: [group.get('Filialleitung')] });
    const doc = await document(V, f.id, 'Kassenanweisung.pdf', await pdf('Der Kassenabschluss am Monatsende wird im Tresor verwahrt.', 'Zweite Seite: Wechselgeld bestellen.'));

    const top = (await as(FL, { method: 'GET', url: '/api/folder/list' })).json().folders.map((x: { id: string }) => x.id);
    expect(top).toContain(f.id);
    const shown = (await as(FL, { method: 'GET', url: `/api/folder/show/${f.id}` })).json().folder;
    expect(shown.documents.map((d: { id: string }) => d.id)).toEqual([doc.id]);
    expect(shown.documents[0]).toMatchObject({ type: 'pdf', createdBy: expect.stringMatching(/\S+ \S+/), createdAtFormated: expect.stringMatching(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/) });
    const download = await as(FL, { method: 'GET', url: doc.resourceUri });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('Kassenanweisung.pdf');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Full text, German stemming: 'Kassenabschlusses' finds 'Kassenabschluss'; the matching passage comes along.
    const found = await search(FL, 'Kassenabschlusses Tresor');
    expect(found.documents.map((d) => d.id)).toContain(doc.id);
    expect(found.documents.find((d) => d.id === doc.id)!.snippet).toContain('«Kassenabschluss»');
    expect(found.documents.find((d) => d.id === doc.id)!.breadCrumb.map((c) => c.name)).toEqual(['Filialleitung intern']);
    expect((await search(FL, 'Wechselgeld')).documents.map((d) => d.id)).toContain(doc.id);

    expect((await as(VK, { method: 'GET', url: '/api/folder/list' })).json().folders.map((x: { id: string }) => x.id)).not.toContain(f.id);
    for (const url of [`/api/document/list/0?folder=${f.id}`, doc.resourceUri]) expect((await as(VK, { method: 'GET', url })).statusCode, url).toBe(404);
    // The folder's address says it is not for them, not that it is gone.
    expect((await as(VK, { method: 'GET', url: `/api/folder/show/${f.id}` })).statusCode).toBe(403);
    expect((await as(VK, { method: 'POST', url: doc.resourceUri, payload: {} })).statusCode).toBe(404);
  });

  it('admits the sub-groups of a read group, and a folder hides everything inside it', async () => {
    const forSales = await folder(V, { name: 'Verkauf Schulungsunterlagen', teams: [group.get('Verkauf')] });
    // Azubi belongs under Verkauf.
    expect((await as('azubi@example.com', { method: 'GET', url: `/api/folder/show/${forSales.id}` })).statusCode).toBe(200);
    expect((await as(FL, { method: 'GET', url: `/api/folder/show/${forSales.id}` })).statusCode).toBe(403);

    const hidden = await folder(V, { name: 'Geschäftsleitung', teams: [group.get('Personalleitung')] });
    const open = await folder(V, { name: 'Offen darin', parent: hidden.id });
    const doc = await document(V, open.id, 'Strategiepapier.pdf', await pdf('Expansionsplan Nordrhein'));
    expect((await as(VK, { method: 'GET', url: `/api/folder/show/${open.id}` })).statusCode).toBe(403);
    expect((await as(VK, { method: 'GET', url: doc.resourceUri })).statusCode).toBe(404);
    expect((await search(VK, 'Expansionsplan')).documents).toHaveLength(0);
    expect((await search('personalleitung@example.com', 'Expansionsplan')).documents.map((d) => d.id)).toContain(doc.id);
    // A document's own groups narrow it further inside a visible folder.
    const general = await folder(V, { name: 'Allgemein sichtbar' });
    const narrow = await document(V, general.id, 'Nur für Filialleitung.pdf', await pdf('Gehaltsbänder'), [group.get('Filialleitung')!]);
    expect((await as(VK, { method: 'GET', url: narrow.resourceUri })).statusCode).toBe(404);
    expect((await as(FL, { method: 'GET', url: narrow.resourceUri })).statusCode).toBe(200);
    expect((await as(VK, { method: 'GET', url: `/api/folder/show/${general.id}` })).json().folder.documents).toHaveLength(0);
  });
});

describe('folder links the person may not open', () => {
  it('a hidden folder says it is not for them (403) without its name, id or contents; a gone one says it is gone (404)', async () => {
    const hidden = await folder(V, { name: 'Geheimprojekt Nord', teams: [group.get('Personalleitung')] });
    const inside = await folder(V, { name: 'Verträge Nord', parent: hidden.id });
    await document(V, hidden.id, 'Standortplanung Nord.pdf', await pdf('Vertraulich'));
    expect((await as(V, { method: 'PUT', url: `/api/foldersl/${hidden.id}`, payload: { shortLink: 'geheim-nord' } })).statusCode).toBe(200);
    expect((await as(V, { method: 'PUT', url: `/api/foldersl/${inside.id}`, payload: { shortLink: 'vertraege-nord' } })).statusCode).toBe(200);

    for (const url of ['/api/folder/showbyshortlink/geheim-nord', '/api/folder/showbyshortlink/VERTRAEGE-NORD', `/api/folder/show/${hidden.id}`, `/api/folder/show/${inside.id}`]) {
      const res = await as(VK, { method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.message).toBe(MSG.folderNotForYou);
      for (const secret of ['Geheimprojekt', 'Verträge', 'Standortplanung', hidden.id, inside.id]) expect(res.body, url).not.toContain(secret);
    }
    // Who may see it opens it by the same link.
    expect((await as('personalleitung@example.com', { method: 'GET', url: '/api/folder/showbyshortlink/geheim-nord' })).json().folder.name).toBe('Geheimprojekt Nord');

    const unknown = await as(VK, { method: 'GET', url: '/api/folder/showbyshortlink/gibt-es-nicht' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(MSG.folderUnknown);
    expect((await as(V, { method: 'DELETE', url: `/api/folder/${hidden.id}` })).statusCode).toBeLessThan(300);
    for (const url of ['/api/folder/showbyshortlink/geheim-nord', `/api/folder/show/${inside.id}`]) {
      const gone = await as(VK, { method: 'GET', url });
      expect(gone.statusCode, url).toBe(404);
      expect(gone.json().error.message).toBe(MSG.folderUnknown);
    }
  });
});

describe('names already in the folder', () => {
  const names = (email: string, payload: Record<string, unknown>) => as(email, { method: 'POST', url: '/api/document/names', payload });

  it('tells before uploading which file names the target folder already holds, ignoring case; a new folder holds none', async () => {
    const f = await folder(V, { name: 'Preislisten' });
    await document(V, f.id, 'Preisliste.pdf', await pdf('Preise'));
    const res = await names(V, { parent: f.id, names: ['preisliste.PDF', 'Neu.pdf'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ taken: ['Preisliste.pdf'] });
    // A new folder of a name that exists is that folder; one that does not exist yet holds nothing.
    const sub = await folder(V, { name: 'Archiv', parent: f.id });
    await document(V, sub.id, 'Alt.pdf', await pdf('Alt'));
    expect((await names(V, { parent: f.id, newFolderName: 'archiv', names: ['Alt.pdf'] })).json()).toEqual({ taken: ['Alt.pdf'] });
    expect((await names(V, { parent: f.id, newFolderName: 'Neu 2027', names: ['Alt.pdf'] })).json()).toEqual({ taken: [] });
    expect((await names(V, { newFolderName: 'Preislisten', names: ['preisliste.pdf'] })).json()).toEqual({ taken: ['Preisliste.pdf'] });
  });

  it('never names a document the person does not see', async () => {
    const f = await folder(V, { name: 'Gemischt' });
    await document(V, f.id, 'Gehaltsbänder.pdf', await pdf('Vertraulich'), [group.get('Personalleitung')!]);
    const hidden = await folder(V, { name: 'Nur Personal', teams: [group.get('Personalleitung')] });
    await document(V, hidden.id, 'Abmahnung.pdf', await pdf('x'));
    expect((await names(V, { parent: f.id, names: ['Gehaltsbänder.pdf'] })).json()).toEqual({ taken: ['Gehaltsbänder.pdf'] });
    // Bodenleger, allowed to upload for this test, sees neither the document nor the folder.
    const [layer] = await t.db.select().from(userGroups).where(eq(userGroups.name, 'Bodenleger'));
    await t.db.update(userGroups).set({ permissions: [...layer!.permissions, 'dokument_oder_ordner_erstellen'] }).where(eq(userGroups.id, layer!.id));
    try {
      const token = (await t.app.inject({ method: 'POST', url: '/api/token', payload: { username: 'bodenleger@example.com', password: 'demo1234' } })).json().token;
      const ask = (payload: Record<string, unknown>) => t.as(token, { method: 'POST', url: '/api/document/names', payload });
      expect((await ask({ parent: f.id, names: ['Gehaltsbänder.pdf'] })).json()).toEqual({ taken: [] });
      expect((await ask({ parent: hidden.id, names: ['Abmahnung.pdf'] })).json()).toEqual({ taken: [] });
    } finally {
      await t.db.update(userGroups).set({ permissions: layer!.permissions }).where(eq(userGroups.id, layer!.id));
    }
  });

  it('is for those who upload: Verkauf gets 403, without a session 401', async () => {
    expect((await names(VK, { parent: null, newFolderName: 'x', names: ['a.pdf'] })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/document/names', payload: { names: ['a.pdf'] } })).statusCode).toBe(401);
  });

  it.each([
    ['no names', { names: [] }, MSG.documentFileRequired],
    ['an empty name', { names: ['  '] }, MSG.documentFileRequired],
    ['a folder that is no id', { parent: 'Preislisten', names: ['a.pdf'] }, MSG.documentFolderRequired],
    ['a name of 201 characters', { names: [`${'x'.repeat(197)}.pdf`] }, MSG.textTooLong],
    ['101 names', { names: Array.from({ length: 101 }, (_, i) => `${i}.pdf`) }, null],
  ])('%s → 400', async (_, payload, message) => {
    const res = await names(V, payload);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().error.message).toBe(message);
  });
});

describe('uploads', () => {
  it('refuses what the spec refuses, with its messages, and keeps nothing', async () => {
    const f = await folder(V, { name: 'Formulare Test' });
    const before = await counts();
    const cases: [Record<string, string>, Buffer, number, string][] = [
      [{ name: 'a.pdf' }, await pdf('x'), 400, MSG.documentFolderRequired],
      [{ parent: f.id, name: 'notiz.txt' }, Buffer.from('Hallo'), 400, MSG.documentType],
      [{ parent: f.id, name: 'bild.pdf' }, Buffer.from('\x89PNG\r\n\x1a\n0000000000000000', 'latin1'), 400, MSG.documentType],
      [{ parent: f.id, name: 'leer.pdf' }, Buffer.alloc(0), 400, MSG.documentFileRequired],
      [{ parent: f.id, name: 'tabelle.xlsx' }, await pdf('kein Excel'), 400, MSG.documentType],
    ];
    for (const [query, bytes, status, message] of cases) {
      const res = await upload(V, query, bytes);
      expect(res.statusCode, JSON.stringify(query)).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    const empty = await as(V, { method: 'POST', url: '/api/folder', payload: { folder: { name: '  ' } } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(MSG.folderNameRequired);
    expect(await counts()).toEqual(before);
  });

  it('honours a folder’s upload groups, and several files to one new folder land together', async () => {
    const locked = await folder(V, { name: 'Nur Verwaltung lädt hoch', teamsUpload: [group.get('Verwaltung')] });
    const before = await counts();
    const refused = await upload('personalleitung@example.com', { parent: locked.id, name: 'x.pdf' }, await pdf('x'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MSG.documentUploadNotAllowed.replace('{name}', 'Nur Verwaltung lädt hoch'));
    const sub = await as('personalleitung@example.com', { method: 'POST', url: '/api/folder', payload: { folder: { name: 'Drin', parent: locked.id } } });
    expect(sub.statusCode).toBe(403);
    expect(await counts()).toEqual(before);

    const first = await upload(V, { parent: locked.id, newFolderName: 'Preislisten 2026', name: 'Laminat.pdf' }, await pdf('Laminat'));
    const second = await upload(V, { parent: locked.id, newFolderName: 'preislisten 2026', name: 'Vinyl.pdf' }, await pdf('Vinyl'));
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json().folder).toBe(first.json().folder);
    const shown = (await as(V, { method: 'GET', url: `/api/folder/show/${first.json().folder}` })).json().folder;
    expect(shown).toMatchObject({ name: 'Preislisten 2026', depth: 2, countItems: 2, breadCrumb: [{ name: 'Nur Verwaltung lädt hoch' }, { name: 'Preislisten 2026' }] });
  });

  it('nests five levels deep and no deeper; a move takes the sub-tree along but never into itself', async () => {
    let parent: string | null = null;
    const chain: string[] = [];
    for (let level = 1; level <= 5; level++) {
      const f = await folder(V, { name: `Ebene ${level}`, parent });
      expect(f.depth).toBe(level);
      chain.push(f.id);
      parent = f.id;
    }
    const sixth = await as(V, { method: 'POST', url: '/api/folder', payload: { folder: { name: 'Ebene 6', parent } } });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().error.message).toBe(MSG.folderTooDeep);

    const move = (id: string, to: string | null, name: string) => as(V, { method: 'PUT', url: '/api/folder', payload: { folder: { __identity: id, name, parent: to } } });
    const inside = await move(chain[1]!, chain[3]!, 'Ebene 2');
    expect(inside.statusCode, inside.body).toBe(400);
    expect(inside.json().error.message).toBe(MSG.folderMoveInside);
    // Ebene 2..5 are four levels: below a folder of depth 2 they would reach six.
    const elsewhere = await folder(V, { name: 'Woanders' });
    const deeper = await folder(V, { name: 'Tiefer', parent: elsewhere.id });
    expect((await move(chain[1]!, deeper.id, 'Ebene 2')).json().error.message).toBe(MSG.folderTooDeep);
    // Ebene 2..5 to the top: four levels.
    const moved = await move(chain[1]!, null, 'Ebene 2 oben');
    expect(moved.statusCode, moved.body).toBe(200);
    const deepest = (await as(V, { method: 'GET', url: `/api/folder/show/${chain[4]}` })).json().folder;
    expect(deepest.depth).toBe(4);
    expect(deepest.breadCrumb.map((c: { name: string }) => c.name)).toEqual(['Ebene 2 oben', 'Ebene 3', 'Ebene 4', 'Ebene 5']);
  });

  it('moves two folders into each other at the same moment: one move wins, the other is refused', async () => {
    const [a, b] = [await folder(V, { name: 'Links' }), await folder(V, { name: 'Rechts' })];
    const move = (id: string, to: string, name: string) => as(V, { method: 'PUT', url: '/api/folder', payload: { folder: { __identity: id, name, parent: to } } });
    const answers = await Promise.all([move(a.id, b.id, 'Links'), move(b.id, a.id, 'Rechts')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const rows = await t.db.select({ id: libraryFolders.id, path: libraryFolders.path }).from(libraryFolders).where(sql`${libraryFolders.id} in (${a.id}, ${b.id})`);
    // No cycle: exactly one of them sits at the top.
    expect(rows.map((r) => r.path.length).sort()).toEqual([1, 2]);
  });

  it('deletes a folder with its sub-folders, documents and their bytes', async () => {
    const f = await folder(V, { name: 'Alt' });
    const sub = await folder(V, { name: 'Älter', parent: f.id });
    await document(V, sub.id, 'weg.pdf', await pdf('weg'));
    const before = await counts();
    expect((await as(VK, { method: 'DELETE', url: `/api/folder/${f.id}` })).statusCode).toBe(403);
    expect((await as(V, { method: 'DELETE', url: `/api/folder/${f.id}` })).statusCode).toBe(200);
    expect(await counts()).toEqual({ documents: before.documents - 1, folders: before.folders - 2, files: before.files - 1 });
  });
});

describe('short links', () => {
  it('checks the characters, answers 409 for a taken one, and opens document and folder by it', async () => {
    const f = await folder(V, { name: 'Kurzlinks' });
    const a = await document(V, f.id, 'Preisliste.pdf', await pdf('Preise'));
    const b = await document(V, f.id, 'Preisliste alt.pdf', await pdf('Preise alt'));
    const set = (id: string, shortLink: string, kind = 'documentsl') => as(V, { method: 'PUT', url: `/api/${kind}/${id}`, payload: { shortLink } });

    const bad = await set(a.id, 'Preisliste-Größe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(MSG.shortLinkInvalid);
    expect((await set(a.id, 'preisliste_2026')).json().document.shortLink).toBe('preisliste_2026');
    const taken = await set(b.id, 'Preisliste_2026');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(MSG.shortLinkTaken);

    const byLink = await as(FL, { method: 'GET', url: '/api/download/preisliste_2026' });
    expect(byLink.statusCode).toBe(200);
    expect(byLink.headers['content-disposition']).toContain('Preisliste.pdf');
    expect((await set(f.id, 'kurzlinks', 'foldersl')).statusCode).toBe(200);
    expect((await as(FL, { method: 'GET', url: '/api/folder/showbyshortlink/Kurzlinks' })).json().folder.id).toBe(f.id);
    expect((await as(FL, { method: 'GET', url: '/api/folder/showbyshortlink/gibtsnicht' })).statusCode).toBe(404);
  });

  it('gives a link once when twenty documents ask for it at the same moment', async () => {
    const f = await folder(V, { name: 'Gleichzeitig' });
    const docs = [];
    for (let i = 0; i < 20; i++) docs.push(await document(V, f.id, `Dok ${i}.pdf`, await pdf(`Dok ${i}`)));
    const results = await Promise.all(docs.map((d) => as(V, { method: 'PUT', url: `/api/documentsl/${d.id}`, payload: { shortLink: 'wettlauf' } })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect((await t.db.select({ n: count() }).from(libraryDocuments).where(sql`lower(${libraryDocuments.shortLink}) = 'wettlauf'`))[0]!.n).toBe(1);
  });
});

describe('search', () => {
  it('starts at three characters and finds folders by name', async () => {
    const short = await as(FL, { method: 'POST', url: '/api/documentsearch/ab' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(MSG.documentSearchShort);
    const f = await folder(V, { name: 'Reinigungsanleitungen' });
    const sub = await folder(V, { name: 'Reinigung Parkett', parent: f.id });
    const found = (await search(FL, 'reinigung')).folders;
    expect(found.find((x) => x.id === f.id)?.breadCrumb).toEqual([{ id: f.id, name: 'Reinigungsanleitungen' }]);
    expect(found.find((x) => x.id === sub.id)?.breadCrumb).toEqual([
      { id: f.id, name: 'Reinigungsanleitungen' },
      { id: sub.id, name: 'Reinigung Parkett' },
    ]);
    expect((await as(VK, { method: 'POST', url: '/api/documentsearch/reinigung' })).statusCode).toBe(200);
  });

  it('reads the text of an Excel file too', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Liste').addRow(['Sockelleisten', 'Übergangsprofile']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const f = await folder(V, { name: 'Tabellen' });
    const doc = await document(V, f.id, 'Zubehör.xlsx', bytes);
    expect((await search(FL, 'Übergangsprofile')).documents.map((d) => d.id)).toContain(doc.id);
    const [row] = await t.db.select({ type: libraryDocuments.type }).from(libraryDocuments).where(eq(libraryDocuments.id, doc.id));
    expect(row!.type).toBe('xlsx');
  });
});

describe('search over many matches', () => {
  it('counts up to the cap, pages through the best of them, and ranks a name match first even when it came last', async () => {
    const f = await folder(V, { name: 'Viele Treffer' });
    // 300 documents that mention the word in their text, inserted directly (the upload path has its own tests).
    await t.db.execute(sql`
      with fl as (insert into ${files} (storage_key, name, mime_type, size)
        select 'viele-' || g, 'Datei ' || g || '.pdf', 'application/pdf', 1 from generate_series(1, 300) g returning id, name)
      insert into ${libraryDocuments} (folder_id, name, type, size, file_id, content, created_by_name)
      select ${f.id}::uuid, fl.name, 'pdf', 1, fl.id, 'Hinweis zur Fußleistenmontage im Eingangsbereich', 'Test' from fl`);
    const named = await document(V, f.id, 'Fußleistenmontage.pdf', await pdf('Anleitung'));
    const first = await search(FL, 'Fußleistenmontage');
    expect(first).toMatchObject({ count: DOCUMENT_SEARCH_CAP, capped: true });
    expect(first.documents[0]!.id).toBe(named.id);
    expect(first.documents).toHaveLength(DOCUMENT_SEARCH_PAGE_SIZE);
    expect(first.documents[1]!.snippet).toBe('Hinweis zur «Fußleistenmontage» im Eingangsbereich');
    // The pages hold the best DOCUMENT_SEARCH_CAP matches, each once; after them the list ends.
    const page = async (from: number) =>
      (await as(FL, { method: 'POST', url: `/api/documentsearch/Fu%C3%9Fleistenmontage?from=${from}` })).json() as { documents: { id: string }[]; folders: unknown[]; count: number; capped: boolean };
    const seen = first.documents.map((d) => d.id);
    for (let from = DOCUMENT_SEARCH_PAGE_SIZE; from < DOCUMENT_SEARCH_CAP; from += DOCUMENT_SEARCH_PAGE_SIZE) {
      const next = await page(from);
      expect(next).toMatchObject({ count: DOCUMENT_SEARCH_CAP, capped: true, folders: [] });
      seen.push(...next.documents.map((d) => d.id));
    }
    expect(new Set(seen).size).toBe(DOCUMENT_SEARCH_CAP);
    expect((await page(DOCUMENT_SEARCH_CAP)).documents).toEqual([]);
    expect((await page(100_000)).documents).toEqual([]);
    // Under the cap the count is exact.
    expect(await search(FL, 'Eingangsbereich')).toMatchObject({ count: DOCUMENT_SEARCH_CAP, capped: true });
    const few = await search(FL, 'Anleitung');
    expect(few).toMatchObject({ capped: false });
    expect(few.count).toBe(few.documents.length);
  });
});

describe('the demo library', () => {
  it('shows Verkauf the handbooks, forms and branches but not HR’s folder; short links and search work on it', async () => {
    const names = (await as(VK, { method: 'GET', url: '/api/folder/list' })).json().folders.map((f: { name: string }) => f.name);
    expect(names).toEqual(expect.arrayContaining(['Handbücher', 'Formulare', 'Filialen']));
    expect(names).not.toContain('Personal vertraulich');
    expect((await as('personalleitung@example.com', { method: 'GET', url: '/api/folder/list' })).json().folders.map((f: { name: string }) => f.name)).toContain('Personal vertraulich');
    const handbook = await as(VK, { method: 'GET', url: '/api/download/kassenhandbuch' });
    expect(handbook.statusCode).toBe(200);
    expect(handbook.headers['content-disposition']).toContain('Kassenhandbuch.pdf');
    const form = await as(VK, { method: 'GET', url: '/api/download/urlaubsantrag' });
    expect(form.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect((await search(VK, 'Wechselgeld')).documents.map((d) => d.name)).toContain('Kassenhandbuch.pdf');
    expect((await search(VK, 'Gehaltsbänder')).documents).toHaveLength(0);
    expect((await as(VK, { method: 'GET', url: '/api/folder/showbyshortlink/formulare' })).json().folder.mayUpload).toBe(false);
  });

  it('answers the spec’s GET /document/list/0 without a folder with the top level the person sees', async () => {
    for (const email of [VK, 'personalleitung@example.com']) {
      const res = await as(email, { method: 'GET', url: '/api/document/list/0' });
      expect(res.statusCode, res.body).toBe(200);
      const top = (await as(email, { method: 'GET', url: '/api/folder/list/' })).json().folders;
      expect(res.json()).toEqual({ documents: [], count: 0, folders: top });
    }
    expect((await as(VK, { method: 'GET', url: '/api/document/list/0' })).json().folders.map((f: { name: string }) => f.name)).not.toContain('Personal vertraulich');
    expect((await t.app.inject({ method: 'GET', url: '/api/document/list/0' })).statusCode).toBe(401);
    expect((await as('ausgeblendet@example.com', { method: 'GET', url: '/api/document/list/0' })).statusCode).toBe(403);
  });
});
