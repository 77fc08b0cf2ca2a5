import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { count, eq, gt } from 'drizzle-orm';
import sharp from 'sharp';
import { ADVERTISING_PAGE_SIZE } from '@filialportal/core/advertising';
import { MSG } from '@filialportal/core/messages';
import { advertisings } from '../src/modules/advertising/advertising.table.ts';
import { articles, articleStocks } from '../src/modules/stock/stock.table.ts';
import { todayIso } from '../src/platform/dates.ts';
import { files } from '../src/platform/files.table.ts';
import { buildTestApp, countStored, type TestContext } from './helpers.ts';
import { readXlsx } from './xlsx.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

// t.login keeps one token per person.
const as = async (email: string, opts: Parameters<TestContext['as']>[1]) => t.as(await t.login(email), opts);
/** Vertriebsleitung creates, edits, deletes and sees all; Verkauf sees the published; Ausgeblendet nothing. */
const VL = 'vertriebsleitung@example.com';
const VK = 'verkauf@example.com';
const NONE = 'ausgeblendet@example.com';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const heic = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/foto.heic'));
let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c8a165' } }).png().toBuffer();
});

const dayOffset = (days: number) => {
  const [y, m, d] = todayIso().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
const today = todayIso();
const nextMonth = dayOffset(31);

type Entry = { id: string; __identity: string; title: string; name: string; showFrom: string; resourceUri: string; thumbnailUri: string | null; articles: string[]; mimeType: string; published: boolean };

const create = (email: string, fields: Record<string, string>, bytes: Buffer | null) =>
  as(email, {
    method: 'POST',
    url: `/api/advertising?${new URLSearchParams(fields)}`,
    ...(bytes ? { payload: bytes, headers: { 'content-type': 'application/octet-stream' } } : {}),
  });
async function entry(fields: Record<string, string>, bytes: Buffer = PDF): Promise<Entry> {
  const res = await create(VL, { name: 'flyer.pdf', showFrom: today, ...fields }, bytes);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().advertising;
}
const list = async (email: string, from = 0) => {
  const res = await as(email, { method: 'GET', url: `/api/advertising/list/${from}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { advertisings: Entry[]; count: number; new: number };
};
/** Everything this domain leaves behind: entries, file rows and bytes in storage. */
const stored = async () => ({
  entries: (await t.db.select({ n: count() }).from(advertisings))[0]!.n,
  files: (await t.db.select({ n: count() }).from(files))[0]!.n,
  bytes: await countStored(t.storage),
});

describe('access', () => {
  it('asks for a login and a werbung right', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/advertising/list/0' })).statusCode).toBe(401);
    expect((await as(NONE, { method: 'GET', url: '/api/advertising/list/0' })).statusCode).toBe(403);
    const before = await stored();
    const res = await create(VK, { name: 'flyer.pdf', title: 'Nicht erlaubt', showFrom: today }, PDF);
    expect(res.statusCode).toBe(403);
    expect(await stored()).toEqual(before);
  });
});

describe('visibility by showFrom', () => {
  let current: Entry;
  let upcoming: Entry;
  beforeAll(async () => {
    current = await entry({ title: 'Aktion heute', name: 'heute.png' }, png);
    upcoming = await entry({ title: 'Aktion nächster Monat', name: 'monat.png', showFrom: nextMonth }, png);
  });

  it('shows published entries to werbung_ver_ffentlichte_sehen and every entry to werbung_alle_sehen', async () => {
    const all = (await list(VL)).advertisings.map((a) => a.id);
    expect(all).toContain(current.id);
    expect(all).toContain(upcoming.id);
    const published = await list(VK);
    expect(published.advertisings.map((a) => a.id)).toContain(current.id);
    expect(published.advertisings.map((a) => a.id)).not.toContain(upcoming.id);
    expect(published.advertisings.every((a) => a.showFrom <= today)).toBe(true);
    expect(published.count).toBeLessThan((await list(VL)).count);
  });

  it('sorts newest showFrom first with dates as DD.MM.YYYY', async () => {
    const rows = (await list(VL)).advertisings;
    expect(rows.map((a) => a.showFrom)).toEqual([...rows.map((a) => a.showFrom)].sort().reverse());
    const [y, m, d] = today.split('-');
    expect(rows.find((a) => a.id === current.id)).toMatchObject({ showFromFormated: `${d}.${m}.${y}`, published: true, __identity: current.id });
  });

  it('answers 404 for the detail, file and thumbnail of an upcoming entry to who sees only published ones', async () => {
    for (const url of [`/api/advertising/${upcoming.id}`, upcoming.resourceUri, upcoming.thumbnailUri!, `/api/exportadvertising/${upcoming.id}`]) {
      const method = url.startsWith('/api/export') ? 'POST' : 'GET';
      expect((await as(VK, { method, url })).statusCode, url).toBe(404);
      expect((await as(VL, { method, url })).statusCode, url).toBe(200);
    }
    const file = await as(VK, { method: 'GET', url: current.resourceUri });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.headers['content-type']).toBe('image/png');
    expect((await as(VK, { method: 'GET', url: current.thumbnailUri! })).headers['content-type']).toBe('image/jpeg');
  });
});

describe('validation', () => {
  /** 'png' stands for the picture made in beforeAll. */
  const cases: [string, Record<string, string>, Buffer | null | 'png', string][] = [
    ['no file', { title: 'Flyer', showFrom: today }, null, MSG.advertisingFileRequired],
    ['an empty file', { name: 'flyer.pdf', title: 'Flyer', showFrom: today }, Buffer.alloc(0), MSG.advertisingFileRequired],
    ['no title', { name: 'flyer.pdf', showFrom: today }, PDF, MSG.advertisingTitleRequired],
    ['a blank title', { name: 'flyer.pdf', title: '   ', showFrom: today }, PDF, MSG.advertisingTitleRequired],
    ['no showFrom', { name: 'flyer.pdf', title: 'Flyer' }, PDF, MSG.advertisingShowFromRequired],
    ['a title of one character', { name: 'flyer.pdf', title: 'F', showFrom: today }, PDF, MSG.advertisingTooShort],
    ['an article number of one character', { name: 'flyer.pdf', title: 'Flyer', showFrom: today, articles: 'A-100, 7' }, PDF, MSG.advertisingTooShort],
    ['valid till before valid from', { name: 'flyer.pdf', title: 'Flyer', showFrom: today, dateFrom: '2026-05-10', dateTill: '2026-05-09' }, PDF, MSG.advertisingTillBeforeFrom],
    ['a file type not accepted', { name: 'flyer.docx', title: 'Flyer', showFrom: today }, PDF, MSG.advertisingFileType],
    ['PNG bytes named .pdf', { name: 'flyer.pdf', title: 'Flyer', showFrom: today }, 'png', MSG.advertisingFileType],
    ['PDF bytes named .mp4', { name: 'film.mp4', title: 'Flyer', showFrom: today }, PDF, MSG.advertisingFileType],
  ];
  it.each(cases)('refuses %s with the spec message and stores nothing', async (_what, fields, bytes, message) => {
    const body = bytes === 'png' ? png : bytes;
    const before = await stored();
    const res = await create(VL, fields, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await stored()).toEqual(before);
  });

  it('checks the spec messages verbatim', () => {
    expect(MSG.advertisingFileRequired).toBe('Wählen Sie ein Dokument zum hochladen');
    expect(MSG.advertisingTitleRequired).toBe('Bitte geben Sie ein Titel ein');
    expect(MSG.advertisingShowFromRequired).toBe('Bitte geben Sie das datum ein ab dem die Werbung angezeigt werden soll');
  });

  it('accepts valid till equal to valid from, and keeps the article numbers once each', async () => {
    const e = await entry({ title: 'Ein Tag', dateFrom: '2026-05-10', dateTill: '2026-05-10', articles: 'LA-1001, LA-1002\nLA-1001' });
    expect(e).toMatchObject({ dateFromFormated: '10.05.2026', dateTillFormated: '10.05.2026', articles: ['LA-1001', 'LA-1002'] });
  });
});

describe('files', () => {
  it('turns HEIC into JPEG with a thumbnail', async () => {
    const e = await entry({ title: 'Foto vom Aufsteller', name: 'aufsteller.heic' }, heic);
    expect(e).toMatchObject({ name: 'aufsteller.jpg', mimeType: 'image/jpeg', thumbnailUri: expect.stringContaining('/thumbnail') });
    const res = await as(VK, { method: 'GET', url: e.resourceUri });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(res.headers['content-disposition']).toContain('aufsteller.jpg');
  });

  it('replaces a file: the new one is served, the old bytes are gone; wrong bytes keep the old one', async () => {
    const e = await entry({ title: 'Plakat' }, PDF);
    const before = await stored();
    const wrong = await as(VL, { method: 'POST', url: `/api/advertising/${e.id}/file?name=plakat.png`, payload: PDF, headers: { 'content-type': 'application/octet-stream' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(MSG.advertisingFileType);
    expect(await stored()).toEqual(before);
    expect((await as(VL, { method: 'POST', url: `/api/advertising/${e.id}/file?name=plakat.png`, payload: png, headers: { 'content-type': 'application/octet-stream' } })).statusCode).toBe(200);
    const after = await stored();
    // The PDF went, the picture and its thumbnail came.
    expect(after).toEqual({ entries: before.entries, files: before.files + 1, bytes: before.bytes + 1 });
    const now = (await as(VK, { method: 'GET', url: `/api/advertising/${e.id}` })).json().advertising as Entry;
    expect(now).toMatchObject({ name: 'plakat.png', mimeType: 'image/png' });
  });

  it('deletes an entry with its bytes; who may not delete changes nothing', async () => {
    const e = await entry({ title: 'Weg damit', name: 'weg.png' }, png);
    const before = await stored();
    expect((await as(VK, { method: 'DELETE', url: `/api/advertising/${e.id}` })).statusCode).toBe(403);
    expect(await stored()).toEqual(before);
    expect((await as(VL, { method: 'DELETE', url: `/api/advertising/${e.id}` })).statusCode).toBe(204);
    expect(await stored()).toEqual({ entries: before.entries - 1, files: before.files - 2, bytes: before.bytes - 2 });
    expect((await as(VL, { method: 'GET', url: e.resourceUri })).statusCode).toBe(404);
    expect((await as(VL, { method: 'DELETE', url: `/api/advertising/${e.id}` })).statusCode).toBe(404);
  });
});

describe('edit', () => {
  it('changes the fields by __identity and keeps the file; refusals change nothing', async () => {
    const e = await entry({ title: 'Alter Titel' });
    const put = (email: string, advertising: Record<string, unknown>) => as(email, { method: 'PUT', url: '/api/advertising', payload: { advertising } });
    const body = { __identity: e.id, title: 'Neuer Titel', showFrom: nextMonth, dateFrom: '2026-06-01', dateTill: '2026-06-30', articles: ['LA-1001'] };
    expect((await put(VK, body)).statusCode).toBe(403);
    const tooEarly = await put(VL, { ...body, dateTill: '2026-05-31' });
    expect(tooEarly.statusCode).toBe(400);
    expect(tooEarly.json().error.message).toBe(MSG.advertisingTillBeforeFrom);
    expect((await as(VL, { method: 'GET', url: `/api/advertising/${e.id}` })).json().advertising.title).toBe('Alter Titel');
    const res = await put(VL, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().advertising).toMatchObject({ title: 'Neuer Titel', showFrom: nextMonth, published: false, name: 'flyer.pdf', articles: ['LA-1001'] });
    // Moved to next month: gone for who sees only published entries.
    expect((await as(VK, { method: 'GET', url: `/api/advertising/${e.id}` })).statusCode).toBe(404);
  });
});

describe('export', () => {
  it('lists the articles of the entry with their stock per location', async () => {
    const [stocked] = await t.db
      .select({ number: articles.number, count: articleStocks.count })
      .from(articleStocks)
      .innerJoin(articles, eq(articles.id, articleStocks.articleId))
      .where(gt(articleStocks.count, 0))
      .limit(1);
    const e = await entry({ title: 'Aktionsartikel', articles: `${stocked!.number}, XX-UNBEKANNT` });
    const res = await as(VK, { method: 'POST', url: `/api/exportadvertising/${e.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const rows = await readXlsx(res);
    const text = rows.map((r) => r.join('|'));
    expect(text.some((r) => r.includes('Artikelnummer') && r.includes('Standort'))).toBe(true);
    expect(rows.some((r) => r[0] === stocked!.number && typeof r[4] === 'number')).toBe(true);
    expect(rows.some((r) => r[0] === 'XX-UNBEKANNT' && r[1] === 'Unbekannte Artikelnummer')).toBe(true);
  });
});

describe('paging and the counter', () => {
  it('pages by 25 with the total; later pages hold the rest', async () => {
    const { count: total } = await list(VL);
    for (let i = total; i < ADVERTISING_PAGE_SIZE + 3; i++) await entry({ title: `Seitenfüller ${i}`, showFrom: dayOffset(-100 - i) });
    const first = await list(VL, 0);
    expect(first.advertisings).toHaveLength(ADVERTISING_PAGE_SIZE);
    const second = await list(VL, ADVERTISING_PAGE_SIZE);
    expect(second.count).toBe(first.count);
    expect(second.advertisings).toHaveLength(first.count - ADVERTISING_PAGE_SIZE);
    const ids = [...first.advertisings, ...second.advertisings].map((a) => a.id);
    expect(new Set(ids).size).toBe(first.count);
    expect((await list(VL, 10_000)).advertisings).toHaveLength(0);
    expect((await list(VL, 10_000)).count).toBe(first.count);
    expect((await list(VL, 10_000)).new).toBe(first.new);
  });

  it('counts what appeared since the last visit; upcoming entries only for who sees them', async () => {
    expect((await as(VK, { method: 'PUT', url: '/api/seen/advertising' })).statusCode).toBe(200);
    expect((await as(VL, { method: 'PUT', url: '/api/seen/advertising' })).statusCode).toBe(200);
    expect((await list(VK)).new).toBe(0);
    expect((await list(VL)).new).toBe(0);
    await entry({ title: 'Neu und sichtbar' });
    await entry({ title: 'Neu und demnächst', showFrom: nextMonth });
    expect((await list(VK)).new).toBe(1);
    expect((await list(VL)).new).toBe(2);
    await as(VK, { method: 'PUT', url: '/api/seen/advertising' });
    expect((await list(VK)).new).toBe(0);
  });
});
