import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { count, inArray } from 'drizzle-orm';
import { userGroups } from '../src/modules/teams/teams.table.ts';
import { files } from '../src/platform/files.table.ts';
import { commitFile, orDiscard, receiveFile, stageFile, type UploadRules } from '../src/platform/uploads.ts';
import { buildTestApp, countStored, type TestContext } from './helpers.ts';
import { pdf } from './pdf-text.ts';

/**
 * The upload pipeline of platform/uploads.ts on its own, with the real database and storage:
 * receive (413), stage (bytes against the allowed kinds, HEIC → JPEG, thumbnail), commit with a
 * row or discard; and the download helper's headers. The domains' API tests cover their rules.
 */

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(() => t.close());

const heic = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/foto.heic'));
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const RULES: UploadRules = {
  endingOf: (name) => /\.(pdf|jpg|heic)$/i.exec(name)?.[1]?.toLowerCase() ?? null,
  allowed: { pdf: ['pdf'], jpg: ['jpg'], heic: ['heic', 'heif'] },
  maxBytes: () => 1024 * 1024,
  tooLarge: () => 'Zu groß.',
  refusals: { type: 'Falscher Typ.', empty: 'Leer.', unreadable: 'Unlesbar.' },
  thumbnailWidth: 120,
};

const filesCount = async () => (await t.db.select({ n: count() }).from(files))[0]!.n;
/** How a promise was refused: the status and German message of its error, or null when it was not. */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: { status?: number; message: string }) => ({ status: err.status, message: err.message }),
  );

describe('receiving and staging', () => {
  it('refuses a file past its limit (413), bytes that are not what the name says, and an empty file, keeping nothing', async () => {
    const before = await countStored(t.storage);
    expect(await refusal(receiveFile(t.storage, Readable.from([Buffer.alloc(1024 * 1024 + 1)]), RULES, 'gross.pdf'))).toEqual({ status: 413, message: 'Zu groß.' });
    const renamed = { fileName: 'bild.jpg', stored: await receiveFile(t.storage, Readable.from([PDF]), RULES, 'bild.jpg') };
    expect(await refusal(stageFile(t.storage, renamed, RULES))).toEqual({ status: 400, message: 'Falscher Typ.' });
    expect(await refusal(stageFile(t.storage, { fileName: 'leer.pdf', bytes: Buffer.alloc(0) }, RULES))).toEqual({ status: 400, message: 'Leer.' });
    expect(await refusal(stageFile(t.storage, { fileName: 'makro.docm', bytes: PDF }, RULES))).toEqual({ status: 400, message: 'Falscher Typ.' });
    expect(await countStored(t.storage)).toBe(before);
  });

  it('turns a HEIC into a JPEG with a thumbnail and commits both with the row; the original is not kept', async () => {
    const objects = await countStored(t.storage);
    const staged = await stageFile(t.storage, { fileName: 'regal.heic', stored: await receiveFile(t.storage, Readable.from([heic]), RULES, 'regal.heic') }, RULES);
    expect(staged).toMatchObject({ name: 'regal.jpg', mimeType: 'image/jpeg', kind: 'image', thumbnail: { size: expect.any(Number) }, dominantColor: expect.stringMatching(/^#[0-9a-f]{6}$/) });
    expect((await t.storage.get(staged.storageKey)).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(await countStored(t.storage)).toBe(objects + 2);
    const ids = await t.db.transaction((tx) => commitFile(tx, staged, null));
    const rows = await t.db.select({ name: files.name, storageKey: files.storageKey }).from(files).where(inArray(files.id, [ids.fileId, ids.thumbnailFileId!]));
    expect(rows.map((r) => r.name).sort()).toEqual(['regal.jpg', 'vorschau-regal.jpg']);
  });

  it('discards the stored objects when the row’s transaction fails: no row, no bytes', async () => {
    const [rows, objects] = [await filesCount(), await countStored(t.storage)];
    const staged = await stageFile(t.storage, { fileName: 'foto.heic', bytes: heic }, RULES);
    const failed = orDiscard(t.storage, [staged], () =>
      t.db.transaction(async (tx) => {
        await commitFile(tx, staged, null);
        throw new Error('the row was refused');
      }),
    );
    await expect(failed).rejects.toThrow('the row was refused');
    expect(await filesCount()).toBe(rows);
    expect(await countStored(t.storage)).toBe(objects);
  });
});

describe('downloads', () => {
  // t.login keeps one token per person.
  const as = async (email: string, opts: Parameters<TestContext['as']>[1]) => t.as(await t.login(email), opts);
  const V = 'verwaltung@example.com';
  const FL = 'filialleitung@example.com';

  it('send the name, nosniff and private, no-cache; an unchanged file is a 304, but only while the right holds', async () => {
    const group = new Map((await t.db.select({ id: userGroups.id, name: userGroups.name }).from(userGroups)).map((g) => [g.name, g.id]));
    const folderBody = { name: 'Kasse intern', teams: [group.get('Filialleitung')!] };
    const folder = (await as(V, { method: 'POST', url: '/api/folder', payload: { folder: folderBody } })).json().folder as { id: string };
    const query = new URLSearchParams({ parent: folder.id, name: 'Kassenanweisung.pdf', teams: '' });
    const uploaded = await as(V, { method: 'POST', url: `/api/document?${query}`, payload: await pdf('Tresor'), headers: { 'content-type': 'application/octet-stream' } });
    const url = uploaded.json().document.resourceUri as string;

    const first = await as(FL, { method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers).toMatchObject({ 'cache-control': 'private, no-cache', 'x-content-type-options': 'nosniff', 'content-type': 'application/pdf' });
    expect(first.headers['content-disposition']).toMatch(/^attachment; filename="Kassenanweisung\.pdf"/);
    const etag = String(first.headers.etag);
    const again = await as(FL, { method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // The folder is for Personalleitung now: the copy Filialleitung kept is of no use, the answer is 404.
    const changed = await as(V, { method: 'PUT', url: '/api/folder', payload: { folder: { ...folderBody, __identity: folder.id, teams: [group.get('Personalleitung')!] } } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await as(FL, { method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(404);
  });
});
