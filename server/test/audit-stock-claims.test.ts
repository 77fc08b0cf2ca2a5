import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { claimStatuses } from '../src/modules/lists/lists.table.ts';
import { locations } from '../src/modules/locations/locations.table.ts';
import { articles, articleStocks } from '../src/modules/stock/stock.table.ts';
import { users } from '../src/modules/users/users.table.ts';
import { stockAuditRecord } from '../src/modules/stock/stock-audit.ts';
import { changedFields } from '../src/platform/audit.ts';
import { auditLog } from '../src/platform/audit.table.ts';
import { buildTestApp, type TestContext } from './helpers.ts';

/**
 * The audit trail of stock corrections and claim bookings: one entry per change, written with
 * it, none for a refused request or a repeat that changes nothing.
 */
let t: TestContext;
let koeln: string;
let elsewhere: string;
let depot: string;
let statusId: string;
const ids: Record<string, string> = {};
type Article = { id: string; number: string; ean: string };
let stocked: Article[];

beforeAll(async () => {
  t = await buildTestApp();
  for (const u of await t.db.select({ id: users.id, email: users.email }).from(users)) ids[u.email] = u.id;
  [{ locationId: koeln }] = (await t.db.select({ locationId: users.locationId }).from(users).where(eq(users.email, 'verkauf@example.com'))) as [{ locationId: string }];
  const [other] = await t.db.select({ id: locations.id }).from(locations).where(sql`${locations.id} <> ${koeln}`).orderBy(asc(locations.name)).limit(1);
  elsewhere = other!.id;
  // A new location has counted nothing: its first counts take the path that creates the stock row.
  [{ id: depot }] = (await t.db.insert(locations).values({ name: 'Audit-Lager' }).returning({ id: locations.id })) as [{ id: string }];
  statusId = (await t.db.select({ id: claimStatuses.id }).from(claimStatuses).limit(1))[0]!.id;
  stocked = await t.db
    .select({ id: articles.id, number: articles.number, ean: articles.ean })
    .from(articles)
    .innerJoin(articleStocks, and(eq(articleStocks.articleId, articles.id), eq(articleStocks.locationId, koeln)))
    .where(eq(articles.active, true))
    .orderBy(asc(articles.number))
    .limit(8);
});
afterAll(() => t.close());

const as = async (email: string, opts: Parameters<TestContext['as']>[1]) => t.as(await t.login(email), opts);
const entries = (entity: string, entityId: string) =>
  t.db
    .select({ actorId: auditLog.actorId, ip: auditLog.ip, entity: auditLog.entity, entityId: auditLog.entityId, action: auditLog.action, subjectId: auditLog.subjectId, changes: auditLog.changes, sealed: auditLog.sealed })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.id));
const total = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;

/** An entry as the trail should hold it: by this person, from the injected request's address. */
const entry = (email: string, over: Record<string, unknown>) => ({ actorId: ids[email], ip: '127.0.0.1', subjectId: null, sealed: null, ...over });

describe('stock corrections', () => {
  const update = (email: string, payload: Record<string, unknown>) => as(email, { method: 'POST', url: '/api/article/updatestock', payload });
  /** What audit() keeps of the record a count hands it. */
  const countChange = (a: Article, before: number | null, after: number) => {
    const record = stockAuditRecord({ articleId: a.id, locationId: '', userId: '', ip: '', articleNumber: a.number }, before, after);
    return changedFields(record.before, record.after);
  };
  const stockEntry = (email: string, a: Article, location: string, changes: unknown) => entry(email, { entity: 'stock', entityId: `${a.id}:${location}`, action: 'update', changes });

  it('records a first count and a recount with before, after and the article number; a count that confirms the stock records nothing', async () => {
    const a = stocked[0]!;
    expect((await update('vertriebsleitung@example.com', { ean: a.ean, location: depot, count: 4 })).statusCode).toBe(200);
    expect((await update('vertriebsleitung@example.com', { articleId: a.id, location: depot, count: 9 })).statusCode).toBe(200);
    expect((await update('vertriebsleitung@example.com', { ean: a.ean, location: depot, count: 9 })).statusCode).toBe(200);
    expect(await entries('stock', `${a.id}:${depot}`)).toEqual([
      stockEntry('vertriebsleitung@example.com', a, depot, [{ field: 'count', before: null, after: 4 }, { field: 'article', before: null, after: a.number }]),
      stockEntry('vertriebsleitung@example.com', a, depot, [{ field: 'count', before: 4, after: 9 }, { field: 'article', before: null, after: a.number }]),
    ]);
  });

  it('writes in the count’s own statement what audit() writes for the same change', async () => {
    const a = stocked[1]!;
    const [{ count: now }] = (await t.db.select({ count: articleStocks.count }).from(articleStocks).where(and(eq(articleStocks.articleId, a.id), eq(articleStocks.locationId, koeln)))) as [{ count: number }];
    const res = await update('verkauf@example.com', { ean: a.ean, location: koeln, count: now + 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await entries('stock', `${a.id}:${koeln}`)).toEqual([stockEntry('verkauf@example.com', a, koeln, countChange(a, now, now + 3))]);
    expect(countChange(a, now, now + 3)).toEqual([{ field: 'count', before: now, after: now + 3 }, { field: 'article', before: null, after: a.number }]);
  });

  it('records nothing for a refused count: another branch (403), an unknown location (400), a stale base (409)', async () => {
    const a = stocked[2]!;
    const before = await total();
    const refused = [
      ['verkauf@example.com', { ean: a.ean, location: elsewhere, count: 5 }, 403],
      ['vertriebsleitung@example.com', { ean: a.ean, location: randomUUID(), count: 5 }, 400],
      ['verkauf@example.com', { ean: a.ean, location: koeln, count: 5, baseCount: null }, 409],
      ['verkauf@example.com', { ean: a.ean, location: koeln, count: -1 }, 400],
    ] as const;
    for (const [email, payload, status] of refused) expect((await update(email, payload)).statusCode, JSON.stringify(payload)).toBe(status);
    expect(await total()).toBe(before);
  });

  it('records an offline count once, however often its clientChangeId arrives, on a counted and on a never counted stock', async () => {
    for (const [a, location] of [[stocked[3]!, koeln], [stocked[4]!, depot]] as const) {
      const body = { ean: a.ean, location, count: 17, clientChangeId: randomUUID() };
      const email = location === koeln ? 'verkauf@example.com' : 'vertriebsleitung@example.com';
      expect((await update(email, body)).statusCode).toBe(200);
      const answers = await Promise.all(Array.from({ length: 5 }, () => update(email, body)));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(await entries('stock', `${a.id}:${location}`), location).toHaveLength(1);
    }
  });

  it('records a repeat sent at once with the first on a never counted stock once', async () => {
    const a = stocked[5]!;
    const body = { ean: a.ean, location: depot, count: 3, clientChangeId: randomUUID() };
    const answers = await Promise.all(Array.from({ length: 6 }, () => update('vertriebsleitung@example.com', body)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(await entries('stock', `${a.id}:${depot}`)).toEqual([stockEntry('vertriebsleitung@example.com', a, depot, countChange(a, null, 3))]);
  });
});

describe('claims', () => {
  const claimBody = (over: Record<string, unknown> = {}) => ({
    claim: { type: 'customer-item', locationId: koeln, customerName: 'Familie Auditmann', customerInvoice: 'RE-0815', orderNumberOnlineshop: 'WEB-77', ...over },
  });
  const checklist = (over: Record<string, unknown> = {}) => ({ checklist: { scenario: null, lueckentext: {}, ...over } });
  async function create() {
    const res = await as('verkauf@example.com', { method: 'POST', url: '/api/claims', payload: claimBody() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().claim as { id: string; number: string };
  }

  it('records a new claim with number, type, location and status, without the customer’s data', async () => {
    const c = await create();
    const [created] = await entries('claim', c.id);
    expect(created).toEqual(
      entry('verkauf@example.com', {
        entity: 'claim',
        entityId: c.id,
        action: 'create',
        changes: [
          { field: 'number', before: null, after: c.number },
          { field: 'type', before: null, after: 'customer-item' },
          { field: 'locationId', before: null, after: koeln },
        ],
      }),
    );
    expect(JSON.stringify(created)).not.toMatch(/Auditmann|RE-0815|WEB-77/);
  });

  it('records a status change of the information tab, and nothing for a change of the customer’s details or a refused one', async () => {
    const c = await create();
    const put = (email: string, over: Record<string, unknown>) => as(email, { method: 'PUT', url: `/api/claims/${c.id}`, payload: claimBody(over) });
    expect((await put('verkauf@example.com', { customerName: 'Familie Auditmann-Neu' })).statusCode).toBe(200);
    expect((await put('verkauf@example.com', { status: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(400);
    expect((await put('verkauf@example.com', { locationId: elsewhere })).statusCode).toBe(400);
    expect((await put('verkauf@example.com', { status: statusId })).statusCode).toBe(200);
    const all = await entries('claim', c.id);
    expect(all.map((e) => e.action)).toEqual(['create', 'update']);
    expect(all[1]).toEqual(entry('verkauf@example.com', { entity: 'claim', entityId: c.id, action: 'update', changes: [{ field: 'statusId', before: null, after: statusId }] }));
  });

  it('records completing and booking the checklist with the steps before and after, not the customer’s e-mail', async () => {
    const c = await create();
    const url = `/api/checklist/${c.id}`;
    const done = await as('verkauf@example.com', { method: 'PUT', url, payload: checklist({ scenario: '3', completed: true, email: 'kunde@example.org' }) });
    expect(done.statusCode, done.body).toBe(200);
    const completedAt = done.json().claim.checklist.completed as string;
    // Refused: Verkauf books nothing and the completed claim is read-only for them.
    expect((await as('verkauf@example.com', { method: 'PUT', url, payload: checklist({ scenario: '3', completed: true, baNumber: 'BA-9' }) })).statusCode).toBe(403);
    const booked = await as('buchhaltung@example.com', { method: 'PUT', url, payload: checklist({ scenario: '3', completed: true, stockUpdated: true, baNumber: 'BA-2026-99' }) });
    expect(booked.statusCode, booked.body).toBe(200);
    const all = await entries('claim', c.id);
    expect(all.map((e) => [e.action, e.actorId])).toEqual([
      ['create', ids['verkauf@example.com']],
      ['update', ids['verkauf@example.com']],
      ['update', ids['buchhaltung@example.com']],
    ]);
    expect(all[1]!.changes).toEqual([{ field: 'completed', before: null, after: new Date(completedAt).toISOString() }]);
    expect(all[2]!.changes).toEqual([
      { field: 'stockUpdated', before: false, after: true },
      { field: 'baNumber', before: '', after: 'BA-2026-99' },
    ]);
    expect(JSON.stringify(all)).not.toContain('kunde@example.org');
  });

  it('records a stock correction booked from a claim as the claim’s booking, and nothing for a refused one', async () => {
    const [a] = stocked.slice(6);
    const c = await create();
    expect((await as('verkauf@example.com', { method: 'PUT', url: `/api/checklist/${c.id}`, payload: checklist({ lueckentext: { articleId: a!.id, articleNumber: a!.number } }) })).statusCode).toBe(200);
    expect((await as('vertriebsleitung@example.com', { method: 'POST', url: '/api/article/updatestock', payload: { articleId: a!.id, location: koeln, count: 10 } })).statusCode).toBe(200);
    const stockEntries = (await entries('stock', `${a!.id}:${koeln}`)).length;
    const correct = (email: string, body: Record<string, unknown>) => as(email, { method: 'POST', url: `/api/claims/${c.id}/stockcorrection`, payload: body });
    const before = await total();
    expect((await correct('verkauf@example.com', { articleId: a!.id, locationId: koeln, quantity: 1 })).statusCode).toBe(403);
    expect((await correct('vertriebsleitung@example.com', { articleId: a!.id, locationId: koeln, quantity: 11 })).statusCode).toBe(400);
    expect(await total()).toBe(before);

    expect((await correct('vertriebsleitung@example.com', { articleId: a!.id, locationId: koeln, quantity: 3 })).statusCode).toBe(200);
    const all = await entries('claim', c.id);
    expect(all.at(-1)).toEqual(
      entry('vertriebsleitung@example.com', {
        entity: 'claim',
        entityId: c.id,
        action: 'update',
        changes: [
          { field: 'stockUpdated', before: false, after: true },
          { field: 'articleId', before: null, after: a!.id },
          { field: 'articleNumber', before: null, after: a!.number },
          { field: 'locationId', before: null, after: koeln },
          { field: 'quantity', before: null, after: 3 },
          { field: 'stockBefore', before: null, after: 10 },
          { field: 'stockAfter', before: null, after: 7 },
        ],
      }),
    );
    // The correction is the claim's entry, not a second one of the stock.
    expect(all.map((e) => e.action)).toEqual(['create', 'update']);
    expect(await entries('stock', `${a!.id}:${koeln}`)).toHaveLength(stockEntries);
  });

  it('records nothing for a refused new claim', async () => {
    const before = await total();
    const res = await as('verkauf@example.com', { method: 'POST', url: '/api/claims', payload: claimBody({ locationId: elsewhere }) });
    expect(res.statusCode).toBe(403);
    expect(await total()).toBe(before);
  });
});
