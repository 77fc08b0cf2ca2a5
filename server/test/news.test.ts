import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { MSG } from '@filialportal/core/messages';
import { monthsBefore, newsMinDate } from '@filialportal/core/news';
import { files } from '../src/platform/files.table.ts';
import { comments, likes, news, newsConfirmations } from '../src/modules/news/news.table.ts';
import { locations } from '../src/modules/locations/locations.table.ts';
import { userGroups } from '../src/modules/teams/teams.table.ts';
import { trainings } from '../src/modules/trainings/trainings.table.ts';
import { users } from '../src/modules/users/users.table.ts';
import { taskAssignments, tasks } from '../src/modules/tasks/tasks.table.ts';
import { todayIso } from '../src/platform/dates.ts';
import { can } from '../src/platform/access.ts';
import { canSeeNews, cutoffOf } from '../src/modules/news/news.service.ts';
import { buildTestApp, type TestContext } from './helpers.ts';
import { readXlsx } from './xlsx.ts';

let t: TestContext;
let koeln: string;
let hamburgSeller: string;
const heic = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/foto.heic'));
const today = todayIso();

beforeAll(async () => {
  t = await buildTestApp();
  const locs = await t.db.select().from(locations);
  koeln = locs.find((l) => l.name === 'Filiale Köln')!.id;
  const hamburg = locs.find((l) => l.name === 'Filiale Hamburg')!.id;
  const [seller] = await t.db
    .select({ email: users.email })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.id, users.groupId))
    .where(and(eq(users.locationId, hamburg), eq(userGroups.name, 'Verkauf')))
    .limit(1);
  hamburgSeller = seller!.email;
});
afterAll(() => t.close());

const newsCount = async () => (await t.db.select({ n: count() }).from(news))[0]!.n;
const as = async (email: string, opts: Parameters<TestContext['as']>[1]) => t.as(await t.login(email), opts);
const listAll = async (email: string, archive = false) => {
  const res = await as(email, { method: 'GET', url: `/api/news/list/0?limit=50${archive ? '&archive=1' : ''}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { news: { id: string; title: string; [k: string]: unknown }[]; count: number };
};
const create = (email: string, payload: Record<string, unknown>) => as(email, { method: 'POST', url: '/api/news', payload: { date: today, text: '<p>Text</p>', ...payload } });

describe('publishing with a HEIC photo for one location', () => {
  let id: string;
  let fileUri: string;

  it('Personalleitung publishes for Filiale Köln; the HEIC photo becomes a JPEG with thumbnail and colour', async () => {
    const res = await create('personalleitung@example.com', {
      title: 'Teamabend in Köln',
      text: '<p>Wir treffen uns am <strong>Freitag</strong>.</p>',
      category: 'Personal',
      locations: [koeln],
      file: `data:image/heic;base64,${heic.toString('base64')}`,
      fileName: 'IMG_0815.HEIC',
    });
    expect(res.statusCode).toBe(200);
    const item = res.json().news;
    id = item.id;
    fileUri = item.resourceUri;
    expect(item).toMatchObject({ title: 'Teamabend in Köln', category: 'Personal', fileName: 'IMG_0815.jpg', fileKind: 'image', locations: [koeln], scheduled: false, archived: false });
    expect(item.thumbnailUri).toMatch(/^\/api\/download\/resource\//);
    expect(item.dominantBackgroundColor).toMatch(/^#[0-9a-f]{6}$/);
    const download = await as('verkauf@example.com', { method: 'GET', url: fileUri });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('Verkauf in Köln sees it in the list, the detail and its unseen news', async () => {
    expect((await listAll('verkauf@example.com')).news.map((n) => n.id)).toContain(id);
    expect((await as('verkauf@example.com', { method: 'GET', url: `/api/news/${id}` })).statusCode).toBe(200);
    const unseen = (await as('verkauf@example.com', { method: 'GET', url: '/api/news/unseen' })).json();
    expect(unseen.news.map((n: { id: string }) => n.id)).toContain(id);
  });

  it('a Verkauf person in Hamburg sees neither the item nor its attachment, likes or comments', async () => {
    expect((await listAll(hamburgSeller)).news.map((n) => n.id)).not.toContain(id);
    for (const req of [
      { method: 'GET' as const, url: `/api/news/${id}` },
      { method: 'GET' as const, url: fileUri },
      { method: 'POST' as const, url: '/api/like', payload: { entity: 'News', entityId: id } },
      { method: 'POST' as const, url: '/api/comments', payload: { entity: 'News', entityId: id } },
      { method: 'POST' as const, url: '/api/comment', payload: { entity: 'News', entityId: id, comment: 'Hallo' } },
      { method: 'POST' as const, url: `/api/news/${id}/confirm` },
    ]) {
      const res = await as(hamburgSeller, req);
      expect(res.statusCode, req.url).toBe(404);
    }
    expect((await t.db.select({ n: count() }).from(likes).where(eq(likes.entityId, id)))[0]!.n).toBe(0);
    expect((await t.db.select({ n: count() }).from(comments).where(eq(comments.entityId, id)))[0]!.n).toBe(0);
  });

  it('Admin (neuigkeiten_alle_sehen) sees it anyway', async () => {
    expect((await listAll('admin@example.com')).news.map((n) => n.id)).toContain(id);
  });

  it('deleting removes the item, its likes, comments and files', async () => {
    await as('verkauf@example.com', { method: 'POST', url: '/api/like', payload: { entity: 'News', entityId: id } });
    await as('verkauf@example.com', { method: 'POST', url: '/api/comment', payload: { entity: 'News', entityId: id, comment: 'Super' } });
    const filesBefore = (await t.db.select({ n: count() }).from(files))[0]!.n;
    expect((await as('verkauf@example.com', { method: 'DELETE', url: `/api/news/${id}` })).statusCode).toBe(403);
    expect((await as('personalleitung@example.com', { method: 'DELETE', url: `/api/news/${id}` })).statusCode).toBe(204);
    expect((await t.db.select({ n: count() }).from(news).where(eq(news.id, id)))[0]!.n).toBe(0);
    expect((await t.db.select({ n: count() }).from(likes).where(eq(likes.entityId, id)))[0]!.n).toBe(0);
    expect((await t.db.select({ n: count() }).from(comments).where(eq(comments.entityId, id)))[0]!.n).toBe(0);
    expect((await t.db.select({ n: count() }).from(files))[0]!.n).toBe(filesBefore - 2);
    expect((await as('verkauf@example.com', { method: 'GET', url: fileUri })).statusCode).toBe(404);
  });
});

describe('who may create, and the spec messages', () => {
  it('without a session: 401, nothing saved', async () => {
    const before = await newsCount();
    const res = await t.app.inject({ method: 'POST', url: '/api/news', payload: { title: 'x', text: '<p>x</p>', date: today } });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/news/list/0' })).statusCode).toBe(401);
    expect(await newsCount()).toBe(before);
  });

  it('Verkauf may not create or edit: 403, nothing saved', async () => {
    const before = await newsCount();
    expect((await create('verkauf@example.com', { title: 'Von Verkauf' })).statusCode).toBe(403);
    expect(await newsCount()).toBe(before);
  });

  it.each([
    [{ title: '  ' }, MSG.newsTitleRequired],
    [{ title: 'T', text: '<p> </p>' }, MSG.newsTextRequired],
    [{ title: 'T', date: '' }, MSG.newsDateRequired],
    [{ title: 'T', date: monthsBefore(today, 6) }, MSG.newsDateTooEarly],
    [{ title: 'T', date: '9999-01-01' }, MSG.newsDateTooLate],
    [{ title: 'T', date: '2026-02-30' }, MSG.invalidDate],
    [{ title: 'T', category: 'Sport' }, MSG.newsCategoryInvalid],
    [{ title: 'T', until: '2000-01-01' }, MSG.newsUntilBeforeDate],
    [{ title: 'T', text: '<script>alert(1)</script>' }, MSG.newsTextRequired],
    [{ title: 'T', file: Buffer.from('%PDF-1.4 hallo').toString('base64'), fileName: 'programm.exe' }, MSG.newsFileType],
    [{ title: 'T', file: heic.toString('base64'), fileName: 'bild.pdf' }, MSG.newsFileType],
    [{ title: 'T', file: Buffer.from('kein bild').toString('base64'), fileName: 'bild.png' }, MSG.newsFileType],
    [{ title: 'T', teams: ['00000000-0000-4000-8000-000000000000'] }, MSG.newsTargetUnknown],
  ])('%j → 400 %s, nothing saved', async (payload, message) => {
    const before = await newsCount();
    const filesBefore = (await t.db.select({ n: count() }).from(files))[0]!.n;
    const res = await create('personalleitung@example.com', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await newsCount()).toBe(before);
    expect((await t.db.select({ n: count() }).from(files))[0]!.n).toBe(filesBefore);
  });

  it('a file over 10 MB gets a German 413', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 1);
    big.write('%PDF-1.4', 0);
    const res = await create('personalleitung@example.com', { title: 'Groß', file: big.toString('base64'), fileName: 'gross.pdf' });
    expect([400, 413]).toContain(res.statusCode);
    expect([MSG.newsFileTooLarge, MSG.bodyTooLarge]).toContain(res.json().error.message);
  });

  it('edits keep an old date, replace the text and remove the attachment with file: null', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const created = (await create('personalleitung@example.com', { title: 'Preisliste', file: pdf.toString('base64'), fileName: 'Preisliste.pdf' })).json().news;
    expect(created).toMatchObject({ fileKind: 'pdf', fileName: 'Preisliste.pdf' });
    const pdfDownload = await as('verkauf@example.com', { method: 'GET', url: created.resourceUri });
    expect(pdfDownload.headers['content-type']).toBe('application/pdf');
    expect(pdfDownload.headers['x-content-type-options']).toBe('nosniff');
    const res = await as('personalleitung@example.com', { method: 'PUT', url: '/api/news', payload: { id: created.id, title: 'Preisliste 2027', text: '<p>Neu</p>', date: created.date, file: null } });
    expect(res.statusCode).toBe(200);
    expect(res.json().news).toMatchObject({ title: 'Preisliste 2027', text: '<p>Neu</p>', fileName: null, resourceUri: null });
    expect((await as('verkauf@example.com', { method: 'GET', url: created.resourceUri })).statusCode).toBe(404);
  });
});

describe('link to an event', () => {
  it('links a training; an unknown one is refused; deleting the training clears the link', async () => {
    const [tr] = await t.db
      .insert(trainings)
      .values({ title: 'Verlinkte Schulung', category: 'Schulungen', description: 'x', address: 'x', zip: '1', city: 'Köln', date: today, time: '10:00', contingent: 5 })
      .returning({ id: trainings.id });
    const before = await newsCount();
    const unknown = await create('personalleitung@example.com', { title: 'Mit falschem Link', linkId: '00000000-0000-4000-8000-000000000002' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(MSG.newsLinkUnknown);
    expect(await newsCount()).toBe(before);
    const linked = await create('personalleitung@example.com', { title: 'Mit Link', linkId: tr!.id });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().news.linkId).toBe(tr!.id);
    await t.db.delete(trainings).where(eq(trainings.id, tr!.id));
    const [row] = await t.db.select({ linkId: news.linkId }).from(news).where(eq(news.id, linked.json().news.id));
    expect(row!.linkId).toBeNull();
  });
});

describe('sanitising', () => {
  const payloads = [
    '<p>ok</p><script>alert(1)</script>',
    '<img src=x onerror=alert(1)><p>ok</p>',
    '<p onclick="alert(1)">ok</p>',
    '<a href="javascript:alert(1)">ok</a>',
    '<a href="JaVaScRiPt:alert(1)">ok</a>',
    '<a href="&#106;avascript:alert(1)">ok</a>',
    '<iframe src="https://evil.example.com/x"></iframe><p>ok</p>',
    '<svg><script>alert(1)</script></svg><p>ok</p>',
    '<p style="background:url(javascript:alert(1))">ok</p>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math><p>ok</p>',
    '<p>ok</p><object data="javascript:alert(1)"></object>',
    '<form action="javascript:alert(1)"><button>ok</button></form><p>ok</p>',
  ];
  it.each(payloads)('%s leaves no script, handler or javascript: URL', async (text) => {
    const res = await create('personalleitung@example.com', { title: 'XSS', text });
    expect(res.statusCode).toBe(200);
    const html = res.json().news.text as string;
    expect(html).not.toMatch(/<script|<iframe[^>]*evil|\son\w+=|javascript:|<object|<form|<svg|<img|<style/i);
    expect(html).toContain('ok');
  });

  it('a NUL byte in the text is refused before anything is stored', async () => {
    const before = await newsCount();
    const res = await create('personalleitung@example.com', { title: 'NUL', text: '<p>ok\u0000<script>alert(1)</script></p>' });
    expect(res.statusCode).toBe(400);
    expect(await newsCount()).toBe(before);
  });

  it('keeps formatting, safe links (new tab, noopener) and YouTube players', async () => {
    const text = '<h2>Titel</h2><p><strong>fett</strong> <em>kursiv</em> <a href="https://example.com">Link</a></p><ul><li>eins</li></ul><iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>';
    const html = (await create('personalleitung@example.com', { title: 'Format', text })).json().news.text as string;
    expect(html).toContain('<h2>Titel</h2>');
    expect(html).toContain('<strong>fett</strong>');
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">Link</a>');
    expect(html).toContain('<iframe src="https://www.youtube-nocookie.com/embed/abc"');
  });
});

describe('likes', () => {
  let id: string;
  beforeAll(async () => {
    id = (await create('personalleitung@example.com', { title: 'Likebar' })).json().news.id;
  });

  it('like and unlike; the list shows count and own like', async () => {
    const liked = (await as('verkauf@example.com', { method: 'POST', url: '/api/like', payload: { entity: 'News', entityId: id } })).json();
    expect(liked).toEqual({ entityId: id, liked: true, likeCount: 1, count: 1, likedByCurrentUser: true });
    const row = (await listAll('verkauf@example.com')).news.find((n) => n.id === id);
    expect(row).toMatchObject({ liked: true, likeCount: 1 });
    const counts = (await as('verkauf@example.com', { method: 'POST', url: '/api/likes', payload: { entity: 'News', entityIds: [id] } })).json();
    expect(counts.counts).toEqual([{ entityId: id, likeCount: 1, liked: true, count: 1, likedByCurrentUser: true }]);
    const unliked = (await as('verkauf@example.com', { method: 'POST', url: '/api/like', payload: { entity: 'News', entityId: id } })).json();
    expect(unliked).toEqual({ entityId: id, liked: false, likeCount: 0, count: 0, likedByCurrentUser: false });
  });

  it('fifty clicks at once leave at most one like and never a 500', async () => {
    const token = await t.login('azubi@example.com');
    const results = await Promise.all(Array.from({ length: 50 }, () => t.as(token, { method: 'POST', url: '/api/like', payload: { entity: 'News', entityId: id } })));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const [row] = await t.db.select({ n: count() }).from(likes).where(eq(likes.entityId, id));
    expect(row!.n).toBeLessThanOrEqual(1);
  });

  it('who liked: only with neuigkeiten_like_benutzernamen_sehen', async () => {
    await as('verkauf@example.com', { method: 'POST', url: '/api/like', payload: { entity: 'News', entityId: id } });
    expect((await as('verkauf@example.com', { method: 'GET', url: `/api/likes?entity=News&entityId=${id}` })).statusCode).toBe(403);
    const res = await as('filialleitung@example.com', { method: 'GET', url: `/api/likes?entity=News&entityId=${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().likes.map((l: { userName: string }) => l.userName)).toContain(
      (await t.db.select({ f: users.firstName, l: users.lastName }).from(users).where(eq(users.email, 'verkauf@example.com'))).map((u) => `${u.f} ${u.l}`)[0],
    );
  });

  it('an unknown entity is a 400', async () => {
    const res = await as('verkauf@example.com', { method: 'POST', url: '/api/like', payload: { entity: 'Claim', entityId: id } });
    expect(res.statusCode).toBe(400);
  });
});

describe('comments', () => {
  let id: string;
  let own: string;
  beforeAll(async () => {
    id = (await create('personalleitung@example.com', { title: 'Kommentierbar' })).json().news.id;
  });

  it('empty and too long comments are refused with the messages', async () => {
    for (const [comment, message] of [
      ['   ', MSG.commentRequired],
      ['x'.repeat(301), MSG.commentTooLong],
    ] as const) {
      const res = await as('verkauf@example.com', { method: 'POST', url: '/api/comment', payload: { entity: 'News', entityId: id, comment } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await as('verkauf@example.com', { method: 'POST', url: '/api/comments', payload: { entity: 'News', entityId: id } })).json().comments).toEqual([]);
  });

  it('writes, lists with name and date, and counts on the item', async () => {
    const res = await as('verkauf@example.com', { method: 'POST', url: '/api/comment', payload: { entity: 'News', entityId: id, comment: 'x'.repeat(300) } });
    expect(res.statusCode).toBe(200);
    own = res.json().comment.id;
    expect(res.json().comment).toMatchObject({ canEdit: true, canDelete: false, edited: false, entity: 'News' });
    const list = (await as('verkauf@example.com', { method: 'POST', url: '/api/comments', payload: { entity: 'News', entityId: id } })).json();
    expect(list.count).toBe(1);
    expect(list.comments[0].createdAtFormated).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect((await listAll('verkauf@example.com')).news.find((n) => n.id === id)!.commentCount).toBe(1);
  });

  it('edit own with comments_can_edit_own; someone else’s only with comments_can_edit_global', async () => {
    const mine = await as('verkauf@example.com', { method: 'PUT', url: '/api/comment', payload: { commentId: own, comment: 'Geändert' } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().comment).toMatchObject({ comment: 'Geändert', edited: true });
    const other = await as('azubi@example.com', { method: 'PUT', url: '/api/comment', payload: { commentId: own, comment: 'Fremd' } });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe(MSG.commentNotOwn);
    const global = await as('personalleitung@example.com', { method: 'PUT', url: '/api/comment', payload: { commentId: own, comment: 'Moderiert' } });
    expect(global.statusCode).toBe(200);
    const [row] = await t.db.select({ c: comments.comment }).from(comments).where(eq(comments.id, own));
    expect(row!.c).toBe('Moderiert');
  });

  it('delete only with comments_can_delete', async () => {
    expect((await as('verkauf@example.com', { method: 'DELETE', url: '/api/comment', payload: { commentId: own } })).statusCode).toBe(403);
    expect((await t.db.select({ n: count() }).from(comments).where(eq(comments.id, own)))[0]!.n).toBe(1);
    expect((await as('personalleitung@example.com', { method: 'DELETE', url: '/api/comment', payload: { commentId: own } })).statusCode).toBe(204);
    expect((await t.db.select({ n: count() }).from(comments).where(eq(comments.id, own)))[0]!.n).toBe(0);
  });
});

describe('seen markers and unseen news', () => {
  it('PUT /seen/news empties the unseen list; a new item appears in it; the current user carries the date', async () => {
    const token = await t.login('bodenleger@example.com');
    expect((await t.as(token, { method: 'GET', url: '/api/news/unseen' })).json().count).toBeGreaterThan(0);
    const seen = await t.as(token, { method: 'PUT', url: '/api/seen/news' });
    expect(seen.statusCode).toBe(200);
    expect((await t.as(token, { method: 'GET', url: '/api/news/unseen' })).json()).toEqual({ news: [], count: 0 });
    const me = (await t.as(token, { method: 'GET', url: '/api/user' })).json();
    expect(me.lastSeenNewsDate).toBe(seen.json().seenAt);
    const id = (await create('personalleitung@example.com', { title: 'Ganz neu' })).json().news.id;
    const unseen = (await t.as(token, { method: 'GET', url: '/api/news/unseen' })).json();
    expect(unseen.news.map((n: { id: string }) => n.id)).toEqual([id]);
  });

  it('an unknown page is a 400', async () => {
    expect((await as('bodenleger@example.com', { method: 'PUT', url: '/api/seen/irgendwas' })).statusCode).toBe(400);
  });
});

describe('current, archive and scheduled news', () => {
  it('items past their end date are in the archive, not in the current list; the archive needs news_archive_can_see', async () => {
    const current = await listAll('verkauf@example.com');
    const archive = await listAll('verkauf@example.com', true);
    expect(archive.news.map((n) => n.title)).toEqual(expect.arrayContaining(['Sommerfest 2026 – Rückblick', 'Inventur im Zentrallager abgeschlossen']));
    expect(current.news.map((n) => n.title)).not.toContain('Inventur im Zentrallager abgeschlossen');
    expect(archive.news.every((n) => n.archived)).toBe(true);
    expect((await as('azubi@example.com', { method: 'GET', url: '/api/news/list/0?archive=1' })).statusCode).toBe(403);
  });

  it('the database draws the archive boundary on the same day as core, month ends included', async () => {
    const days = ['2026-07-31', '2026-03-31', '2028-07-30', '2026-01-15', '2027-05-31', '2026-12-01'];
    for (const day of days) {
      const result = await t.db.execute(sql`select ${cutoffOf(sql`${day}::date`)}::text as cutoff`);
      expect((result as unknown as { rows: { cutoff: string }[] }).rows[0]!.cutoff).toBe(newsMinDate(day));
    }
  });

  it('plans the current list and the archive once for a person, not again on every call', async () => {
    // Sequential calls on an idle pool take the same connection, which the last query reads.
    const token = await t.login('admin@example.com');
    for (const archive of ['', '&archive=1']) for (let i = 0; i < 8; i++) expect((await t.as(token, { method: 'GET', url: `/api/news/list/0?limit=20${archive}` })).statusCode).toBe(200);
    const result = await t.db.execute(sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like '%from "news"%' and statement like '%limit 20%'`);
    const plans = (result as unknown as { rows: { generic: number; custom: number }[] }).rows;
    expect(plans).toHaveLength(2);
    for (const p of plans) expect(p).toEqual({ generic: expect.toSatisfy((n: number) => n >= 3), custom: expect.toSatisfy((n: number) => n <= 5) });
  });

  it('a scheduled item is hidden until its time, except for editors', async () => {
    const title = 'Teppichboden-Aktion „Winterwärme“';
    expect((await listAll('verkauf@example.com')).news.map((n) => n.title)).not.toContain(title);
    const editor = (await listAll('vertriebsleitung@example.com')).news.find((n) => n.title === title);
    expect(editor).toMatchObject({ scheduled: true });
  });

  it('tabs filter by category, by name or number; paging reports the total', async () => {
    const res = (await as('admin@example.com', { method: 'GET', url: '/api/news/list/0?view=Sortiment&limit=2' })).json();
    expect(res.news).toHaveLength(2);
    expect(res.news.every((n: { category: string }) => n.category === 'Sortiment')).toBe(true);
    expect(res.count).toBeGreaterThan(2);
    const byNumber = (await as('admin@example.com', { method: 'GET', url: '/api/news/list/2?view=3&limit=2' })).json();
    expect(byNumber.count).toBe(res.count);
    expect(byNumber.news.map((n: { id: string }) => n.id)).not.toContain(res.news[0].id);
  });

  it('group targeting: Verkauf sees items for its group, Lagerist does not', async () => {
    const title = 'Vinylböden: neue Verlegeanleitung';
    expect((await listAll('verkauf@example.com')).news.map((n) => n.title)).toContain(title);
    expect((await listAll('lagerist@example.com')).news.map((n) => n.title)).not.toContain(title);
  });
});

describe('audience preview', () => {
  const preview = async (email: string, payload: Record<string, unknown>) => as(email, { method: 'POST', url: '/api/news/audience', payload });
  const groupId = async (name: string) => (await t.db.select({ id: userGroups.id }).from(userGroups).where(eq(userGroups.name, name)))[0]!.id;

  it('names who the groups and locations reach and why: Verkauf at Köln also reaches Azubi and Aushilfe through their parent group', async () => {
    const res = await preview('personalleitung@example.com', { teams: [await groupId('Verkauf')], locations: [koeln] });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const byLabel = (label: string) => body.groups.find((g: { label: string; reason: string }) => g.label === label && g.reason !== 'all');
    expect(byLabel('Verkauf')).toMatchObject({ reason: 'group', via: null });
    expect(byLabel('Azubi')).toMatchObject({ reason: 'parent', via: 'Verkauf' });
    expect(byLabel('Aushilfe')).toMatchObject({ reason: 'parent', via: 'Verkauf' });
    expect(byLabel('Lagerist')).toBeUndefined();
    expect(body.people.filter((p: { reason: string }) => p.reason !== 'all').every((p: { location: string }) => p.location === 'Filiale Köln')).toBe(true);
    expect(body.people.map((p: { userName: string }) => p.userName)).toHaveLength(body.count);
    expect(body.count).toBe(body.reached + body.seesAll);
    expect(body.seesAll).toBeGreaterThan(0);
  });

  it('uses the rule that decides who sees the item: every active person is listed exactly when the saved item is visible to them', async () => {
    const targets = { teams: [await groupId('Verkauf'), await groupId('Lagerist')], locations: [koeln] };
    // A seller from Hamburg working in Köln for now (location switch) counts at Köln.
    await t.db.update(users).set({ selectedLocationId: koeln }).where(eq(users.email, hamburgSeller));
    const people = (await preview('personalleitung@example.com', targets)).json().people as { userId: string; reason: string }[];
    const id = (await create('personalleitung@example.com', { title: 'Nur für Köln', ...targets })).json().news.id as string;
    const everyone = await t.db
      .select({ id: users.id, role: userGroups.name, groupId: users.groupId, locationId: users.locationId, selected: users.selectedLocationId, permissions: userGroups.permissions })
      .from(users)
      .innerJoin(userGroups, eq(userGroups.id, users.groupId))
      .where(eq(users.active, true));
    for (const u of everyone) {
      const actor = { userId: u.id, sessionId: '', role: u.role, groupId: u.groupId, locationId: u.locationId, selectedLocationId: u.selected ?? u.locationId, permissions: new Set(u.permissions), subordinateGroups: [], externalLogin: false };
      const reads = can(actor, 'neuigkeiten_eigene_sehen') || can(actor, 'neuigkeiten_alle_sehen');
      const sees = reads && (await canSeeNews(t, actor, id));
      const listed = people.some((p) => p.userId === u.id);
      // The author sees the own item anyway; everyone else: listed exactly when they see it.
      if (u.role !== 'Personalleitung') expect({ user: u.id, role: u.role, listed }).toEqual({ user: u.id, role: u.role, listed: sees });
    }
    const [guest] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, hamburgSeller));
    expect(people.find((p) => p.userId === guest!.id)?.reason).toBe('group');
    await t.db.update(users).set({ selectedLocationId: null }).where(eq(users.email, hamburgSeller));
  });

  it('without targets reaches every active reader; a mandatory notice asks exactly the reached people', async () => {
    const all = (await preview('personalleitung@example.com', {})).json();
    expect(all.seesAll).toBe(0);
    expect(all.reached).toBe(all.count);
    const targets = { teams: [await groupId('Verkauf')], locations: [koeln] };
    const reached = (await preview('personalleitung@example.com', targets)).json().reached;
    const id = (await create('personalleitung@example.com', { title: 'Pflicht für Köln', requiresConfirmation: true, ...targets })).json().news.id;
    const asked = (await as('personalleitung@example.com', { method: 'GET', url: `/api/news/${id}/confirmations` })).json();
    expect(asked.confirmed.length + asked.pending.length).toBe(reached);
  });

  it('is for editors: Verkauf gets 403, without a session 401', async () => {
    expect((await preview('verkauf@example.com', { teams: [], locations: [koeln] })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/news/audience', payload: {} })).statusCode).toBe(401);
  });

  it.each([
    ['an unknown group', { teams: ['00000000-0000-4000-8000-000000000000'] }, MSG.newsTargetUnknown],
    ['an unknown location', { locations: ['00000000-0000-4000-8000-000000000000'] }, MSG.newsTargetUnknown],
    ['a group by name', { teams: ['Verkauf'] }, null],
    ['a string for the list', { teams: 'alle' }, null],
    ['501 locations', { locations: Array.from({ length: 501 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`) }, null],
  ])('%s → 400', async (_, payload, message) => {
    const res = await preview('personalleitung@example.com', payload);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().error.message).toBe(message);
    else expect(res.json().error.message).toMatch(/\S/);
  });
});

describe('read confirmation', () => {
  let id: string;
  it('a mandatory notice: confirm, list who did and who did not, remind the rest, export', async () => {
    id = (await create('personalleitung@example.com', { title: 'Pflichtlektüre', requiresConfirmation: true, locations: [koeln] })).json().news.id;
    const res = await as('verkauf@example.com', { method: 'POST', url: `/api/news/${id}/confirm` });
    expect(res.json()).toEqual({ newsId: id, confirmed: true });
    // A second click changes nothing.
    expect((await as('verkauf@example.com', { method: 'POST', url: `/api/news/${id}/confirm` })).statusCode).toBe(200);
    expect((await t.db.select({ n: count() }).from(newsConfirmations).where(eq(newsConfirmations.newsId, id)))[0]!.n).toBe(1);

    expect((await as('verkauf@example.com', { method: 'GET', url: `/api/news/${id}/confirmations` })).statusCode).toBe(403);
    const list = (await as('personalleitung@example.com', { method: 'GET', url: `/api/news/${id}/confirmations` })).json();
    expect(list.confirmed.map((p: { userName: string }) => p.userName)).toHaveLength(1);
    expect(list.pending.length).toBeGreaterThan(3);
    expect(list.pending.every((p: { locationId: string }) => p.locationId === koeln)).toBe(true);

    const remind = (await as('personalleitung@example.com', { method: 'POST', url: `/api/news/${id}/remind` })).json();
    expect(remind.reminded).toBe(list.pending.length);
    const azubiTasks = (await as('azubi@example.com', { method: 'GET', url: '/api/task/list/0/all/all/0?taskview=2' })).json().tasks;
    expect(azubiTasks.map((x: { title: string }) => x.title)).toContain('Bitte lesen und bestätigen: Pflichtlektüre');
    // Confirming completes the reminder of that person only.
    await as('azubi@example.com', { method: 'POST', url: `/api/news/${id}/confirm` });
    const open = await t.db
      .select({ n: count() })
      .from(taskAssignments)
      .innerJoin(tasks, eq(tasks.id, taskAssignments.taskId))
      .where(and(eq(tasks.reference, `news-confirmation:${id}`)));
    expect(open[0]!.n).toBe(list.pending.length);
    const after = (await as('personalleitung@example.com', { method: 'GET', url: `/api/news/${id}/confirmations` })).json();
    expect(after.confirmed).toHaveLength(2);

    const xlsx = await as('personalleitung@example.com', { method: 'POST', url: `/api/news/${id}/confirmations/export` });
    expect(xlsx.statusCode).toBe(200);
    const sheet = await readXlsx(xlsx);
    expect(sheet[0]).toEqual(['Name', 'Standort', 'Bestätigt', 'Bestätigt am']);
    expect(sheet.length - 1).toBe(after.confirmed.length + after.pending.length);
  });

  it('an item without confirmation cannot be confirmed', async () => {
    const other = (await create('personalleitung@example.com', { title: 'Ohne Bestätigung' })).json().news.id;
    const res = await as('verkauf@example.com', { method: 'POST', url: `/api/news/${other}/confirm` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MSG.newsNotConfirmable);
  });
});
