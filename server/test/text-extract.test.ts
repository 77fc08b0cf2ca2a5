import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { extractText } from '../src/platform/text-extract.ts';

const GERMAN = 'Kassenabschluss am Monatsende – Größe Übergabe';

/** A PDF of the given pages, each page a list of lines, written with pdfkit's built-in Helvetica. */
function pdf(pages: string[][], options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const lines of pages) {
      doc.addPage();
      for (const line of lines) doc.text(line);
    }
    doc.end();
  });
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The smallest DOCX Word opens: content types, the package relationship and the document part. */
function docx(paragraphs: string[], documentXml?: string): Buffer {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>`).join('');
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      '_rels/.rels': strToU8(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      'word/document.xml': strToU8(
        documentXml ??
          '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
            `<w:body>${body}<w:sectPr/></w:body></w:document>`,
      ),
    }),
  );
}

/**
 * A ZIP whose directory lists `count` entries that all point at the same compressed data: a few
 * hundred kilobytes that would inflate to `count` times `content`.
 */
function overlappingZip(name: (i: number) => string, content: string, count: number): Buffer {
  const single = Buffer.from(zipSync({ [name(0)]: strToU8(content) }));
  const cd = single.readUInt32LE(single.length - 6); // offset of the central directory
  const record = single.subarray(cd, cd + 46);
  const records = Array.from({ length: count }, (_, i) => {
    const file = Buffer.from(name(i));
    const r = Buffer.concat([record, file]);
    r.writeUInt16LE(file.length, 28);
    r.writeUInt16LE(0, 30); // no extra field
    r.writeUInt16LE(0, 32); // no comment
    r.writeUInt32LE(0, 42); // the one local header
    return r;
  });
  const directory = Buffer.concat(records);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(cd, 16);
  return Buffer.concat([single.subarray(0, cd), directory, end]);
}

/** Largest gap between the ticks of a 10 ms interval while `work` runs: how long the event loop stood still. */
async function maxLag<T>(work: () => Promise<T>): Promise<{ result: T; lag: number }> {
  let last = performance.now();
  let lag = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    lag = Math.max(lag, now - last - 10);
    last = now;
  }, 10);
  try {
    return { result: await work(), lag };
  } finally {
    clearInterval(tick);
  }
}

describe('extractText', () => {
  it('reads a German PDF over two pages, umlauts and dash included', async () => {
    const bytes = await pdf([[GERMAN], ['Seite zwei: Bestandsübersicht Zentrallager']]);
    const text = await extractText(bytes, 'pdf');
    expect(text).toContain(GERMAN);
    expect(text).toContain('Seite zwei: Bestandsübersicht Zentrallager');
    expect(text.indexOf('Größe')).toBeLessThan(text.indexOf('Seite zwei'));
    expect(text).not.toMatch(/ {2}|\n\n/);
  });

  it('reads the paragraphs of a DOCX, entities and tabs decoded', async () => {
    const text = await extractText(docx([GERMAN, 'Preis & Menge <netto>', '„Übergabeprotokoll“']), 'docx');
    expect(text).toBe(`${GERMAN}\nPreis & Menge <netto>\n„Übergabeprotokoll“`);

    const xml =
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
      '<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr><w:r><w:t>Filiale</w:t></w:r><w:r><w:tab/><w:t>K&#246;ln</w:t></w:r>' +
      '<w:r><w:delText>gelöscht</w:delText></w:r><w:r><w:instrText> PAGE </w:instrText></w:r></w:p>' +
      '<w:p><w:r><w:t>Zeile</w:t><w:br/><w:t>umbrochen</w:t></w:r></w:p><w:p/><w:p/></w:body></w:document>';
    expect(await extractText(docx([], xml), 'docx')).toBe('Filiale Köln\nZeile\numbrochen');
  });

  it('reads the text cells of an XLSX, shared strings as well as inline ones', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Inventur');
    sheet.addRow(['Artikel', 'Menge']);
    sheet.addRow(['Vinylboden Eiche – Größe 2 m²', 12]);
    wb.addWorksheet('Zweites Blatt').addRow(['Übergabe Zentrallager']);
    const shared = Buffer.from(await wb.xlsx.writeBuffer());
    const text = await extractText(shared, 'xlsx');
    expect(text.split('\n')).toEqual(expect.arrayContaining(['Artikel', 'Menge', 'Vinylboden Eiche – Größe 2 m²', 'Übergabe Zentrallager']));

    // The way the portal's own exports are written (platform/exports.ts): streamed, text in the cells.
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on('data', (c: Buffer) => chunks.push(c));
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
    writer.addWorksheet('Export').addRow(['Kassenabschluss', 3, new Date()]).commit();
    await writer.commit();
    expect(await extractText(Buffer.concat(chunks), 'xlsx')).toBe('Kassenabschluss');

    // Inline strings, with rich text runs and Excel's escape of a line break.
    const inline = zipSync({
      'xl/worksheets/sheet1.xml': strToU8(
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">' +
          '<c r="A1" t="inlineStr"><is><r><t>Lager</t></r><r><t xml:space="preserve">bestand &amp; Übergabe</t></r></is></c><c r="B1" s="1"/>' +
          '<c r="C1"><v>42</v></c><c r="D1" t="inlineStr"><is><t>erste_x000A_zweite</t></is></c></row></sheetData></worksheet>',
      ),
    });
    expect(await extractText(Buffer.from(inline), 'xlsx')).toBe('Lagerbestand & Übergabe\nerste\nzweite');
  });

  it('gives an empty text, quickly, for bytes that are no such document', async () => {
    const started = performance.now();
    const good = await pdf([[GERMAN]]);
    expect(await extractText(randomBytes(100_000), 'pdf')).toBe('');
    expect(await extractText(randomBytes(100_000), 'docx')).toBe('');
    expect(await extractText(randomBytes(100_000), 'xlsx')).toBe('');
    expect(await extractText(Buffer.alloc(0), 'pdf')).toBe('');
    expect(await extractText(good.subarray(0, Math.floor(good.length / 3)), 'pdf')).toBe('');
    expect(await extractText(good, 'docx')).toBe('');
    expect(await extractText(docx([GERMAN]), 'pdf')).toBe('');
    expect(await extractText(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 1 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF'), 'pdf')).toBe('');
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('gives an empty text for a password-protected PDF', async () => {
    const bytes = await pdf([[GERMAN]], { userPassword: 'geheim', ownerPassword: 'geheim' });
    expect(await extractText(bytes, 'pdf')).toBe('');
  });

  it('refuses a ZIP bomb, also one whose header understates the size', async () => {
    // 60 MB of text in a DOCX of some 60 KB.
    const huge = '<w:document xmlns:w="x"><w:body><w:p><w:r><w:t>' + 'a'.repeat(60 * 1024 * 1024) + '</w:t></w:r></w:p></w:body></w:document>';
    const bomb = docx([], huge);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    let started = performance.now();
    expect(await extractText(bomb, 'docx')).toBe('');
    expect(performance.now() - started).toBeLessThan(5_000);

    // The same with the central directory claiming 1 KB: inflated no further than that.
    for (let i = bomb.length - 22; i >= 0; i--) {
      if (bomb.readUInt32LE(i) === 0x02014b50 && bomb.toString('latin1', i + 46, i + 46 + 17) === 'word/document.xml') {
        bomb.writeUInt32LE(1024, i + 24);
        break;
      }
    }
    started = performance.now();
    expect(await extractText(bomb, 'docx')).toBe('');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('refuses an overlapping ZIP bomb: many entries, one compressed body', async () => {
    const sheet = '<worksheet><sheetData>' + '<!-- Füllung -->'.repeat(2_500_000) + '</sheetData></worksheet>'; // 40 MB
    const bomb = overlappingZip((i) => `xl/worksheets/sheet${i + 1}.xml`, sheet, 200); // 8 GB inflated
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    let started = performance.now();
    expect(await extractText(bomb, 'xlsx')).toBe('');
    expect(performance.now() - started).toBeLessThan(5_000);

    const docxBomb = overlappingZip(() => 'word/document.xml', `<w:document>${'<w:p/>'.repeat(7_000_000)}</w:document>`, 1000);
    started = performance.now();
    expect(await extractText(docxBomb, 'docx')).toBe('');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('cuts the text at 200,000 characters', async () => {
    const paragraphs = Array.from({ length: 30_000 }, (_, i) => `Absatz ${i}   mit   Text`);
    const text = await extractText(docx(paragraphs), 'docx');
    expect(text.startsWith('Absatz 0 mit Text\nAbsatz 1 mit Text\n')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(200_000);
    expect(text.length).toBeGreaterThan(199_980);
  });

  it('answers several files asked for at once, each with its own text', async () => {
    const files = await Promise.all(['Filiale Nord', 'Filiale Süd', 'Zentrallager'].map((t) => pdf([[t]])));
    const texts = await Promise.all([...files.map((f) => extractText(f, 'pdf')), extractText(randomBytes(500), 'pdf'), extractText(docx(['Wörterbuch']), 'docx')]);
    expect(texts).toEqual(['Filiale Nord', 'Filiale Süd', 'Zentrallager', '', 'Wörterbuch']);
  });

  it('keeps the event loop responsive while a 200-page PDF is read', async () => {
    // About 180,000 characters: all of it within the limit, so the last page must come out.
    const lines = Array.from({ length: 20 }, (_, i) => `Zeile ${i}: Bodenbelag Eiche natur, Größe`);
    const bytes = await pdf(Array.from({ length: 200 }, (_, p) => [`Seite ${p + 1}`, ...lines]));
    const { result, lag } = await maxLag(() => extractText(bytes, 'pdf'));
    expect(result).toContain('Seite 200');
    expect(result.length).toBeGreaterThan(100_000);
    expect(lag).toBeLessThan(200);
  });
});
