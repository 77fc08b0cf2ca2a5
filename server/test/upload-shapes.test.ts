import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { ADVERTISING_FILE_MAX_BYTES } from '@filialportal/core/advertising';
import { DOCUMENT_MAX_BYTES } from '@filialportal/core/documents';
import { MSG } from '@filialportal/core/messages';
import { advertisings } from '../src/modules/advertising/advertising.table.ts';
import { libraryDocuments, libraryFolders } from '../src/modules/documents/documents.table.ts';
import { userGroups } from '../src/modules/teams/teams.table.ts';
import { todayIso } from '../src/platform/dates.ts';
import { files } from '../src/platform/files.table.ts';
import { buildTestApp, countStored, type TestContext } from './helpers.ts';
import { pdf } from './pdf-text.ts';

/**
 * POST/PUT /document and /advertising in the spec's shapes (spec 2 §7), beside the web's raw
 * upload: JSON with the files as data URLs, and multipart/form-data. The same limits and checks
 * of the bytes, all or nothing, German refusals that leave no row and no stored object.
 */

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
}, 120_000);
afterAll(() => t.close());

// t.login keeps one token per person.
const as = async (email: string, opts: Parameters<TestContext['as']>[1]) => t.as(await t.login(email), opts);
const V = 'verwaltung@example.com';
const VK = 'verkauf@example.com';
const VL = 'vertriebsleitung@example.com';
/** The event loop may stand still this long at most (as in security/event-loop.test.ts). */
const BLOCK_MS = 150;

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
const json = (payload: unknown) => ({ payload: Buffer.from(JSON.stringify(payload)), headers: { 'content-type': 'application/json' } });

type Part = { name: string; value: string; type?: string } | { name: string; filename: string; bytes: Buffer; type?: string };
/** A multipart/form-data body as browsers send it (file names as UTF-8). */
function multipart(parts: Part[]) {
  const boundary = `----filialportal${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const filename = 'filename' in p ? `; filename="${p.filename}"` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${filename}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push('bytes' in p ? p.bytes : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Everything an upload can leave behind: rows and stored objects. */
const state = async () => ({
  documents: (await t.db.select({ n: count() }).from(libraryDocuments))[0]!.n,
  folders: (await t.db.select({ n: count() }).from(libraryFolders))[0]!.n,
  advertisings: (await t.db.select({ n: count() }).from(advertisings))[0]!.n,
  files: (await t.db.select({ n: count() }).from(files))[0]!.n,
  stored: await countStored(t.storage),
});

let folderSeq = 0;
async function folder(extra: Record<string, unknown> = {}) {
  const res = await as(V, { method: 'POST', url: '/api/folder', payload: { folder: { name: `Uploadordner ${++folderSeq}`, ...extra } } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().folder.id as string;
}
const download = async (email: string, uri: string) => {
  const res = await as(email, { method: 'GET', url: uri });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
};

let png: Buffer;
const heic = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/foto.heic'));
beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8a6d3b' } }).png().toBuffer();
});

describe('POST /document in the spec’s shapes', () => {
  it('takes JSON with several files as data URLs: each becomes a document with its name, bytes and searchable text', async () => {
    const parent = await folder();
    const [a, b] = [await pdf('Verlegeanleitung Klickvinyl Nordwand'), await pdf('Pflegehinweise Eichenparkett geölt')];
    const body = JSON.stringify({
      document: { parent, teams: [] },
      files: [
        { fileName: 'anleitung.pdf', name: 'anleitung.pdf', size: a.length, type: 'application/pdf', data: dataUrl('application/pdf', a), preview: dataUrl('application/pdf', a) },
        { fileName: 'pflege.pdf', data: dataUrl('application/pdf', b) },
      ],
      fileNames: ['Verlegeanleitung.pdf', ''],
    });
    // Some encoders escape every slash ("application\/pdf", base64 too); JSON allows it.
    const res = await as(V, { method: 'POST', url: '/api/document', payload: body.replace(/\//g, '\\/'), headers: { 'content-type': 'application/json' } });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json();
    expect(saved.folder).toBe(parent);
    expect(saved.documents.map((d: { name: string }) => d.name)).toEqual(['Verlegeanleitung.pdf', 'pflege.pdf']);
    expect(saved.document.id).toBe(saved.documents[0].id);
    expect(await download(VK, saved.documents[0].resourceUri)).toEqual(a);
    expect(await download(VK, saved.documents[1].resourceUri)).toEqual(b);
    const found = (await as(V, { method: 'POST', url: '/api/documentsearch/Eichenparkett' })).json();
    expect(found.documents.map((d: { id: string }) => d.id)).toContain(saved.documents[1].id);
  });

  it('takes multipart with the document part and file parts, into a new folder, umlauts in names intact', async () => {
    const parent = await folder();
    const [a, b] = [await pdf('Preisliste Laminat'), await pdf('Preisliste Vinyl')];
    const res = await as(V, {
      method: 'POST',
      url: '/api/document',
      ...multipart([
        { name: 'document', value: JSON.stringify({ parent }), type: 'application/json' },
        { name: 'newFolderName', value: 'Preislisten Böden' },
        { name: 'files[]', filename: 'Laminat Größen.pdf', bytes: a, type: 'application/pdf' },
        { name: 'files[]', filename: 'Vinyl.pdf', bytes: b, type: 'application/pdf' },
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.documents.map((d: { name: string }) => d.name)).toEqual(['Laminat Größen.pdf', 'Vinyl.pdf']);
    const shown = (await as(V, { method: 'GET', url: `/api/folder/show/${body.folder}` })).json().folder;
    expect(shown).toMatchObject({ name: 'Preislisten Böden', parent, countItems: 2 });
    expect(await download(V, body.documents[0].resourceUri)).toEqual(a);

    // The entity part as a Blob (what a browser's FormData sends for JSON): a file part named 'document'.
    const blob = await as(V, {
      method: 'POST',
      url: '/api/document',
      ...multipart([
        { name: 'document', filename: 'blob', bytes: Buffer.from(JSON.stringify({ parent, name: 'Einzeln.pdf' })), type: 'application/json' },
        { name: 'file', filename: 'x.pdf', bytes: b },
      ]),
    });
    expect(blob.statusCode, blob.body).toBe(200);
    expect(blob.json().document.name).toBe('Einzeln.pdf');
  });

  it('keeps nothing when one of several files is refused: no row, no folder, no stored object', async () => {
    const parent = await folder();
    const good = await pdf('gut');
    const before = await state();
    const pngAsPdf = { fileName: 'bild.pdf', data: dataUrl('application/pdf', png) };
    const cases: [string, Parameters<TestContext['as']>[1], number, string][] = [
      ['a refused second file', { ...json({ document: { parent }, newFolderName: 'Nie angelegt', files: [{ fileName: 'gut.pdf', data: dataUrl('application/pdf', good) }, pngAsPdf] }) }, 400, MSG.documentType],
      ['multipart, a refused second file', multipart([{ name: 'document', value: JSON.stringify({ parent }) }, { name: 'newFolderName', value: 'Nie angelegt' }, { name: 'files', filename: 'gut.pdf', bytes: good }, { name: 'files', filename: 'tabelle.xlsx', bytes: good }]), 400, MSG.documentType],
      ['no file', json({ document: { parent }, files: [] }), 400, MSG.documentFileRequired],
      ['an empty data URL', json({ document: { parent }, files: [{ fileName: 'a.pdf', data: 'data:application/pdf;base64,' }] }), 400, MSG.documentFileRequired],
      ['no folder', json({ document: {}, files: [{ fileName: 'a.pdf', data: dataUrl('application/pdf', good) }] }), 400, MSG.documentFolderRequired],
      ['no base64', json({ document: { parent }, files: [{ fileName: 'a.pdf', data: 'data:application/pdf;base64,JVBE%%RGVm' }] }), 400, MSG.uploadDataInvalid],
      ['no data URL', json({ document: { parent }, files: [{ fileName: 'a.pdf', data: 'data:application/pdf,JVBERi0x' }] }), 400, MSG.uploadDataInvalid],
      ['base64 in the middle of padding', json({ document: { parent }, files: [{ fileName: 'a.pdf', data: 'data:application/pdf;base64,JVBE=RGVm' }] }), 400, MSG.uploadDataInvalid],
      ['too many files', json({ document: { parent }, files: Array.from({ length: 21 }, (_, i) => ({ fileName: `d${i}.pdf`, data: dataUrl('application/pdf', good) })) }), 400, MSG.uploadTooManyFiles.replace('{n}', '20')],
      ['broken JSON after a file', { payload: `{"document":{"parent":"${parent}"},"files":[{"fileName":"a.pdf","data":"${dataUrl('application/pdf', good)}"}],`, headers: { 'content-type': 'application/json' } }, 400, MSG.invalidJson],
      ['a prototype key', { payload: `{"document":{"parent":"${parent}","__proto__":{"x":1}},"files":[{"fileName":"a.pdf","data":"${dataUrl('application/pdf', good)}"}]}`, headers: { 'content-type': 'application/json' } }, 400, MSG.invalidJson],
      ['a NUL in a field', json({ document: { parent, name: 'a\u0000b.pdf' }, files: [{ fileName: 'a.pdf', data: dataUrl('application/pdf', good) }] }), 400, MSG.invalidCharacters],
      ['broken multipart', { payload: Buffer.from('--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\nabc'), headers: { 'content-type': 'multipart/form-data; boundary=x' } }, 400, MSG.multipartInvalid],
      ['a text field past the JSON limit', json({ document: { parent, name: 'x'.repeat(1_100_000) }, files: [{ fileName: 'a.pdf', data: dataUrl('application/pdf', good) }] }), 413, MSG.bodyTooLarge],
    ];
    for (const [what, req, status, message] of cases) {
      const res = await as(V, { method: 'POST', url: '/api/document', ...req });
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(res.json().error.message, what).toBe(message);
      expect(await state(), what).toEqual(before);
    }
  });

  it('refuses strangers, a missing right and a closed folder before keeping anything', async () => {
    const [verwaltung] = await t.db.select({ id: userGroups.id }).from(userGroups).where(eq(userGroups.name, 'Verwaltung'));
    const closed = await folder({ name: 'Nur Verwaltung lädt hoch (Upload)', teamsUpload: [verwaltung!.id] });
    const file = { fileName: 'a.pdf', data: dataUrl('application/pdf', await pdf('x')) };
    const before = await state();
    expect((await t.app.inject({ method: 'POST', url: '/api/document', ...json({ document: { parent: closed }, files: [file] }) })).statusCode).toBe(401);
    expect((await as(VK, { method: 'POST', url: '/api/document', ...json({ document: { parent: closed }, files: [file] }) })).statusCode).toBe(403);
    for (const req of [json({ document: { parent: closed }, files: [file] }), json({ document: { parent: closed }, newFolderName: 'Darunter', files: [file] })]) {
      const refused = await as('personalleitung@example.com', { method: 'POST', url: '/api/document', ...req });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(MSG.documentUploadNotAllowed.replace('{name}', 'Nur Verwaltung lädt hoch (Upload)'));
    }
    expect(await state()).toEqual(before);
  });

  it('answers 413 with the library’s message for a file past 50 MB, keeps nothing, and reads it without holding the event loop', async () => {
    const parent = await folder();
    const big = Buffer.alloc(DOCUMENT_MAX_BYTES + 1, 0x20);
    big.write('%PDF-1.4\n');
    const payload = Buffer.from(JSON.stringify({ document: { parent }, files: [{ fileName: 'handbuch.pdf', data: dataUrl('application/pdf', big) }] }));
    const before = await state();
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    const res = await as(V, { method: 'POST', url: '/api/document', payload, headers: { 'content-type': 'application/json' } });
    const took = performance.now() - started;
    delay.disable();
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error.message).toBe(MSG.documentTooLarge);
    expect(await state()).toEqual(before);
    console.log(`70 MB JSON (50 MB + 1 byte as data URL): ${Math.round(took)} ms, event loop held at most ${Math.round(delay.max / 1e6)} ms`);
    expect(delay.max / 1e6).toBeLessThan(BLOCK_MS);
  }, 120_000);
});

describe('PUT /document in the spec’s shapes', () => {
  it('replaces the file of a document with one new file: same id, new bytes, the old ones gone', async () => {
    const parent = await folder();
    const first = await pdf('Fassung 1');
    const created = (await as(V, { method: 'POST', url: '/api/document', ...json({ document: { parent }, files: [{ fileName: 'Hausordnung.pdf', data: dataUrl('application/pdf', first) }] }) })).json().document;
    await as(V, { method: 'PUT', url: `/api/documentsl/${created.id}`, payload: { shortLink: 'hausordnung_upload' } });
    const before = await state();
    const second = await pdf('Fassung 2 mit Brandschutz');
    const res = await as(V, {
      method: 'PUT',
      url: '/api/document',
      ...json({ document: { __identity: created.id, parent, name: 'Hausordnung 2026.pdf', teams: [] }, files: [{ fileName: 'neu.pdf', data: dataUrl('application/pdf', second) }] }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().document).toMatchObject({ id: created.id, name: 'Hausordnung 2026.pdf', size: second.length, shortLink: 'hausordnung_upload' });
    expect(await download(VK, created.resourceUri)).toEqual(second);
    // One file row and one stored object replaced by another.
    expect(await state()).toEqual(before);
    const found = (await as(V, { method: 'POST', url: '/api/documentsearch/Brandschutz' })).json();
    expect(found.documents.map((d: { id: string }) => d.id)).toContain(created.id);

    // Multipart too, and into a new folder.
    const third = await pdf('Fassung 3');
    const moved = await as(V, {
      method: 'PUT',
      url: '/api/document',
      ...multipart([
        { name: 'document', value: JSON.stringify({ __identity: created.id, parent, name: 'Hausordnung.pdf' }) },
        { name: 'newFolderName', value: 'Archiv' },
        { name: 'file', filename: 'drei.pdf', bytes: third },
      ]),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().document.parent).not.toBe(parent);
    expect(await download(VK, created.resourceUri)).toEqual(third);
  });

  it('changes nothing when refused: two files, wrong bytes, an unknown document; the web’s shape still works', async () => {
    const parent = await folder();
    const original = await pdf('Original');
    const created = (await as(V, { method: 'POST', url: '/api/document', ...json({ document: { parent }, files: [{ fileName: 'Original.pdf', data: dataUrl('application/pdf', original) }] }) })).json().document;
    const before = await state();
    const file = { fileName: 'n.pdf', data: dataUrl('application/pdf', await pdf('neu')) };
    const cases: [unknown, number, string][] = [
      [{ document: { __identity: created.id, parent, name: 'X.pdf' }, files: [file, file] }, 400, MSG.documentOneFile],
      [{ document: { __identity: created.id, parent, name: 'X.pdf' }, files: [{ fileName: 'n.pdf', data: dataUrl('image/png', png) }] }, 400, MSG.documentType],
      [{ document: { __identity: '00000000-0000-4000-8000-000000000000', parent, name: 'X.pdf' }, files: [file] }, 404, MSG.documentUnknown],
      [{ document: { __identity: created.id, parent, name: '' }, files: [file] }, 400, MSG.documentNameRequired],
    ];
    for (const [payload, status, message] of cases) {
      const res = await as(V, { method: 'PUT', url: '/api/document', ...json(payload) });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.message).toBe(message);
      expect(await state()).toEqual(before);
    }
    expect(await download(V, created.resourceUri)).toEqual(original);
    const [row] = await t.db.select({ name: libraryDocuments.name }).from(libraryDocuments).where(eq(libraryDocuments.id, created.id));
    expect(row!.name).toBe('Original.pdf');

    const web = await as(V, { method: 'PUT', url: '/api/document', payload: { document: { __identity: created.id, name: 'Umbenannt.pdf', parent, teams: [] } } });
    expect(web.statusCode, web.body).toBe(200);
    expect(web.json().document.name).toBe('Umbenannt.pdf');
    expect(await download(V, created.resourceUri)).toEqual(original);
  });
});

describe('POST and PUT /advertising in the spec’s shapes', () => {
  const today = todayIso();
  const fields = { title: 'Aktion Frühjahr', showFrom: today, dateFrom: today, dateTill: null, articles: ['LA-100', 'VI-200'] };

  it('creates an entry from JSON with the file as data URL: thumbnail, bytes, fields', async () => {
    const res = await as(VL, { method: 'POST', url: '/api/advertising', ...json({ advertising: { ...fields, name: 'plakat.png' }, file: { fileName: '', name: '', data: dataUrl('image/png', png) } }) });
    expect(res.statusCode, res.body).toBe(200);
    const entry = res.json().advertising;
    expect(entry).toMatchObject({ title: 'Aktion Frühjahr', name: 'plakat.png', articles: ['LA-100', 'VI-200'], mimeType: 'image/png' });
    expect(entry.thumbnailUri).toBeTruthy();
    expect(await download(VK, entry.resourceUri)).toEqual(png);
    expect((await download(VK, entry.thumbnailUri)).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('creates an entry from multipart and turns a HEIC into a JPEG', async () => {
    const res = await as(VL, {
      method: 'POST',
      url: '/api/advertising',
      ...multipart([
        { name: 'advertising', value: JSON.stringify({ ...fields, title: 'Fotoaktion' }), type: 'application/json' },
        { name: 'file', filename: 'Schaufenster.HEIC', bytes: heic, type: 'image/heic' },
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().advertising).toMatchObject({ title: 'Fotoaktion', name: 'Schaufenster.jpg', mimeType: 'image/jpeg' });
  });

  it('replaces the file with PUT { advertising, file }, keeps it with PUT { advertising }, and changes nothing when refused', async () => {
    const created = (await as(VL, { method: 'POST', url: '/api/advertising', ...json({ advertising: fields, file: { fileName: 'alt.pdf', data: dataUrl('application/pdf', await pdf('alt')) } }) })).json().advertising;
    const before = await state();
    const fresh = await pdf('neu');
    const res = await as(VL, { method: 'PUT', url: '/api/advertising', ...json({ advertising: { ...fields, __identity: created.id, title: 'Aktion Sommer' }, file: { fileName: 'neu.pdf', data: dataUrl('application/pdf', fresh) } }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().advertising).toMatchObject({ id: created.id, title: 'Aktion Sommer', name: 'neu.pdf' });
    expect(await download(VK, created.resourceUri)).toEqual(fresh);
    expect(await state()).toEqual(before);

    // A file object without data (the client sends back what it got) keeps the file.
    const kept = await as(VL, { method: 'PUT', url: '/api/advertising', ...json({ advertising: { ...fields, __identity: created.id, title: 'Aktion Herbst' }, file: { name: 'neu.pdf', resourceUri: created.resourceUri } }) });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await download(VK, created.resourceUri)).toEqual(fresh);

    const refused: [unknown, number, string][] = [
      [{ advertising: { ...fields, __identity: created.id, title: 'Nie' }, file: { fileName: 'x.png', data: dataUrl('image/png', Buffer.from('kein Bild')) } }, 400, MSG.advertisingFileType],
      [{ advertising: { ...fields, __identity: created.id, title: '' }, file: { fileName: 'x.pdf', data: dataUrl('application/pdf', fresh) } }, 400, MSG.advertisingTitleRequired],
      [{ advertising: { ...fields, __identity: created.id, title: 'Nie' }, file: { fileName: 'x.exe', data: dataUrl('application/pdf', fresh) } }, 400, MSG.advertisingFileType],
    ];
    for (const [payload, status, message] of refused) {
      const r = await as(VL, { method: 'PUT', url: '/api/advertising', ...json(payload) });
      expect(r.statusCode, r.body).toBe(status);
      expect(r.json().error.message).toBe(message);
      expect(await state()).toEqual(before);
    }
    const [row] = await t.db.select({ title: advertisings.title }).from(advertisings).where(eq(advertisings.id, created.id));
    expect(row!.title).toBe('Aktion Herbst');
    expect(await download(VK, created.resourceUri)).toEqual(fresh);
  });

  it('refuses a missing file, a picture past 25 MB and a stranger, keeping nothing', async () => {
    const before = await state();
    const noFile = await as(VL, { method: 'POST', url: '/api/advertising', ...json({ advertising: { ...fields, name: 'a.pdf' } }) });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.message).toBe(MSG.advertisingFileRequired);
    const big = Buffer.alloc(ADVERTISING_FILE_MAX_BYTES + 1);
    png.copy(big);
    for (const req of [json({ advertising: fields, file: { data: dataUrl('image/png', big), fileName: 'riesig.png' } }), multipart([{ name: 'advertising', value: JSON.stringify(fields) }, { name: 'file', filename: 'riesig.png', bytes: big }])]) {
      const res = await as(VL, { method: 'POST', url: '/api/advertising', ...req });
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().error.message).toBe(MSG.advertisingFileTooLarge);
    }
    const stranger = await as(VK, { method: 'POST', url: '/api/advertising', ...json({ advertising: fields, file: { fileName: 'a.png', data: dataUrl('image/png', png) } }) });
    expect(stranger.statusCode).toBe(403);
    expect(await state()).toEqual(before);
  }, 60_000);

  it('stores a 25 MB file sent as a 34 MB JSON body without holding the event loop', async () => {
    const big = Buffer.alloc(ADVERTISING_FILE_MAX_BYTES, 0x20);
    big.write('%PDF-1.4\n');
    const payload = Buffer.from(JSON.stringify({ advertising: { ...fields, title: 'Großer Prospekt' }, file: { fileName: 'prospekt.pdf', data: dataUrl('application/pdf', big) } }));
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const res = await as(VL, { method: 'POST', url: '/api/advertising', payload, headers: { 'content-type': 'application/json' } });
    delay.disable();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().advertising.size).toBe(ADVERTISING_FILE_MAX_BYTES);
    console.log(`34 MB JSON (25 MB as data URL): event loop held at most ${Math.round(delay.max / 1e6)} ms`);
    expect(delay.max / 1e6).toBeLessThan(BLOCK_MS);
  }, 120_000);
});
