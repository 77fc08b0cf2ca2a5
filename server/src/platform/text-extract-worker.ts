import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { unzipSync } from 'fflate';

/**
 * The text of one uploaded PDF, DOCX or XLSX for the document search. Parsing runs here, in a
 * thread of its own, because a large or hostile file keeps a parser busy for seconds; the server
 * thread (text-extract.ts) only waits for the answer and ends this thread when it takes too long.
 * Every failure yields '' — an unreadable file is simply not found by its content.
 */

export type TextKind = 'pdf' | 'docx' | 'xlsx';
export type TextRequest = { id: number; kind: TextKind; bytes: Uint8Array };
export type TextResponse = { id: number; text: string };

/** What the search index keeps of one document; the rest is cut. */
const MAX_CHARS = 200_000;
/** PDF pages read; a report of thousands of pages is found by its beginning. */
const MAX_PAGES = 500;
/**
 * Largest uncompressed ZIP entry read. A DOCX's text part of 50 MB is already a book of ten
 * thousand pages; beyond it the file is treated as a ZIP bomb and gives ''.
 */
const MAX_ENTRY_BYTES = 50 * 1024 * 1024;
/** All entries of one file together; a workbook beyond it is indexed by the sheets read so far. */
const MAX_INFLATED_BYTES = 200 * 1024 * 1024;
/** Sheets read of a workbook: every one costs a pass over the ZIP's directory. */
const MAX_SHEETS = 1000;

/**
 * Gathers raw text and stops a parser early: four times the limit, so that a document padded
 * with whitespace (collapsed at the end) still fills the limit, and a huge one is not read to
 * its end.
 */
class TextSink {
  private parts: string[] = [];
  private length = 0;
  add(text: string): void {
    if (this.full) return;
    this.parts.push(text);
    this.length += text.length;
  }
  get full(): boolean {
    return this.length >= MAX_CHARS * 4;
  }
  toString(): string {
    return normalize(this.parts.join(''));
  }
}

/**
 * Runs of spaces become one space, runs of line breaks (with the spaces around them) one line
 * break; control characters go (PostgreSQL refuses U+0000 in text), decomposed umlauts are
 * composed (a search for „Größe“ must find what Word stored as o + combining diaeresis).
 * Cut at MAX_CHARS without splitting a surrogate pair.
 */
function normalize(raw: string): string {
  let text = raw
    .replace(/[\u00AD\u200B\uFEFF]/g, '') // soft hyphen, zero-width space, BOM: invisible, and they would split words
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, ' ')
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .toWellFormed()
    .normalize('NFC')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n[\s]*/g, '\n')
    .trim();
  if (text.length > MAX_CHARS) {
    text = text.slice(0, MAX_CHARS);
    if (/[\uD800-\uDBFF]$/.test(text)) text = text.slice(0, -1);
    text = text.trimEnd();
  }
  return text;
}

// --- PDF -------------------------------------------------------------------------------------

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<Pdfjs> | undefined;
/** Loaded at the first PDF only: a thread that reads DOCX files does not pay for it. */
const loadPdfjs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/**
 * Character maps of CJK fonts, read from the package (never fetched): without them such text
 * comes out empty. Found from this file's place, in the sources as in the server bundle.
 */
const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

async function pdfText(bytes: Uint8Array, sink: TextSink): Promise<void> {
  const { getDocument } = await loadPdfjs();
  const task = getDocument({
    data: bytes,
    // No code generated from the file's contents, no fonts or system fonts loaded, no network.
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    enableXfa: false,
    cMapUrl: `${path.join(pdfjsDir, 'cmaps')}/`,
    cMapPacked: true,
    standardFontDataUrl: `${path.join(pdfjsDir, 'standard_fonts')}/`,
    verbosity: 0, // errors only: broken files are expected, their warnings are no news
  });
  try {
    const doc = await task.promise;
    const pages = Math.min(doc.numPages, MAX_PAGES);
    for (let n = 1; n <= pages && !sink.full; n++) {
      let page;
      try {
        page = await doc.getPage(n);
        const content = await page.getTextContent();
        for (const item of content.items) {
          if (!('str' in item)) continue; // marked content: structure, no text
          sink.add(item.str);
          if (item.hasEOL) sink.add('\n');
        }
        sink.add('\n');
      } catch {
        // One broken page does not cost the text of the others.
      } finally {
        page?.cleanup();
      }
    }
  } finally {
    await task.destroy();
  }
}

// --- DOCX and XLSX (Office Open XML: a ZIP of XML parts) ----------------------------------------

class Refused extends Error {}

/**
 * An Office file's ZIP, its entries inflated one at a time when asked for. Sizes are the ones
 * the central directory declares: fflate inflates into a buffer of exactly that size, so a
 * header that understates an entry cannot make it larger. A name that appears twice is read
 * once, and all entries read together stay within MAX_INFLATED_BYTES, so entries that share
 * their compressed data (an overlapping ZIP bomb) cost no more than one large file.
 */
class OfficeZip {
  readonly names: string[] = [];
  private budget = MAX_INFLATED_BYTES;
  constructor(private readonly bytes: Uint8Array) {
    const seen = new Set<string>();
    unzipSync(bytes, {
      filter: (f) => {
        if (!seen.has(f.name)) this.names.push(f.name);
        seen.add(f.name);
        return false;
      },
    });
  }

  /** An entry as text; null when absent or when the file's budget is spent. Refuses an entry over MAX_ENTRY_BYTES. */
  text(name: string): string | null {
    let found = false;
    const entry = unzipSync(this.bytes, {
      filter: (f) => {
        if (found || f.name !== name) return false;
        found = true;
        // A stored (uncompressed) entry is copied at its compressed size, whatever it declares.
        const bytes = Math.max(f.originalSize, f.size);
        if (bytes > MAX_ENTRY_BYTES) throw new Refused(`${name}: ${bytes} bytes`);
        if (bytes > this.budget) return false;
        this.budget -= bytes;
        return true;
      },
    })[name];
    return entry ? new TextDecoder().decode(entry) : null;
  }
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML character data to text: the five named entities and numeric character references. */
function decodeXml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(?:#(\d{1,8})|#x([0-9a-fA-F]{1,8})|(lt|gt|amp|quot|apos));/g, (_all, dec?: string, hex?: string, name?: string) => {
    if (name) return ENTITIES[name]!;
    const code = dec ? Number.parseInt(dec, 10) : Number.parseInt(hex!, 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/**
 * word/document.xml: text runs (<w:t>), tabs and breaks inside runs, a line per paragraph.
 * Deleted text of tracked changes (<w:delText>) and field codes (<w:instrText>) are not what the
 * reader sees and stay out. A run's tab is `<w:tab/>` without attributes; the ones with
 * attributes are tab stop definitions.
 */
function docxText(zip: Uint8Array, sink: TextSink): void {
  const xml = new OfficeZip(zip).text('word/document.xml');
  if (!xml) return;
  for (const m of xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\/>|<w:(?:br|cr)\b[^>]*\/>|<\/w:p>/g)) {
    if (sink.full) return;
    if (m[1] !== undefined) sink.add(decodeXml(m[1]));
    else sink.add(m[0] === '<w:tab/>' ? ' ' : '\n');
  }
}

/** Excel's escape of characters XML cannot hold: _x000D_ for a carriage return. */
const decodeXlsx = (s: string) => decodeXml(s).replace(/_x([0-9A-Fa-f]{4})_/g, (_all, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** The text of all <t> elements inside one string item (<si> or <is>), phonetic guides left out. */
function stringItem(inner: string): string {
  let text = '';
  for (const t of inner.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)) text += decodeXlsx(t[1]!);
  return text;
}

/**
 * Text cells, which are what one searches a spreadsheet for: the shared strings (every distinct
 * text of the workbook, once) and the cells that carry their text themselves, inline strings
 * (<is>) and string cells (t="str", as ExcelJS's streaming writer writes all text, the
 * portal's own exports included). Numbers, dates and formulas stay out.
 */
function xlsxText(zip: Uint8Array, sink: TextSink): void {
  const office = new OfficeZip(zip);
  const shared = office.text('xl/sharedStrings.xml');
  for (const m of shared?.matchAll(/<si>([\s\S]*?)<\/si>/g) ?? []) {
    if (sink.full) return;
    sink.add(stringItem(m[1]!) + '\n');
  }
  const sheets = office.names
    .filter((name) => /^xl\/worksheets\/[^/]+\.xml$/.test(name))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .slice(0, MAX_SHEETS);
  for (const name of sheets) {
    const xml = office.text(name);
    // A cell: its attributes, then either `/>` or its content up to </c>.
    for (const m of xml?.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g) ?? []) {
      if (sink.full) return;
      const type = /\bt=["'](\w+)["']/.exec(m[1]!)?.[1];
      const inner = m[2] ?? '';
      if (type === 'inlineStr') sink.add(stringItem(/<is>([\s\S]*?)<\/is>/.exec(inner)?.[1] ?? '') + '\n');
      else if (type === 'str') sink.add(decodeXlsx(/<v>([^<]*)<\/v>/.exec(inner)?.[1] ?? '') + '\n');
    }
  }
}

async function extract(bytes: Uint8Array, kind: TextKind): Promise<string> {
  const sink = new TextSink();
  try {
    if (kind === 'pdf') await pdfText(bytes, sink);
    else if (kind === 'docx') docxText(bytes, sink);
    else if (kind === 'xlsx') xlsxText(bytes, sink);
  } catch {
    return ''; // corrupt, encrypted, not of this kind, or refused as a ZIP bomb
  }
  return sink.toString();
}

parentPort?.on('message', (req: TextRequest) => {
  void extract(req.bytes, req.kind)
    .catch(() => '')
    .then((text) => parentPort!.postMessage({ id: req.id, text } satisfies TextResponse));
});
