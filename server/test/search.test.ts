import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, ne, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { eanCheckDigit } from '@filialportal/core/stock';
import { SEARCH_TYPES, type SearchGroup, type SearchResponse, type SearchType } from '@filialportal/core/search';
import { claims } from '../src/modules/claims/claims.table.ts';
import { manufacturers } from '../src/modules/lists/lists.table.ts';
import { news } from '../src/modules/news/news.table.ts';
import { userGroups } from '../src/modules/teams/teams.table.ts';
import { users } from '../src/modules/users/users.table.ts';
import { searchWords } from '../src/platform/search.ts';
import { buildTestApp, type TestContext } from './helpers.ts';
import { pdf } from './pdf-text.ts';

/** The portal search (docs/decisions/suche-im-portal.md): one call, every group by its own page's scope. */
let t: TestContext;
const group = new Map<string, string>();
let categoryId: string;
let maker: string;
beforeAll(async () => {
  t = await buildTestApp();
  for (const g of await t.db.select({ id: userGroups.id, name: userGroups.name }).from(userGroups)) group.set(g.name, g.id);
  const lead = await t.login('vertriebsleitung@example.com');
  categoryId = (await t.as(lead, { method: 'POST', url: '/api/category', payload: { category: { name: 'Such-Sortiment', contactPersons: [] } } })).json().category.id;
  [{ id: maker }] = (await t.db.select({ id: manufacturers.id }).from(manufacturers).limit(1)) as [{ id: string }];
});
afterAll(() => t.close());

const VK = 'verkauf@example.com';
const as = async (email: string, opts: Parameters<TestContext['as']>[1]) => t.as(await t.login(email), opts);
const search = (email: string, query: Record<string, string>) => as(email, { method: 'GET', url: `/api/search?${new URLSearchParams(query).toString()}` });
const groupOf = (body: SearchResponse, type: SearchType) => body.groups.find((g) => g.type === type) as SearchGroup | undefined;
async function hits<T extends SearchType>(email: string, q: string, type: T) {
  const res = await search(email, { q, types: type, limit: '20' });
  expect(res.statusCode, res.body).toBe(200);
  return (groupOf(res.json(), type)?.hits ?? []) as Extract<SearchGroup, { type: T }>['hits'];
}

let serial = 0;
async function article(name: string, decor = 'Eiche', scanList: string[] = []) {
  serial++;
  const ean = `41000000${String(serial).padStart(4, '0')}`;
  const payload = { article: { number: `S-${String(serial).padStart(3, '0')}`, ean: ean + eanCheckDigit(ean), name, decor, scanList, manufacturer: maker, category: categoryId, package: 8 } };
  const res = await as('vertrieb@example.com', { method: 'POST', url: '/api/article', payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().article as { id: string; ean: string; number: string };
}

describe('GET /search', () => {
  it('answers the groups the person may see, in a fixed order, each with hits and a total', async () => {
    const res = await search('admin@example.com', { q: 'muller' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as SearchResponse;
    expect(body.q).toBe('muller');
    expect(body.groups.map((g) => g.type)).toEqual([...SEARCH_TYPES]);
    const people = groupOf(body, 'people')!;
    expect(people.total).toBeGreaterThan(1);
    expect(people.hits.length).toBeLessThanOrEqual(5);
    const limited = groupOf((await search('admin@example.com', { q: 'muller', types: 'people', limit: '1' })).json(), 'people')!;
    expect(limited.hits).toHaveLength(1);
    expect(limited.total).toBe(people.total);
  });

  it('gives a person without any page rights the directory only', async () => {
    const body = (await search('ausgeblendet@example.com', { q: 'muller' })).json() as SearchResponse;
    expect(body.groups.map((g) => g.type)).toEqual(['people']);
    expect((await search('ausgeblendet@example.com', { q: 'muller', types: 'articles,claims' })).json().groups).toEqual([]);
  });

  it('refuses without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/search?q=muller' })).statusCode).toBe(401);
  });
});

describe('colleagues: a company directory', () => {
  it('shows name, location, phone and e-mail of active people, nothing else', async () => {
    const [anna] = await t.db.select().from(users).where(eq(users.email, VK));
    const found = await hits('azubi@example.com', `${anna!.firstName} ${anna!.lastName}`, 'people');
    const hit = found.find((h) => h.id === anna!.id)!;
    expect(hit).toMatchObject({ firstName: anna!.firstName, lastName: anna!.lastName, phone: anna!.phone, email: anna!.email, location: 'Filiale Köln' });
    expect(Object.keys(hit).sort()).toEqual(['email', 'firstName', 'id', 'lastName', 'location', 'phone']);

    await t.db.update(users).set({ active: false }).where(eq(users.id, anna!.id));
    try {
      expect((await hits('azubi@example.com', `${anna!.firstName} ${anna!.lastName}`, 'people')).map((h) => h.id)).not.toContain(anna!.id);
    } finally {
      await t.db.update(users).set({ active: true }).where(eq(users.id, anna!.id));
    }
  });
});

describe('folding, prefixes, typos, numbers', () => {
  it('folds umlauts and ß both ways and finds words by their beginning', async () => {
    const a = await article('Quarzleiste Straße', 'Weiß lackiert');
    for (const q of ['quarz strasse', 'STRASSE quarzleiste', 'Straße quarz', 'quarz stra', 'quarzleiste weiss', 'Quarz Weiß lack', 'quarzl']) {
      expect((await hits(VK, q, 'articles')).map((h) => h.id), q).toContain(a.id);
    }
    const people = await hits(VK, 'muller', 'people');
    expect(people.length).toBeGreaterThan(0);
    expect(people.every((p) => p.lastName === 'Müller')).toBe(true);
    expect((await hits(VK, 'Müll', 'people')).every((p) => p.lastName === 'Müller')).toBe(true);
    // Every word must match: a second one narrows.
    expect(await hits(VK, 'Quarzleiste Kork', 'articles')).toEqual([]);
  });

  it('forgives one typo in a word of five letters or more, not in shorter ones', async () => {
    const a = await article('Trittschalldämmung Premium');
    expect((await hits(VK, 'Premiun', 'articles')).map((h) => h.id)).toContain(a.id);
    expect((await hits(VK, 'Trittschaldämmung', 'articles')).map((h) => h.id)).toContain(a.id);
    expect((await hits(VK, 'Schneidr', 'people')).some((p) => p.lastName === 'Schneider')).toBe(true);
    expect((await hits(VK, 'Schmitd Anna', 'people')).every((p) => p.lastName !== 'Koch')).toBe(true);
    // 'Kohc' is four letters: no typo tolerance, no Koch.
    expect((await hits(VK, 'Kohc', 'people')).some((p) => p.lastName === 'Koch')).toBe(false);
    // Two typos are too many.
    expect((await hits(VK, 'Prenuim', 'articles')).map((h) => h.id)).not.toContain(a.id);
    // A word found as typed is not widened: 'Tarvik' finds Tarvik, not Tarvek one letter away.
    const [tarvik, tarvek] = [await article('Dielenleiste Tarvik'), await article('Dielenleiste Tarvek')];
    const typed = (await hits(VK, 'Tarvik', 'articles')).map((h) => h.id);
    expect(typed).toContain(tarvik.id);
    expect(typed).not.toContain(tarvek.id);
    expect((await hits(VK, 'Tarvuk', 'articles')).map((h) => h.id)).toEqual(expect.arrayContaining([tarvik.id, tarvek.id]));
    // The lexicon learnt the new words from the insert.
    expect((await t.db.select({ n: count() }).from(searchWords).where(eq(searchWords.word, 'trittschalldamm')))[0]!.n).toBe(1);
  });

  it('answers words under three letters from a document’s name, longer ones from its text too', async () => {
    const V = 'verwaltung@example.com';
    const folder = (await as(V, { method: 'POST', url: '/api/folder', payload: { folder: { name: 'Kurzwort Suche', teams: [] } } })).json().folder;
    const upload = async (name: string, text: string) => {
      const res = await as(V, {
        method: 'POST',
        url: `/api/document?${new URLSearchParams({ parent: folder.id, name, teams: '' })}`,
        payload: await pdf(text),
        headers: { 'content-type': 'application/octet-stream' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().document as { id: string }).id;
    };
    const byName = await upload('Qxelbaum Pflege.pdf', 'Hinweise zur Reinigung.');
    const byText = await upload('Reinigungsplan Kurzwort.pdf', 'Den Qxoleimer nach jeder Schicht leeren.');
    const short = (await hits(VK, 'qx', 'documents')).map((d) => d.id);
    expect(short).toContain(byName);
    expect(short).not.toContain(byText);
    expect((await hits(VK, 'qxo', 'documents')).map((d) => d.id)).toContain(byText);
  });

  it('matches numbers and EANs exactly: the whole number finds the article first, a part finds nothing', async () => {
    const extra = '420000000001';
    const second = extra + eanCheckDigit(extra);
    const a = await article('Kork Klick', 'Eiche', [second]);
    const byEan = await hits(VK, a.ean, 'articles');
    expect(byEan[0]).toMatchObject({ id: a.id, ean: a.ean, number: a.number, name: 'Kork Klick' });
    expect((await hits(VK, a.number.toLowerCase(), 'articles'))[0]?.id).toBe(a.id);
    expect((await hits(VK, a.ean.slice(0, 8), 'articles')).map((h) => h.id)).not.toContain(a.id);
    // A further EAN of the scan list is matched exactly too.
    expect((await hits(VK, second, 'articles'))[0]?.id).toBe(a.id);
  });

  it('shows the stock at the person’s own location', async () => {
    const a = await article('Bestandsprobe Vinyl');
    expect((await hits(VK, a.ean, 'articles'))[0]).toMatchObject({ stock: null });
    const [me] = await t.db.select({ locationId: users.locationId }).from(users).where(eq(users.email, VK));
    expect((await as(VK, { method: 'POST', url: '/api/article/updatestock', payload: { ean: a.ean, location: me!.locationId, count: 12 } })).statusCode).toBe(200);
    expect((await hits(VK, a.ean, 'articles'))[0]).toMatchObject({ stock: 12 });
  });
});

describe('each group by its page’s scope', () => {
  it('never shows a document in a folder the person may not read', async () => {
    const V = 'verwaltung@example.com';
    const hidden = (await as(V, { method: 'POST', url: '/api/folder', payload: { folder: { name: 'Personalakten Suche', teams: [group.get('Personalleitung')] } } })).json().folder;
    const up = await as(V, {
      method: 'POST',
      url: `/api/document?${new URLSearchParams({ parent: hidden.id, name: 'Abfindungsregeln.pdf', teams: '' })}`,
      payload: await pdf('Die Abfindungsregelung gilt ab Januar.'),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(up.statusCode, up.body).toBe(200);
    const doc = up.json().document as { id: string };
    expect((await hits(VK, 'Abfindungsregelung', 'documents')).map((d) => d.id)).not.toContain(doc.id);
    const seen = await hits('personalleitung@example.com', 'Abfindungsregelung', 'documents');
    expect(seen.map((d) => d.id)).toContain(doc.id);
    expect(seen.find((d) => d.id === doc.id)).toMatchObject({ name: 'Abfindungsregeln.pdf', folder: 'Personalakten Suche', folderId: hidden.id });
    expect(seen.find((d) => d.id === doc.id)!.snippet).toContain('«Abfindungsregelung»');

    // A folder inside the hidden one admits everyone by itself, and still hides what lies in it;
    // the passage of a long text is the one around the match, not the text's beginning.
    const inner = (await as(V, { method: 'POST', url: '/api/folder', payload: { folder: { name: 'Verträge Suche', parent: hidden.id, teams: [] } } })).json().folder;
    const filler = 'Aufbewahrungsvorschriften Dokumentationspflichten Archivierungsrichtlinien '.repeat(60);
    const long = await as(V, {
      method: 'POST',
      url: `/api/document?${new URLSearchParams({ parent: inner.id, name: 'Sozialplan.pdf', teams: '' })}`,
      payload: await pdf(`${filler} Der Sozialplan regelt die Überbrückungszahlung für alle Beschäftigten.`),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(long.statusCode, long.body).toBe(200);
    const longId = (long.json().document as { id: string }).id;
    expect((await hits(VK, 'Überbrückungszahlung', 'documents')).map((d) => d.id)).not.toContain(longId);
    const found = (await hits('personalleitung@example.com', 'Überbrückungszahlung', 'documents')).find((d) => d.id === longId);
    expect(found?.snippet).toContain('«Überbrückungszahlung»');
    // It begins with a whole word, though the window around the match began inside one.
    expect(['Aufbewahrungsvorschriften', 'Dokumentationspflichten', 'Archivierungsrichtlinien', 'Der']).toContain(found!.snippet.split(/\s+/)[0]);
  });

  it('never shows a claim of another branch to who sees only their own', async () => {
    const [me] = await t.db.select({ locationId: users.locationId }).from(users).where(eq(users.email, VK));
    const [other] = await t.db.select({ id: claims.id, number: claims.number }).from(claims).where(ne(claims.locationId, me!.locationId)).limit(1);
    const [own] = await t.db.select({ id: claims.id, number: claims.number }).from(claims).where(eq(claims.locationId, me!.locationId)).limit(1);
    expect((await hits(VK, other!.number, 'claims')).map((c) => c.id)).not.toContain(other!.id);
    expect((await hits(VK, own!.number, 'claims'))[0]?.id).toBe(own!.id);
    expect((await hits('admin@example.com', other!.number, 'claims'))[0]?.id).toBe(other!.id);
  });

  it('never shows a news item aimed at another group', async () => {
    const [item] = await t.db.select({ id: news.id }).from(news).limit(1);
    await t.db.update(news).set({ title: 'Quartalsabschluss Buchhaltung', teams: [group.get('Buchhaltung')!], locations: [] }).where(eq(news.id, item!.id));
    expect((await hits(VK, 'Quartalsabschluss', 'news')).map((n) => n.id)).not.toContain(item!.id);
    expect((await hits('buchhaltung@example.com', 'Quartalsabschluss', 'news')).map((n) => n.id)).toContain(item!.id);
  });
});

describe('tasks', () => {
  it('shows the own tasks, and handed-out ones only to who may open the delegated page', async () => {
    // Verkauf's vacation requests hand approval tasks to others; Verkauf cannot open that page.
    const own = await hits(VK, 'Urlaubsantrag', 'tasks');
    expect(own.every((h) => h.mine)).toBe(true);
    const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, VK));
    const created = await t.db.execute(sql`select count(*)::int as n from tasks where created_by = ${me!.id} and title ilike 'Urlaubsantrag%'`);
    expect(Number((created as unknown as { rows: { n: number }[] }).rows[0]!.n)).toBeGreaterThan(0);
  });
});

describe('bad input', () => {
  const refused = async (query: Record<string, string>, message: string) => {
    const res = await search(VK, query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(message);
  };
  it('refuses empty, short and overlong queries, unknown groups and limits in German', async () => {
    await refused({ q: '' }, MSG.searchEmpty);
    await refused({ q: ' \t  ' }, MSG.searchEmpty);
    // A NUL byte is refused at the edge, as everywhere.
    await refused({ q: 'mül\u0000ler' }, MSG.invalidCharacters);
    await refused({ q: 'a' }, MSG.searchTooShort);
    await refused({ q: 'x'.repeat(101) }, MSG.searchTooLong);
    await refused({ q: 'muller', types: 'people,secrets' }, MSG.searchTypesInvalid);
    for (const limit of ['0', '21', 'viele', '2.5']) await refused({ q: 'muller', limit }, MSG.searchLimitInvalid);
    const missing = await as(VK, { method: 'GET', url: '/api/search' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/\p{L}/u);
  });

  it('treats operator characters as text', async () => {
    for (const q of ["müller & | ! ( ) : * ' \\ <-> \u0007", "'; drop table users; --", 'Müller:*', '!(Müller)', 'a:* | b']) {
      const res = await search(VK, { q });
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    }
    expect((await hits(VK, "müller & | ! ( ) : * '", 'people')).every((p) => p.lastName === 'Müller')).toBe(true);
    const none = (await search(VK, { q: '!!' })).json() as SearchResponse;
    expect(none.groups.every((g) => g.total === 0 && g.hits.length === 0)).toBe(true);
    expect((await t.db.select({ n: count() }).from(users))[0]!.n).toBeGreaterThan(10);
  });
});
