import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { currentYear } from '@filialportal/core/berlin-time';
import { claimFiles, claims, claimStockCorrections } from '../src/modules/claims/claims.table.ts';
import { articleEans, articles, articleStocks, stockHistory } from '../src/modules/stock/stock.table.ts';
import { files } from '../src/platform/files.table.ts';
import { claimStatuses } from '../src/modules/lists/lists.table.ts';
import { locations } from '../src/modules/locations/locations.table.ts';
import { users } from '../src/modules/users/users.table.ts';
import { buildTestApp, countStored, type TestContext } from './helpers.ts';
import { readPdf } from './pdf-text.ts';
import { readXlsx } from './xlsx.ts';

let t: TestContext;
let koeln: string;
let elsewhere: string;
let statusId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const [verkauf] = await t.db.select({ locationId: users.locationId }).from(users).where(eq(users.email, 'verkauf@example.com'));
  koeln = verkauf!.locationId;
  const [other] = await t.db.select({ id: locations.id }).from(locations).where(sql`${locations.id} <> ${koeln}`).orderBy(asc(locations.name)).limit(1);
  elsewhere = other!.id;
  statusId = (await t.db.select({ id: claimStatuses.id }).from(claimStatuses).limit(1))[0]!.id;
});
afterAll(() => t.close());

// t.login keeps one token per person.
const as = async (email: string, opts: Parameters<TestContext['as']>[1]) => t.as(await t.login(email), opts);
const claimCount = async () => (await t.db.select({ n: count() }).from(claims))[0]!.n;

const claimBody = (over: Record<string, unknown> = {}) => ({ claim: { type: 'customer-item', locationId: koeln, customerName: 'Familie Berger', customerInvoice: 'RE-4711', ...over } });

async function create(email = 'verkauf@example.com', over: Record<string, unknown> = {}) {
  const res = await as(email, { method: 'POST', url: '/api/claims', payload: claimBody(over) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().claim as { id: string; number: string; checklist: Record<string, unknown> & { lueckentext: Record<string, unknown> } };
}

const checklist = (over: Record<string, unknown> = {}) => ({ checklist: { scenario: null, lueckentext: {}, ...over } });
const list = async (email: string, query: string) => (await as(email, { method: 'GET', url: `/api/claims/list/0?${query}` })).json() as { claims: { id: string; number: string; open: boolean }[]; count: number; new: number };

describe('recording claims', () => {
  it('Verkauf records a customer claim for the own branch; it gets the next number of the year and is open', async () => {
    const before = await claimCount();
    const c = await create();
    expect(c.number).toMatch(new RegExp(`^${currentYear()}-\\d{4}$`));
    expect(await claimCount()).toBe(before + 1);
    const open = await list('verkauf@example.com', 'completed=false');
    expect(open.claims.map((x) => x.id)).toContain(c.id);
    const row = open.claims.find((x) => x.id === c.id)!;
    expect(row).toMatchObject({ open: true, customerName: 'Familie Berger', location: { id: koeln }, createdBy: { name: expect.stringMatching(/\S+ \S+/), group: 'Verkauf' } });
    expect((row as unknown as { createdAtFormated: string }).createdAtFormated).toMatch(/^\d{2}\.\d{2}\.\d{2}, \d{2}:\d{2} Uhr$/);
    expect(c.checklist).toMatchObject({ completed: null, scenario: null, pictures: [], complaintForm: null });
  });

  it('asks for the fields each type needs with „Pflichtfeld!“ and saves nothing', async () => {
    const before = await claimCount();
    for (const [over, field] of [
      [{ type: 'customer-item', customerName: '' }, 'customerName'],
      [{ type: 'stock-item', supplierName: '' }, 'supplierName'],
      [{ type: 'hauler-item', haulerName: '' }, 'haulerName'],
      [{ type: 'something' }, 'type'],
    ] as const) {
      const res = await as('verkauf@example.com', { method: 'POST', url: '/api/claims', payload: claimBody(over) });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.message).toBe(MSG.requiredField);
      expect(JSON.stringify(res.json().error)).toContain(field);
    }
    expect(await claimCount()).toBe(before);
    // A stock claim needs the manufacturer, not the customer.
    await create('verkauf@example.com', { type: 'stock-item', customerName: '', supplierName: 'Parador' });
  });

  it('limits the location to the own one, or to the allowed claim locations; the location of a claim stays', async () => {
    const before = await claimCount();
    const other = await as('verkauf@example.com', { method: 'POST', url: '/api/claims', payload: claimBody({ locationId: elsewhere }) });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe(MSG.claimLocationNotAllowed);
    expect(await claimCount()).toBe(before);

    const theirs = await create('buchhaltung@example.com', { locationId: elsewhere, customerName: 'Anderswo GmbH' });
    expect((await as('verkauf@example.com', { method: 'GET', url: `/api/claims/${theirs.id}` })).statusCode).toBe(404);
    expect((await list('verkauf@example.com', 'completed=false')).claims.map((c) => c.id)).not.toContain(theirs.id);

    // With allowed claim locations the account sees those instead of its own.
    await t.db.update(users).set({ allowedLocationsClaim: [elsewhere] }).where(eq(users.email, 'azubi@example.com'));
    const azubi = await list('azubi@example.com', 'completed=false');
    expect(azubi.claims.map((c) => c.id)).toContain(theirs.id);
    expect(azubi.claims.every((c) => (c as unknown as { location: { id: string } }).location.id === elsewhere)).toBe(true);

    const moved = await as('buchhaltung@example.com', { method: 'PUT', url: `/api/claims/${theirs.id}`, payload: claimBody({ locationId: koeln, customerName: 'Anderswo GmbH' }) });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.message).toBe(MSG.claimLocationFixed);
    const stored = (await t.db.select({ locationId: claims.locationId }).from(claims).where(eq(claims.id, theirs.id)))[0]!;
    expect(stored.locationId).toBe(elsewhere);
  });

  it('changes the information tab and refuses an unknown status', async () => {
    const c = await create();
    const res = await as('verkauf@example.com', { method: 'PUT', url: `/api/claims/${c.id}`, payload: claimBody({ customerName: 'Familie Berger-Lang', status: statusId, priority: 3 }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().claim).toMatchObject({ customerName: 'Familie Berger-Lang', status: { id: statusId }, priority: 3 });
    const bad = await as('verkauf@example.com', { method: 'PUT', url: `/api/claims/${c.id}`, payload: claimBody({ status: '00000000-0000-4000-8000-000000000000' }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(MSG.claimStatusUnknown);
    expect((await t.db.select({ name: claims.customerName }).from(claims).where(eq(claims.id, c.id)))[0]!.name).toBe('Familie Berger-Lang');
  });
});

describe('the checklist', () => {
  it('computes the square metres, keeps the time stamps, and unlocks the supplier fields only after forwarding', async () => {
    const c = await create();
    const url = `/api/checklist/${c.id}`;
    const early = await as('verkauf@example.com', { method: 'PUT', url, payload: checklist({ supplierClaimNumber: 'L-1' }) });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe(MSG.claimSupplierFirst);

    const lueckentext = { articleNumber: 'V-100', packageContent: '2,22', packageCount: 3, additionalArticles: [{ articleNumber: 'V-200', packageContent: 1.5, packageCount: '4' }] };
    const first = await as('verkauf@example.com', { method: 'PUT', url, payload: checklist({ forwardedToSupplier: true, supplierClaimNumber: 'L-1', lueckentext }) });
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json().claim.checklist;
    expect(saved.lueckentext).toMatchObject({ surfaceSize: 6.66, additionalArticles: [{ surfaceSize: 6 }] });
    expect(saved.forwardedToSupplier).not.toBeNull();
    const again = (await as('verkauf@example.com', { method: 'PUT', url, payload: checklist({ forwardedToSupplier: true, supplierClaimNumber: 'L-1', lueckentext }) })).json().claim.checklist;
    expect(again.forwardedToSupplier).toBe(saved.forwardedToSupplier);
  });

  it('completes only with a scenario; then it is closed for Verkauf, open for the booking roles until booked, and read-only for non-bookers', async () => {
    const c = await create();
    const url = `/api/checklist/${c.id}`;
    const missing = await as('verkauf@example.com', { method: 'PUT', url, payload: checklist({ completed: true }) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Scenario ist ein Pflichtfeld');
    expect((await t.db.select({ completed: claims.completed }).from(claims).where(eq(claims.id, c.id)))[0]!.completed).toBeNull();

    const booking = await as('verkauf@example.com', { method: 'PUT', url, payload: checklist({ scenario: '3', baNumber: 'BA-1' }) });
    expect(booking.statusCode).toBe(403);
    expect(booking.json().error.message).toBe(MSG.claimBookingNotAllowed);

    const done = await as('verkauf@example.com', { method: 'PUT', url, payload: checklist({ scenario: '3', completed: true, additionalInfo: 'Kunde informiert' }) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().claim).toMatchObject({ open: false, editable: false, checklist: { scenario: '3' } });
    expect((await list('verkauf@example.com', 'completed=true')).claims.map((x) => x.id)).toContain(c.id);
    expect((await list('verkauf@example.com', 'completed=false')).claims.map((x) => x.id)).not.toContain(c.id);
    expect((await list('buchhaltung@example.com', 'completed=false')).claims.map((x) => x.id)).toContain(c.id);

    const late = await as('verkauf@example.com', { method: 'PUT', url, payload: checklist({ scenario: '4', completed: true }) });
    expect(late.statusCode).toBe(403);
    expect(late.json().error.message).toBe(MSG.claimReadOnly);
    const lateInfo = await as('verkauf@example.com', { method: 'PUT', url: `/api/claims/${c.id}`, payload: claimBody({ customerName: 'Geändert' }) });
    expect(lateInfo.statusCode).toBe(403);
    const row = (await t.db.select({ scenario: claims.scenario, name: claims.customerName }).from(claims).where(eq(claims.id, c.id)))[0]!;
    expect(row).toEqual({ scenario: '3', name: 'Familie Berger' });

    const booked = await as('buchhaltung@example.com', { method: 'PUT', url, payload: checklist({ scenario: '3', completed: true, additionalInfo: 'Kunde informiert', stockUpdated: true, baNumber: 'BA-2026-17' }) });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json().claim).toMatchObject({ open: false, stockUpdated: true, baNumber: 'BA-2026-17', bookable: true });
    expect((await list('buchhaltung@example.com', 'completed=true')).claims.map((x) => x.id)).toContain(c.id);
    expect((await list('buchhaltung@example.com', 'completed=false')).claims.map((x) => x.id)).not.toContain(c.id);
  });

  it('refuses oversized and odd input with a message and changes nothing', async () => {
    const c = await create();
    for (const payload of [
      checklist({ additionalInfo: 'x'.repeat(10_001) }),
      checklist({ scenario: '10' }),
      checklist({ email: 'kein-postfach' }),
      checklist({ lueckentext: { packageCount: -1 } }),
      checklist({ lueckentext: { additionalArticles: Array.from({ length: 21 }, () => ({})) } }),
    ]) {
      const res = await as('verkauf@example.com', { method: 'PUT', url: `/api/checklist/${c.id}`, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    const row = (await t.db.select({ info: claims.additionalInfo, scenario: claims.scenario }).from(claims).where(eq(claims.id, c.id)))[0]!;
    expect(row).toEqual({ info: '', scenario: null });
  });
});

describe('the lists', () => {
  it('find by number, sort, page and count what is new since the last visit', async () => {
    expect((await as('verkauf@example.com', { method: 'PUT', url: '/api/seen/claims' })).statusCode).toBe(200);
    expect((await list('verkauf@example.com', 'completed=false')).new).toBe(0);
    const c = await create();
    const seen = await list('verkauf@example.com', 'completed=false');
    expect(seen.new).toBe(1);
    const seq = c.number.split('-')[1]!;
    const found = await list('verkauf@example.com', `completed=false&number=${seq}`);
    expect(found.claims.map((x) => x.number)).toEqual([c.number]);
    const ascending = await list('verkauf@example.com', 'completed=false&sort=number');
    const numbers = ascending.claims.map((x) => x.number);
    expect(numbers).toEqual([...numbers].sort());
    expect(ascending.count).toBe(seen.count);
    const year = await list('verkauf@example.com', `completed=false&year=${currentYear() - 1}`);
    expect(year.claims).toEqual([]);
    const badYear = await as('verkauf@example.com', { method: 'GET', url: '/api/claims/list/0?year=20x6' });
    expect(badYear.statusCode).toBe(400);
    const badSort = await as('verkauf@example.com', { method: 'GET', url: '/api/claims/list/0?sort=password' });
    expect(badSort.statusCode).toBe(400);
  });

  it('exports with claim_can_export only', async () => {
    expect((await as('verkauf@example.com', { method: 'POST', url: `/api/exportclaim/${koeln}` })).statusCode).toBe(403);
    const res = await as('buchhaltung@example.com', { method: 'POST', url: `/api/exportclaim/${koeln}?year=${currentYear()}` });
    expect(res.statusCode).toBe(200);
    const rows = await readXlsx(res);
    expect(rows[0]!.slice(0, 3)).toEqual(['Nummer', 'Datum', 'Art']);
    const inKoeln = (await t.db.select({ n: count() }).from(claims).where(and(eq(claims.locationId, koeln), eq(claims.year, currentYear()))))[0]!.n;
    expect(rows).toHaveLength(inKoeln + 1);
    expect(rows[1]![2]).toMatch(/Kundenware|Lagerware|Speditionsschaden/);
  });
});

describe('numbers', () => {
  it('are unique and gap-free per year when twenty people record at once, and a refused create takes no number', async () => {
    const year = currentYear();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        as('buchhaltung@example.com', { method: 'POST', url: '/api/claims', payload: claimBody(i === 7 ? { status: '00000000-0000-4000-8000-000000000000' } : { customerName: `Kunde ${i}` }) }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(19);
    expect(results[7]!.statusCode).toBe(400);
    const seqs = (await t.db.select({ seq: claims.seq }).from(claims).where(eq(claims.year, year)).orderBy(asc(claims.seq))).map((r) => r.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1 + (seqs[0]! - 1)));
    expect(seqs[0]).toBe(1);
  });
});

describe('files', () => {
  const heic = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/foto.heic'));
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  const upload = (email: string, claimId: string, field: string, name: string, bytes: Buffer) =>
    as(email, { method: 'POST', url: `/api/claims/${claimId}/files/${field}?name=${encodeURIComponent(name)}`, payload: bytes, headers: { 'content-type': 'application/octet-stream' } });
  const fileRows = async (claimId: string) => t.db.select({ id: claimFiles.id, field: claimFiles.field, name: claimFiles.name }).from(claimFiles).where(eq(claimFiles.claimId, claimId));
  const storedFiles = async () => (await t.db.select({ n: count() }).from(files))[0]!.n;

  it('takes a HEIC photo as JPEG with a thumbnail, keeps the same bytes once, and shows them only to who sees the claim', async () => {
    const c = await create();
    let res = await upload('verkauf@example.com', c.id, 'pictures', 'schaden.heic', heic);
    expect(res.statusCode, res.body).toBe(200);
    const [photo] = res.json().claim.checklist.pictures;
    expect(photo).toMatchObject({ name: 'schaden.jpg', type: 'image/jpeg', thumbnailUri: expect.stringContaining('/thumbnail') });
    const before = await storedFiles();
    res = await upload('verkauf@example.com', c.id, 'pictures', 'nochmal.heic', heic);
    expect(res.statusCode).toBe(200);
    expect(res.json().claim.checklist.pictures).toHaveLength(1);
    expect(await storedFiles()).toBe(before);

    const download = await as('verkauf@example.com', { method: 'GET', url: photo.resourceUri.replace(/^\/api/, '/api') });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.headers['content-disposition']).toContain('schaden.jpg');
    expect(download.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await as('verkauf@example.com', { method: 'GET', url: photo.thumbnailUri })).statusCode).toBe(200);
    // Someone of another branch does not learn that it exists.
    expect((await as('franchise@example.com', { method: 'GET', url: photo.resourceUri })).statusCode).toBe(404);
  });

  it('keeps one complaint form, the last one', async () => {
    const c = await create();
    await upload('verkauf@example.com', c.id, 'complaintForm', 'formular.pdf', PDF);
    const res = await upload('verkauf@example.com', c.id, 'complaintForm', 'formular-neu.pdf', Buffer.concat([PDF, Buffer.from('% 2')]));
    expect(res.json().claim.checklist.complaintForm).toMatchObject({ name: 'formular-neu.pdf', type: 'application/pdf' });
    expect((await fileRows(c.id)).map((f) => f.name)).toEqual(['formular-neu.pdf']);
  });

  it('refuses a renamed file, an unknown ending, an empty file and a completed claim; nothing is kept', async () => {
    const c = await create();
    const before = await storedFiles();
    for (const [name, bytes, message] of [
      ['bild.jpg', PDF, MSG.claimFileType],
      ['rechnung.pdf', heic, MSG.claimFileType],
      ['makro.docm', PDF, MSG.claimFileType],
      ['leer.pdf', Buffer.alloc(0), MSG.claimFileUnreadable],
    ] as const) {
      const res = await upload('verkauf@example.com', c.id, 'pictures', name, bytes);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await fileRows(c.id)).toEqual([]);
    expect(await storedFiles()).toBe(before);
    await as('verkauf@example.com', { method: 'PUT', url: `/api/checklist/${c.id}`, payload: checklist({ scenario: '1', completed: true }) });
    const late = await upload('verkauf@example.com', c.id, 'pictures', 'spaet.pdf', PDF);
    expect(late.statusCode).toBe(403);
    expect(await fileRows(c.id)).toEqual([]);
  });

  it('refuses a file past its limit with 413 and a message, and keeps nothing of it', async () => {
    const c = await create();
    const before = await storedFiles();
    const bytesBefore = await countStored(t.storage);
    const big = Buffer.concat([PDF, Buffer.alloc(25 * 1024 * 1024)]);
    const res = await upload('verkauf@example.com', c.id, 'customerInvoiceUploads', 'riesig.pdf', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(MSG.claimFileTooLarge);
    expect(await fileRows(c.id)).toEqual([]);
    expect(await storedFiles()).toBe(before);
    expect(await countStored(t.storage)).toBe(bytesBefore);
  });

  it('removes a file with its bytes', async () => {
    const c = await create();
    const res = await upload('verkauf@example.com', c.id, 'customerInvoiceUploads', 'rechnung.pdf', PDF);
    const [file] = res.json().claim.checklist.customerInvoiceUploads;
    const gone = await as('verkauf@example.com', { method: 'DELETE', url: `/api/claims/${c.id}/files/${file.id}` });
    expect(gone.statusCode).toBe(200);
    expect(gone.json().claim.checklist.customerInvoiceUploads).toEqual([]);
    expect((await as('verkauf@example.com', { method: 'GET', url: file.resourceUri })).statusCode).toBe(404);
  });
});

describe('stock corrections booked from a claim', () => {
  const stockOf = async (articleId: string, locationId: string) =>
    (await t.db.select({ count: articleStocks.count }).from(articleStocks).where(and(eq(articleStocks.articleId, articleId), eq(articleStocks.locationId, locationId))))[0]?.count ?? null;
  const corrections = async () => (await t.db.select({ n: count() }).from(claimStockCorrections))[0]!.n;
  const setStock = async (articleId: string, location: string, n: number) => {
    const res = await as('vertriebsleitung@example.com', { method: 'POST', url: '/api/article/updatestock', payload: { articleId, location, count: n } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const correct = (email: string, claimId: string, body: Record<string, unknown>) => as(email, { method: 'POST', url: `/api/claims/${claimId}/stockcorrection`, payload: body });

  /** A claim of Filiale Köln with two articles picked from the search; the second is a further article. */
  async function claimWithArticles() {
    const [a, b] = await t.db.select({ id: articles.id, number: articles.number }).from(articles).where(eq(articles.active, true)).orderBy(asc(articles.number)).limit(2);
    const c = await create();
    const res = await as('verkauf@example.com', {
      method: 'PUT',
      url: `/api/checklist/${c.id}`,
      payload: checklist({ lueckentext: { articleId: a!.id, articleNumber: a!.number, packageCount: '3', additionalArticles: [{ articleId: b!.id, articleNumber: b!.number }] } }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return { claim: c, main: a!, further: b! };
  }

  it('takes the packages out of the stock, links the history row and marks the claim as stock-updated', async () => {
    const { claim, main, further } = await claimWithArticles();
    await setStock(main.id, koeln, 10);
    await setStock(further.id, koeln, 4);
    let res = await correct('vertriebsleitung@example.com', claim.id, { articleId: main.id, locationId: koeln, quantity: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const booked = res.json().claim;
    expect(booked.checklist.stockUpdated).toBe(true);
    expect(booked.stockCorrections).toEqual([
      expect.objectContaining({ articleId: main.id, articleNumber: main.number, location: 'Filiale Köln', quantity: 3, before: 10, after: 7, userName: expect.stringMatching(/\S+ \S+/) }),
    ]);
    expect(await stockOf(main.id, koeln)).toBe(7);
    // The article's history tells where the change came from.
    const history = (await as('vertriebsleitung@example.com', { method: 'GET', url: `/api/article/${main.id}/history?from=0` })).json().historyItems;
    expect(history[0]).toMatchObject({ before: 10, after: 7, reason: `Beanstandung ${claim.number}`, locationName: 'Filiale Köln' });
    const [link] = await t.db.select({ historyId: claimStockCorrections.historyId }).from(claimStockCorrections).where(eq(claimStockCorrections.claimId, claim.id));
    expect(link!.historyId).toBe(history[0].id);

    // A further article too; a negative number books packages back.
    res = await correct('vertriebsleitung@example.com', claim.id, { articleId: further.id, locationId: koeln, quantity: -2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stockOf(further.id, koeln)).toBe(6);
    expect(res.json().claim.stockCorrections.map((k: { quantity: number }) => k.quantity)).toEqual([3, -2]);
    // Everyone who sees the claim sees what was booked.
    const seen = (await as('verkauf@example.com', { method: 'GET', url: `/api/claims/${claim.id}` })).json().claim;
    expect(seen.stockCorrections).toHaveLength(2);
  });

  it('refuses who may not book or not change that stock, foreign articles, odd amounts and too little stock; nothing changes', async () => {
    const { claim, main } = await claimWithArticles();
    await setStock(main.id, koeln, 2);
    const [foreign] = await t.db.select({ id: articles.id }).from(articles).where(sql`${articles.id} <> ${main.id}`).orderBy(sql`${articles.number} desc`).limit(1);
    // A new location has counted nothing yet.
    const [uncounted] = await t.db.insert(locations).values({ name: 'Außenlager Test' }).returning({ id: locations.id });
    const before = { stock: await stockOf(main.id, koeln), corrections: await corrections(), history: (await t.db.select({ n: count() }).from(stockHistory))[0]!.n };
    const cases: [string, Record<string, unknown>, number, string | RegExp][] = [
      ['verkauf@example.com', { articleId: main.id, locationId: koeln, quantity: 1 }, 403, /.+/],
      // Buchhaltung books claims but does not change stock.
      ['buchhaltung@example.com', { articleId: main.id, locationId: koeln, quantity: 1 }, 403, MSG.claimCorrectionNotAllowed],
      ['vertriebsleitung@example.com', { articleId: foreign!.id, locationId: koeln, quantity: 1 }, 400, MSG.claimCorrectionArticle],
      ['vertriebsleitung@example.com', { articleId: main.id, locationId: koeln, quantity: 3 }, 400, MSG.stockTooLow.replace('{n}', '2')],
      ['vertriebsleitung@example.com', { articleId: main.id, locationId: uncounted!.id, quantity: 1 }, 400, MSG.stockNotCounted],
      ['vertriebsleitung@example.com', { articleId: main.id, locationId: koeln, quantity: 0 }, 400, MSG.claimCorrectionQuantity],
      ['vertriebsleitung@example.com', { articleId: main.id, locationId: koeln, quantity: 1.5 }, 400, MSG.claimCorrectionQuantity],
      ['vertriebsleitung@example.com', { articleId: main.id, locationId: koeln, quantity: 1e9 }, 400, MSG.claimCorrectionQuantity],
      ['vertriebsleitung@example.com', { articleId: main.id, locationId: koeln, quantity: '1' }, 400, MSG.claimCorrectionQuantity],
    ];
    for (const [email, body, status, message] of cases) {
      const res = await correct(email, claim.id, body);
      expect(res.statusCode, `${email} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
      expect(res.json().error.message).toMatch(message);
    }
    expect((await correct('vertriebsleitung@example.com', '00000000-0000-4000-8000-000000000000', { articleId: main.id, locationId: koeln, quantity: 1 })).statusCode).toBe(404);
    expect({ stock: await stockOf(main.id, koeln), corrections: await corrections(), history: (await t.db.select({ n: count() }).from(stockHistory))[0]!.n }).toEqual(before);
    expect((await t.db.select({ stockUpdated: claims.stockUpdated }).from(claims).where(eq(claims.id, claim.id)))[0]!.stockUpdated).toBe(false);
  });

  it('never takes more than there is when ten corrections arrive at once', async () => {
    const { claim, main } = await claimWithArticles();
    await setStock(main.id, koeln, 5);
    const results = await Promise.all(Array.from({ length: 10 }, () => correct('vertriebsleitung@example.com', claim.id, { articleId: main.id, locationId: koeln, quantity: 1 })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect(await stockOf(main.id, koeln)).toBe(0);
    const booked = await t.db.select({ before: claimStockCorrections.before, after: claimStockCorrections.after }).from(claimStockCorrections).where(eq(claimStockCorrections.claimId, claim.id));
    expect(booked.map((k) => k.before).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(booked.every((k) => k.after === k.before - 1)).toBe(true);
  });
});

describe('the supplier package', () => {
  const heic = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/foto.heic'));

  it('is one PDF with the claim, its articles with EAN and its photos, without the customer', async () => {
    const [article] = await t.db
      .select({ id: articles.id, number: articles.number, ean: articleEans.ean })
      .from(articles)
      .innerJoin(articleEans, eq(articleEans.articleId, articles.id))
      .orderBy(asc(articles.number))
      .limit(1);
    const c = await create('verkauf@example.com', { type: 'customer-item', supplierName: 'Parador', customerName: 'Familie Łukasiewicz' });
    await as('verkauf@example.com', {
      method: 'PUT',
      url: `/api/checklist/${c.id}`,
      payload: checklist({ lueckentext: { articleId: article!.id, articleNumber: article!.number, packageContent: '2,22', packageCount: '4', reason: 'Kantenaufquellung', treatment: 'Dielen wölben sich an den Stößen' } }),
    });
    const upload = await as('verkauf@example.com', {
      method: 'POST',
      url: `/api/claims/${c.id}/files/pictures?name=stoss.heic`,
      payload: heic,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(upload.statusCode, upload.body).toBe(200);

    const res = await as('verkauf@example.com', { method: 'GET', url: `/api/claims/${c.id}/supplierpackage` });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`Beanstandung-${c.number}-Lieferant.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = readPdf(res.rawPayload);
    for (const shown of [`Beanstandung ${c.number}`, 'Kundenware', 'Filiale Köln', 'Parador', 'Kantenaufquellung', 'Dielen wölben sich', article!.number, article!.ean, '8,88', 'Fotos (1)', 'stoss.jpg', 'Seite 1 von'])
      expect(pdf.text, shown).toContain(shown);
    // Customer data stays in the company.
    expect(pdf.text).not.toContain('ukasiewicz');
    expect(pdf.text).not.toContain('RE-4711');
    expect(pdf.images).toBe(1);
    // Only for who sees the claim.
    expect((await as('franchise@example.com', { method: 'GET', url: `/api/claims/${c.id}/supplierpackage` })).statusCode).toBe(404);
  });
});
