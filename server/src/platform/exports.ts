import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { berlinParts } from './dates.ts';

/** One column of an XLSX export: German header, how to read the value, and its cell type. */
export interface XlsxColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | Date | null | undefined;
  /** 'date' takes a Date or 'YYYY-MM-DD' and writes a real date cell (DD.MM.YYYY). */
  type?: 'text' | 'number' | 'date' | 'datetime' | 'boolean';
  width?: number;
}

/** ExcelJS takes a third of a second to load: loaded with the first export, not at start. */
let excel: Promise<typeof ExcelJS> | null = null;
const loadExcel = () => (excel ??= import('exceljs').then((m) => m.default));

/** Loads ExcelJS and runs a tiny workbook through it, so the first real export finds it ready. */
export async function warmUpXlsx(): Promise<void> {
  const ExcelJS = await loadExcel();
  const sink = new PassThrough();
  sink.resume();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  workbook.addWorksheet('x').addRow(['x', 1, new Date()]).commit();
  await workbook.commit();
}

const toExcelDate = (v: unknown): Date | null => {
  if (v instanceof Date) return v;
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) {
    const [y, m, d] = v.split('-').map(Number);
    return new Date(Date.UTC(y!, m! - 1, d!));
  }
  return null;
};

/** Excel has no time zones: a timestamp is written as its wall-clock time in Berlin. */
const berlinWallClock = (d: Date): Date => {
  const p = berlinParts(d);
  return new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)));
};

function cellValue<T>(col: XlsxColumn<T>, row: T): ExcelJS.CellValue {
  const v = col.value(row);
  if (v === null || v === undefined || v === '') return null;
  switch (col.type) {
    case 'date':
      return toExcelDate(v) ?? String(v);
    case 'datetime':
      return v instanceof Date ? berlinWallClock(v) : String(v);
    case 'number':
      return typeof v === 'number' ? v : Number(v);
    case 'boolean':
      return v ? 'Ja' : 'Nein';
    default:
      // Strings are written as text cells, never as formulas: '=SUM(…)' stays literal text.
      return String(v);
  }
}

/** Content-Disposition for a German file name (ASCII fallback plus RFC 5987 UTF-8 name). */
export function attachment(filename: string): string {
  const ascii = filename.normalize('NFKD').replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Streams an XLSX file to the client: rows are written as they come (batches from the
 * database), so a large export never sits in memory as a whole. The first batch is read before
 * the answer starts, so a query that fails is answered as an error, not as a broken download.
 */
export async function sendXlsx<T>(
  reply: FastifyReply,
  opts: { filename: string; sheet: string; title?: string; columns: XlsxColumn<T>[]; rows: AsyncIterable<readonly T[]> | readonly T[] },
) {
  const batches = asBatches(opts.rows);
  const [first, ExcelJS] = await Promise.all([batches.next(), loadExcel()]);
  const stream = new PassThrough();
  reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', attachment(opts.filename))
    .header('Cache-Control', 'no-store')
    .send(stream);
  await writeWorkbook(ExcelJS, stream, opts, first, batches);
  return reply;
}

/** A small XLSX file as bytes (an overview inside another download). */
export async function xlsxBytes<T>(opts: { sheet: string; columns: XlsxColumn<T>[]; rows: readonly T[] }): Promise<Buffer> {
  const batches = asBatches(opts.rows);
  const [first, ExcelJS] = await Promise.all([batches.next(), loadExcel()]);
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  await writeWorkbook(ExcelJS, stream, opts, first, batches);
  return Buffer.concat(chunks);
}

async function writeWorkbook<T>(
  ExcelJS: typeof import('exceljs'),
  stream: PassThrough,
  opts: { sheet: string; columns: XlsxColumn<T>[] },
  first: IteratorResult<readonly T[]>,
  batches: AsyncGenerator<readonly T[]>,
) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Filialportal';
  const sheet = workbook.addWorksheet(opts.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = opts.columns.map((c) => ({
    header: c.header,
    width: c.width ?? Math.max(12, c.header.length + 4),
    style: c.type === 'date' ? { numFmt: 'DD.MM.YYYY' } : c.type === 'datetime' ? { numFmt: 'DD.MM.YYYY HH:MM' } : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF7A5230' } };
  header.commit();
  const write = (batch: readonly T[]) => {
    for (const row of batch) sheet.addRow(opts.columns.map((c) => cellValue(c, row))).commit();
  };
  if (!first.done) write(first.value);
  for await (const batch of batches) write(batch);
  sheet.commit();
  await workbook.commit();
}

async function* asBatches<T>(rows: AsyncIterable<readonly T[]> | readonly T[]): AsyncGenerator<readonly T[]> {
  if (Array.isArray(rows)) yield rows as readonly T[];
  else yield* rows as AsyncIterable<readonly T[]>;
}

/** Reads a query page by page (offset paging with a stable order) for streaming exports. */
export async function* inBatches<T>(fetchPage: (limit: number, offset: number) => Promise<T[]>, size = 1000): AsyncIterable<T[]> {
  for (let offset = 0; ; offset += size) {
    const rows = await fetchPage(size, offset);
    if (rows.length) yield rows;
    if (rows.length < size) return;
  }
}
