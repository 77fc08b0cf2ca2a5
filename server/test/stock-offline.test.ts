import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { eanCheckDigit, OFFLINE_PAGE_SIZE } from '@filialportal/core/stock';
import { manufacturers } from '../src/modules/lists/lists.table.ts';
import { articleStocks, stockHistory } from '../src/modules/stock/stock.table.ts';
import { users } from '../src/modules/users/users.table.ts';
import { buildTestApp, type TestContext } from './helpers.ts';

/**
 * Counting without network (docs/decisions/stock-offline-zaehlen.md): a device sends each count
 * with its own id and the stock it saw; the server writes it once and refuses a stale base.
 */
let t: TestContext;
let categoryId: string;
let maker: string;
let koeln: string;
let serial = 0;
beforeAll(async () => {
  t = await buildTestApp();
  const lead = await t.login('vertriebsleitung@example.com');
  categoryId = (await t.as(lead, { method: 'POST', url: '/api/category', payload: { category: { name: 'Offline-Sortiment', contactPersons: [] } } })).json().category.id;
  [{ id: maker }] = (await t.db.select({ id: manufacturers.id }).from(manufacturers).limit(1)) as [{ id: string }];
  const [verkauf] = await t.db.select({ locationId: users.locationId }).from(users).where(eq(users.email, 'verkauf@example.com'));
  koeln = verkauf!.locationId;
});
afterAll(() => t.close());

const as = async (email: string, opts: Parameters<TestContext['as']>[1]) => t.as(await t.login(email), opts);

/** A valid EAN-13 from 12 digits. */
const ean = (first12: string) => first12 + eanCheckDigit(first12);

async function create(over: Record<string, unknown> = {}) {
  serial++;
  const payload = { article: { number: `O-${String(serial).padStart(3, '0')}`, ean: ean(`40000000${String(700 + serial).padStart(4, '0')}`), name: 'Laminat', decor: `Dekor ${serial}`, manufacturer: maker, category: categoryId, package: 8, ...over } };
  const res = await as('vertrieb@example.com', { method: 'POST', url: '/api/article', payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().article as { id: string; ean: string; number: string };
}

const update = (email: string, payload: Record<string, unknown>) => as(email, { method: 'POST', url: '/api/article/updatestock', payload });
const historyOf = (articleId: string) =>
  t.db.select({ before: stockHistory.before, after: stockHistory.after, clientChangeId: stockHistory.clientChangeId }).from(stockHistory).where(eq(stockHistory.articleId, articleId)).orderBy(asc(stockHistory.createdAt));
const stockOf = async (articleId: string) =>
  (await t.db.select({ count: articleStocks.count }).from(articleStocks).where(and(eq(articleStocks.articleId, articleId), eq(articleStocks.locationId, koeln))))[0]?.count ?? null;

describe('a count with the device’s id (clientChangeId)', () => {
  it('is written once: a repeat answers the first result and writes nothing, even after a colleague’s change', async () => {
    const a = await create();
    const id = randomUUID();
    const first = await update('verkauf@example.com', { ean: a.ean, location: koeln, count: 5, clientChangeId: id });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ before: null, after: 5 });
    // A colleague counts 7 in between; the device, whose answer got lost, sends its count again.
    expect((await update('filialleitung@example.com', { ean: a.ean, location: koeln, count: 7 })).statusCode).toBe(200);
    const again = await update('verkauf@example.com', { ean: a.ean, location: koeln, count: 5, clientChangeId: id.toUpperCase() });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ before: null, after: 5, article: { id: a.id, stock: 7 } });
    expect(await historyOf(a.id)).toEqual([
      { before: null, after: 5, clientChangeId: id },
      { before: 5, after: 7, clientChangeId: null },
    ]);
    expect(await stockOf(a.id)).toBe(7);
  });

  it('sent twenty times at once gives one history row, on a counted and on a never counted article', async () => {
    const token = await t.login('verkauf@example.com');
    const counted = await create();
    await t.as(token, { method: 'POST', url: '/api/article/updatestock', payload: { ean: counted.ean, location: koeln, count: 3 } });
    const fresh = await create();
    for (const a of [counted, fresh]) {
      const id = randomUUID();
      const results = await Promise.all(
        Array.from({ length: 20 }, () => t.as(token, { method: 'POST', url: '/api/article/updatestock', payload: { articleId: a.id, location: koeln, count: 11, clientChangeId: id } })),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect(new Set(results.map((r) => JSON.stringify([r.json().before, r.json().after]))).size).toBe(1);
      const rows = await historyOf(a.id);
      expect(rows.filter((r) => r.clientChangeId === id)).toHaveLength(1);
      expect(await stockOf(a.id)).toBe(11);
    }
    expect(await historyOf(counted.id)).toHaveLength(2);
    expect(await historyOf(fresh.id)).toHaveLength(1);
  });

  it('belongs to one count: the same id from another person or for another article is refused, nothing changes', async () => {
    const a = await create();
    const b = await create();
    const id = randomUUID();
    await update('verkauf@example.com', { ean: a.ean, location: koeln, count: 4, clientChangeId: id });
    for (const [email, article] of [
      ['filialleitung@example.com', a],
      ['verkauf@example.com', b],
    ] as const) {
      const res = await update(email, { ean: article.ean, location: koeln, count: 9, clientChangeId: id });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({ code: 'client_change_id_used', message: MSG.stockClientChangeIdUsed });
    }
    expect(await stockOf(a.id)).toBe(4);
    expect(await stockOf(b.id)).toBeNull();
    expect(await historyOf(b.id)).toHaveLength(0);
  });

  it('refuses ids that are not UUIDs and bases that are not counts with a German 400; nothing changes', async () => {
    const a = await create();
    await update('verkauf@example.com', { ean: a.ean, location: koeln, count: 2 });
    const before = (await t.db.select({ n: count() }).from(stockHistory))[0]!.n;
    for (const [extra, message] of [
      [{ clientChangeId: 'abc' }, MSG.stockClientChangeIdInvalid],
      [{ clientChangeId: 42 }, MSG.stockClientChangeIdInvalid],
      // A NUL byte is refused before any field is read.
      [{ clientChangeId: `${randomUUID()}\u0000` }, MSG.invalidCharacters],
      [{ clientChangeId: 'x'.repeat(100_000) }, MSG.stockClientChangeIdInvalid],
      [{ baseCount: -1 }, MSG.stockBaseCountInvalid],
      [{ baseCount: 1.5 }, MSG.stockBaseCountInvalid],
      [{ baseCount: '2' }, MSG.stockBaseCountInvalid],
      [{ baseCount: 1e300 }, MSG.stockBaseCountInvalid],
    ] as const) {
      const res = await update('verkauf@example.com', { ean: a.ean, location: koeln, count: 8, ...extra });
      expect(res.statusCode, JSON.stringify(extra).slice(0, 80)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await t.db.select({ n: count() }).from(stockHistory))[0]!.n).toBe(before);
    expect(await stockOf(a.id)).toBe(2);
  });
});

describe('a count with the stock the device saw (baseCount)', () => {
  it('is written while its base holds, and refused with 409 {current, yours} once it no longer does; nothing changes', async () => {
    const a = await create();
    // Not counted yet: the device saw nothing (null).
    let res = await update('verkauf@example.com', { ean: a.ean, location: koeln, count: 6, baseCount: null, clientChangeId: randomUUID() });
    expect(res.statusCode, res.body).toBe(200);
    res = await update('verkauf@example.com', { ean: a.ean, location: koeln, count: 8, baseCount: 6 });
    expect(res.json()).toMatchObject({ before: 6, after: 8 });
    // A colleague counted 8 → 10 while the device was offline with 8 as its base... it still holds for the colleague's base.
    await update('filialleitung@example.com', { ean: a.ean, location: koeln, count: 10 });
    const stale = await update('verkauf@example.com', { ean: a.ean, location: koeln, count: 9, baseCount: 8, clientChangeId: randomUUID() });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      current: 10,
      yours: 9,
      changedBy: expect.stringMatching(/\S+ \S+/),
      changedAt: expect.stringMatching(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/),
      error: { code: 'stock_changed', message: 'Der Bestand wurde inzwischen geändert: jetzt 10, Ihre Zählung 9. Bitte bestätigen oder verwerfen Sie Ihre Zählung.' },
    });
    expect(await stockOf(a.id)).toBe(10);
    expect(await historyOf(a.id)).toHaveLength(3);
    // 'Zählung übernehmen': the device sends it again on the base it was shown.
    res = await update('verkauf@example.com', { ean: a.ean, location: koeln, count: 9, baseCount: 10 });
    expect(res.json()).toMatchObject({ before: 10, after: 9 });
  });

  it('tells counted from not counted: null on a counted article and a number on an uncounted one are stale', async () => {
    const counted = await create();
    await update('verkauf@example.com', { ean: counted.ean, location: koeln, count: 1 });
    const res = await update('verkauf@example.com', { ean: counted.ean, location: koeln, count: 2, baseCount: null });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ current: 1, yours: 2 });
    const fresh = await create();
    const none = await update('verkauf@example.com', { ean: fresh.ean, location: koeln, count: 2, baseCount: 0 });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ current: null, yours: 2, changedBy: null, changedAt: null });
    expect(none.json().error.message).toContain('jetzt nicht gezählt');
    expect(await stockOf(fresh.id)).toBeNull();
  });

  it('answers a repeat of a written count with its first result although the base moved on', async () => {
    const a = await create();
    await update('verkauf@example.com', { ean: a.ean, location: koeln, count: 1 });
    const id = randomUUID();
    expect((await update('verkauf@example.com', { ean: a.ean, location: koeln, count: 2, baseCount: 1, clientChangeId: id })).statusCode).toBe(200);
    await update('filialleitung@example.com', { ean: a.ean, location: koeln, count: 3 });
    const again = await update('verkauf@example.com', { ean: a.ean, location: koeln, count: 2, baseCount: 1, clientChangeId: id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ before: 1, after: 2 });
    expect(await stockOf(a.id)).toBe(3);
  });
});

describe('the device’s copy of a category (GET /article/offline/{category})', () => {
  it('holds number, EANs, name, decor, package and the stock at the location, of the articles the person sees', async () => {
    const a = await create({ scanList: [ean('400000009901')] });
    const hidden = await create();
    await as('vertriebsleitung@example.com', { method: 'PUT', url: `/api/article/${hidden.id}/active`, payload: { active: false } });
    await update('verkauf@example.com', { ean: a.ean, location: koeln, count: 12 });
    const res = await as('verkauf@example.com', { method: 'GET', url: `/api/article/offline/${categoryId}?location=${koeln}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { articles: { id: string; eans: string[]; count: number | null }[]; next: string | null };
    expect(body.next).toBeNull();
    expect(body.articles.find((x) => x.id === a.id)).toEqual({ id: a.id, number: a.number, name: 'Laminat', decor: expect.stringMatching(/^Dekor/), package: 8, eans: [a.ean, ean('400000009901')].sort(), count: 12 });
    expect(body.articles.some((x) => x.id === hidden.id)).toBe(false);
    // Whoever may switch articles sees the inactive one too (the list's rule).
    const lead = (await as('vertriebsleitung@example.com', { method: 'GET', url: `/api/article/offline/${categoryId}` })).json() as typeof body;
    expect(lead.articles.find((x) => x.id === hidden.id)).toMatchObject({ count: null });
    // In number order; `after` continues behind an article.
    const numbers = lead.articles.map((x) => (x as unknown as { number: string }).number);
    expect(numbers).toEqual([...numbers].sort());
    const rest = (await as('vertriebsleitung@example.com', { method: 'GET', url: `/api/article/offline/${categoryId}?after=${lead.articles[0]!.id}` })).json() as typeof body;
    expect(rest.articles.map((x) => x.id)).toEqual(lead.articles.slice(1).map((x) => x.id));
    expect(OFFLINE_PAGE_SIZE).toBeGreaterThan(lead.articles.length);
  });

  it('is for people who see the assortment; bad ids are a German 400', async () => {
    expect((await as('verkauf@example.com', { method: 'GET', url: `/api/article/offline/${categoryId}?location=nein` })).statusCode).toBe(400);
    expect((await as('verkauf@example.com', { method: 'GET', url: '/api/article/offline/nein' })).json().error.message).toMatch(/\S/);
    const unauth = await t.app.inject({ method: 'GET', url: `/api/article/offline/${categoryId}` });
    expect(unauth.statusCode).toBe(401);
  });
});
