import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { eanCheckDigit } from '@filialportal/core/stock';
import { articles, articleStocks, stockHistory } from '../src/modules/stock/stock.table.ts';
import { colorLabels, manufacturers } from '../src/modules/lists/lists.table.ts';
import { locations } from '../src/modules/locations/locations.table.ts';
import { users } from '../src/modules/users/users.table.ts';
import { buildTestApp, type TestContext } from './helpers.ts';
import { readXlsx } from './xlsx.ts';

let t: TestContext;
let categoryId: string;
let otherCategoryId: string;
let makers: { id: string; name: string }[];
let koeln: string;
let elsewhere: string;
beforeAll(async () => {
  t = await buildTestApp();
  const make = async (name: string) =>
    (await t.as(await t.login('vertriebsleitung@example.com'), { method: 'POST', url: '/api/category', payload: { category: { name, contactPersons: [] } } })).json().category.id as string;
  categoryId = await make('Prüfsortiment');
  otherCategoryId = await make('Anderes Sortiment');
  makers = await t.db.select({ id: manufacturers.id, name: manufacturers.name }).from(manufacturers).orderBy(asc(manufacturers.name)).limit(2);
  const [verkauf] = await t.db.select({ locationId: users.locationId }).from(users).where(eq(users.email, 'verkauf@example.com'));
  koeln = verkauf!.locationId;
  const [other] = await t.db.select({ id: locations.id }).from(locations).where(sql`${locations.id} <> ${koeln}`).limit(1);
  elsewhere = other!.id;
});
afterAll(() => t.close());

const as = async (email: string, opts: Parameters<TestContext['as']>[1]) => t.as(await t.login(email), opts);

/** A valid EAN-13 from 12 digits. */
const ean = (first12: string) => first12 + eanCheckDigit(first12);

const article = (over: Record<string, unknown> = {}) => ({
  article: {
    number: 'V-100',
    ean: ean('400000000100'),
    name: 'Klick-Vinyl Eiche',
    decor: 'Eiche Natur',
    quality: 'NK 33',
    manufacturer: makers[0]!.id,
    category: categoryId,
    price: '29,95',
    srp: 34.9,
    ...over,
  },
});

async function create(over: Record<string, unknown> = {}) {
  const res = await as('vertrieb@example.com', { method: 'POST', url: '/api/article', payload: article(over) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().article as { id: string; ean: string; number: string; price: number };
}
const articleCount = async () => (await t.db.select({ n: count() }).from(articles))[0]!.n;

describe('articles', () => {
  it('are saved with prices from German input and action dates in Berlin time', async () => {
    const a = await create({ number: 'V-101', ean: ean('400000000101'), actionPrice: '24,90', actionPriceFrom: '01.12.2026 08:00', actionPriceTill: '24.12.2026 18:30', scanList: [ean('400000000201')] });
    expect(a).toMatchObject({ number: 'V-101', price: 29.95 });
    const shown = (await as('azubi@example.com', { method: 'GET', url: `/api/article/${a.id}` })).json().article;
    expect(shown).toMatchObject({ actionPrice: 24.9, actionPriceFrom: '01.12.2026 08:00', actionPriceTill: '24.12.2026 18:30', scanList: [ean('400000000201')], manufacturer: makers[0] });
  });

  it.each([
    [{ number: ' ' }, MSG.articleNumberRequired],
    [{ ean: '' }, MSG.articleEanRequired],
    [{ ean: '12ab' }, MSG.articleEanInvalid],
    [{ manufacturer: '' }, MSG.articleManufacturerRequired],
    [{ category: '' }, MSG.articleCategoryRequired],
    [{ actionPriceFrom: '01.12.2026 08:00' }, MSG.articleActionDatesBoth],
    [{ actionPriceFrom: '02.12.2026 08:00', actionPriceTill: '01.12.2026 08:00' }, MSG.articleActionDatesOrder],
    [{ price: '12,999' }, MSG.articlePriceInvalid],
  ])('refuses %j with the spec message, nothing saved', async (over, message) => {
    const before = await articleCount();
    const res = await as('vertrieb@example.com', { method: 'POST', url: '/api/article', payload: article({ number: 'V-X', ean: ean('400000000999'), ...over }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await articleCount()).toBe(before);
  });

  it('keeps every EAN with one article: a taken one answers 409 and nothing is saved', async () => {
    const first = await create({ number: 'V-110', ean: ean('400000000110') });
    const before = await articleCount();
    for (const over of [{ ean: first.ean }, { ean: ean('400000000111'), scanList: [first.ean] }]) {
      const res = await as('vertrieb@example.com', { method: 'POST', url: '/api/article', payload: article({ number: 'V-111', ...over }) });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(MSG.articleEanTaken);
    }
    expect(await articleCount()).toBe(before);
    // Saving an article with its own EANs again is fine.
    const again = await as('vertrieb@example.com', { method: 'PUT', url: `/api/article/${first.id}`, payload: article({ number: 'V-110', ean: first.ean, name: 'Neu' }) });
    expect(again.statusCode).toBe(200);
    expect(again.json().article.name).toBe('Neu');
  });

  it('refuses to create, edit or delete without the permissions', async () => {
    const a = await create({ number: 'V-120', ean: ean('400000000120') });
    expect((await as('verkauf@example.com', { method: 'POST', url: '/api/article', payload: article({ number: 'V-121', ean: ean('400000000121') }) })).statusCode).toBe(403);
    expect((await as('verkauf@example.com', { method: 'PUT', url: `/api/article/${a.id}`, payload: article({ number: 'geändert', ean: a.ean }) })).statusCode).toBe(403);
    expect((await as('vertrieb@example.com', { method: 'DELETE', url: `/api/article/${a.id}` })).statusCode).toBe(403);
    const [kept] = await t.db.select().from(articles).where(eq(articles.id, a.id));
    expect(kept!.number).toBe('V-120');
    expect((await as('vertriebsleitung@example.com', { method: 'DELETE', url: `/api/article/${a.id}` })).statusCode).toBe(204);
  });
});

describe('the stock list', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    const rows = [
      { number: 'L-003', decor: 'Eiche Grau', quality: 'NK 32', manufacturer: makers[1]!.id },
      { number: 'L-001', decor: 'Nussbaum', quality: 'NK 33', manufacturer: makers[0]!.id },
      { number: 'L-002', decor: 'Eiche Hell', quality: 'NK 31', manufacturer: makers[0]!.id },
      { number: 'X-900', decor: 'Beton', quality: 'NK 33', manufacturer: makers[0]!.id, category: otherCategoryId },
    ];
    ids = {};
    for (const [i, r] of rows.entries()) ids[r.number] = (await create({ ...r, name: `Boden ${r.decor}`, ean: ean(`40000000${500 + i}0`.slice(0, 12)) })).id;
  });
  const list = async (email: string, path: string, query = '') => (await as(email, { method: 'GET', url: `/api/article/filter/${path}${query}` })).json();
  const numbers = (res: { articles: { number: string }[] }) => res.articles.map((a) => a.number).filter((n) => /^[LX]-/.test(n));

  it('filters by category, manufacturer, designation and number, sorted by number or another column', async () => {
    expect(numbers(await list('azubi@example.com', `${categoryId}/null/null/L-/0`))).toEqual(['L-001', 'L-002', 'L-003']);
    expect(numbers(await list('azubi@example.com', `${categoryId}/${makers[0]!.id}/null/L-/0`))).toEqual(['L-001', 'L-002']);
    expect(numbers(await list('azubi@example.com', `${categoryId}/null/eiche/L-/0`))).toEqual(['L-002', 'L-003']);
    expect(numbers(await list('azubi@example.com', `null/null/null/l-00/0`))).toEqual(['L-001', 'L-002', 'L-003']);
    expect(numbers(await list('azubi@example.com', `${categoryId}/null/null/L-/0`, '?sorting=-quality'))).toEqual(['L-001', 'L-003', 'L-002']);
    const page = await list('azubi@example.com', `${categoryId}/null/null/L-/2`);
    expect(page.count).toBe(3);
    expect(numbers(page)).toEqual(['L-003']);
  });

  it('answers every sort, direction and filter the same with or without a location, and counts past the last page', async () => {
    const expected = { all: ['L-001', 'L-002', 'L-003'], maker: ['L-001', 'L-002'], eiche: ['L-002', 'L-003'] };
    // More shapes than are kept prepared: the later ones are built per request and answer alike.
    for (const sort of ['number', 'manufacturer.name', 'quality', 'decor', 'price', 'stock']) {
      for (const dir of ['', '-']) {
        for (const location of ['', `&location=${koeln}`]) {
          const query = `?sorting=${dir}${sort}${location}`;
          expect(numbers(await list('azubi@example.com', `${categoryId}/null/null/L-/0`, query)).sort()).toEqual(expected.all);
          expect(numbers(await list('azubi@example.com', `${categoryId}/${makers[0]!.id}/null/L-/0`, query)).sort()).toEqual(expected.maker);
          expect(numbers(await list('azubi@example.com', `${categoryId}/null/eiche/L-/0`, query)).sort()).toEqual(expected.eiche);
        }
      }
    }
    expect(numbers(await list('azubi@example.com', `${categoryId}/null/null/L-/0`, '?sorting=-number'))).toEqual([...expected.all].reverse());
    const past = await list('azubi@example.com', `${categoryId}/null/null/L-/50`, `?location=${koeln}`);
    expect(past).toMatchObject({ articles: [], count: 3 });
  });

  it('sets and filters the colour label (with its permission), and hides inactive articles from staff', async () => {
    const [label] = await t.db.select().from(colorLabels).where(eq(colorLabels.name, 'Auslauf'));
    expect((await as('verkauf@example.com', { method: 'GET', url: `/api/articlebackground/${ids['L-002']}/${label!.id}` })).statusCode).toBe(403);
    const set = await as('filialleitung@example.com', { method: 'GET', url: `/api/articlebackground/${ids['L-002']}/${label!.id}` });
    expect(set.statusCode).toBe(200);
    expect(set.json().article.label).toMatchObject({ name: 'Auslauf', hex: label!.hex });
    expect(numbers(await list('azubi@example.com', `${categoryId}/null/null/L-/0`, `?label=${label!.id}`))).toEqual(['L-002']);
    await as('filialleitung@example.com', { method: 'GET', url: `/api/articlebackground/${ids['L-002']}/null` });
    expect(numbers(await list('azubi@example.com', `${categoryId}/null/null/L-/0`, `?label=${label!.id}`))).toEqual([]);

    expect((await as('verkauf@example.com', { method: 'PUT', url: `/api/article/${ids['L-001']}/active`, payload: { active: false } })).statusCode).toBe(403);
    expect((await as('vertrieb@example.com', { method: 'PUT', url: `/api/article/${ids['L-001']}/active`, payload: { active: false } })).statusCode).toBe(200);
    expect(numbers(await list('azubi@example.com', `${categoryId}/null/null/L-/0`))).toEqual(['L-002', 'L-003']);
    expect(numbers(await list('vertrieb@example.com', `${categoryId}/null/null/L-/0`))).toEqual(['L-001', 'L-002', 'L-003']);
    expect((await as('azubi@example.com', { method: 'GET', url: `/api/article/${ids['L-001']}` })).statusCode).toBe(404);
    await as('vertrieb@example.com', { method: 'PUT', url: `/api/article/${ids['L-001']}/active`, payload: { active: true } });
  });

  it('exports the filtered list as XLSX, as many rows as loaded', async () => {
    const res = await as('filialleitung@example.com', { method: 'POST', url: `/api/export/${categoryId}/null/null/null/0/2?location=${koeln}` });
    expect(res.statusCode).toBe(200);
    const rows = await readXlsx(res);
    expect(rows[0]!.slice(0, 3)).toEqual(['Nummer', 'EAN', 'Sortiment']);
    expect(rows).toHaveLength(3);
    expect((await as('verkauf@example.com', { method: 'POST', url: `/api/export/${categoryId}/null/null/null/0/2` })).statusCode).toBe(403);
  });
});

describe('stock changes', () => {
  const update = (email: string, payload: Record<string, unknown>) => as(email, { method: 'POST', url: '/api/article/updatestock', payload });
  const stockOf = async (articleId: string, locationId: string) =>
    (await t.db.select({ count: articleStocks.count }).from(articleStocks).where(sql`${articleStocks.articleId} = ${articleId} and ${articleStocks.locationId} = ${locationId}`))[0]?.count ?? null;

  it('sets the counted stock by EAN at the own branch and writes who, when, before and after', async () => {
    const a = await create({ number: 'S-1', ean: ean('400000000301'), scanList: [ean('400000000302')] });
    let res = await update('verkauf@example.com', { ean: a.ean, location: koeln, count: 12 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ before: null, after: 12, article: { stock: 12, stockTotal: 12 } });
    // A further EAN of the scan list finds the same article.
    res = await update('verkauf@example.com', { ean: ean('400000000302'), location: koeln, count: '9' });
    expect(res.json()).toMatchObject({ before: 12, after: 9 });
    const lookup = await as('azubi@example.com', { method: 'GET', url: `/api/article/ean/${ean('400000000302')}?location=${koeln}` });
    expect(lookup.json().article).toMatchObject({ id: a.id, stock: 9 });
    const missing = await as('azubi@example.com', { method: 'GET', url: '/api/article/ean/4000000009999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Artikel mit der ean nummer 4000000009999 wurde nicht gefunden.');
    const history = (await as('azubi@example.com', { method: 'GET', url: `/api/article/${a.id}/history` })).json();
    expect(history.count).toBe(2);
    expect(history.historyItems[0]).toMatchObject({ before: 12, after: 9, userName: expect.stringMatching(/\S+ \S+/), locationName: expect.any(String) });
    expect(history.historyItems[0].updatedAtFormated).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  });

  it('refuses another branch for own-branch staff, unknown EANs and empty fields with the spec messages; nothing changes', async () => {
    const a = await create({ number: 'S-2', ean: ean('400000000303') });
    const other = await update('verkauf@example.com', { ean: a.ean, location: elsewhere, count: 5 });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe(MSG.stockLocationNotAllowed);
    const unknown = await update('verkauf@example.com', { ean: '4000000009999', location: koeln, count: 5 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Artikel mit der ean nummer 4000000009999 wurde nicht gefunden.');
    for (const [payload, message] of [
      [{ ean: a.ean, location: koeln, count: '' }, MSG.stockCountRequired],
      [{ ean: '', location: koeln, count: 3 }, MSG.articleEanRequired],
      [{ ean: a.ean, location: '', count: 3 }, MSG.stockLocationRequired],
      [{ ean: a.ean, location: koeln, count: -1 }, MSG.stockCountInvalid],
    ] as const) {
      const res = await update('verkauf@example.com', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const azubi = await update('azubi@example.com', { ean: a.ean, location: koeln, count: 5 });
    expect(azubi.statusCode).toBe(403);
    expect(await stockOf(a.id, koeln)).toBeNull();
    expect(await stockOf(a.id, elsewhere)).toBeNull();
    expect((await t.db.select({ n: count() }).from(stockHistory).where(eq(stockHistory.articleId, a.id)))[0]!.n).toBe(0);
    // With the all-branches permission another branch is fine.
    expect((await update('vertriebsleitung@example.com', { articleId: a.id, ean: '', location: elsewhere, count: 4 })).statusCode).toBe(200);
    expect(await stockOf(a.id, elsewhere)).toBe(4);
  });

  it('finds and changes by EAN exactly the articles the list shows; a hidden one is unknown and nothing changes', async () => {
    const hidden = await create({ number: 'S-6', ean: ean('400000000306'), scanList: [ean('400000000307')] });
    const shown = await create({ number: 'S-7', ean: ean('400000000308') });
    expect((await as('vertrieb@example.com', { method: 'PUT', url: `/api/article/${hidden.id}/active`, payload: { active: false } })).statusCode).toBe(200);
    const historyRows = async () => (await t.db.select({ n: count() }).from(stockHistory).where(eq(stockHistory.articleId, hidden.id)))[0]!.n;

    // The lookup answers for exactly the articles of the list, for staff and for who sees inactive ones.
    const eansOf = await t.db.select({ id: articles.id, ean: articles.ean }).from(articles).where(eq(articles.categoryId, categoryId));
    for (const email of ['verkauf@example.com', 'vertriebsleitung@example.com']) {
      const listed = (await as(email, { method: 'GET', url: `/api/article/listall/${categoryId}/null/null/null` })).json().articles.map((a: { id: string }) => a.id).sort();
      const found: string[] = [];
      for (const a of eansOf) {
        const res = await as(email, { method: 'GET', url: `/api/article/ean/${a.ean}` });
        expect([200, 404]).toContain(res.statusCode);
        if (res.statusCode === 200) found.push(res.json().article.id);
      }
      expect(found.sort(), email).toEqual(listed);
      expect(listed.includes(hidden.id), email).toBe(email.startsWith('vertriebsleitung'));
      expect(listed).toContain(shown.id);
    }

    // Staff: the inactive article is unknown by EAN, scan-list EAN and id; nothing is counted.
    for (const [payload, message] of [
      [{ ean: hidden.ean, location: koeln, count: 7 }, MSG.stockEanUnknown.replace('{n}', hidden.ean)],
      [{ ean: ean('400000000307'), location: koeln, count: 7 }, MSG.stockEanUnknown.replace('{n}', ean('400000000307'))],
      [{ ean: '', articleId: hidden.id, location: koeln, count: 7 }, MSG.articleUnknown],
    ] as const) {
      const res = await update('verkauf@example.com', payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(message);
    }
    expect(await stockOf(hidden.id, koeln)).toBeNull();
    expect(await historyRows()).toBe(0);
    expect((await update('verkauf@example.com', { ean: shown.ean, location: koeln, count: 3 })).statusCode).toBe(200);

    // Who sees inactive articles finds and counts it.
    const counted = await update('vertriebsleitung@example.com', { ean: hidden.ean, location: koeln, count: 5 });
    expect(counted.statusCode).toBe(200);
    expect(counted.json()).toMatchObject({ after: 5, article: { id: hidden.id, active: false } });
    expect(await stockOf(hidden.id, koeln)).toBe(5);
  });

  it('never loses a change when twenty people count the same article at once', async () => {
    const a = await create({ number: 'S-3', ean: ean('400000000304') });
    const token = await t.login('verkauf@example.com');
    // The first round counts an article the branch never counted, the second one a counted one.
    for (const round of [0, 1]) {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => t.as(token, { method: 'POST', url: '/api/article/updatestock', payload: { ean: a.ean, location: koeln, count: round * 100 + i + 1 } })),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    }
    const chain = await t.db.select({ before: stockHistory.before, after: stockHistory.after }).from(stockHistory).where(eq(stockHistory.articleId, a.id)).orderBy(asc(stockHistory.createdAt), asc(sql`ctid`));
    expect(chain).toHaveLength(40);
    // Each change starts from the one before: applied one after the other.
    expect(chain[0]!.before).toBeNull();
    for (let i = 1; i < chain.length; i++) expect(chain[i]!.before).toBe(chain[i - 1]!.after);
    expect(await stockOf(a.id, koeln)).toBe(chain.at(-1)!.after);
  });

  it('keeps the history immutable', async () => {
    const [row] = await t.db.select().from(stockHistory).limit(1);
    await expect(t.db.update(stockHistory).set({ after: 999 }).where(eq(stockHistory.id, row!.id))).rejects.toThrow();
  });

  it('records stock checks per category and location', async () => {
    const a = await create({ number: 'S-4', ean: ean('400000000305') });
    await update('verkauf@example.com', { ean: a.ean, location: koeln, count: 3 });
    const done = await as('verkauf@example.com', { method: 'POST', url: '/api/locationsortimenthistory', payload: { locationSortimentHistory: { sortiment: categoryId, location: koeln } } });
    expect(done.statusCode).toBe(200);
    const mine = done.json().list.find((l: { location: { id: string } }) => l.location.id === koeln);
    expect(mine.dateFormated).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    const refused = await as('verkauf@example.com', { method: 'POST', url: '/api/locationsortimenthistory', payload: { locationSortimentHistory: { sortiment: categoryId, location: elsewhere } } });
    expect(refused.statusCode).toBe(403);
    const checks = (await as('azubi@example.com', { method: 'GET', url: `/api/locationsortimenthistory/${categoryId}/${koeln}` })).json();
    expect(checks.count).toBe(1);
    expect(checks.list[0].changes).toBeGreaterThan(0);
  });
});
