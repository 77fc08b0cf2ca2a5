import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';

/** Reads an XLSX answer into rows of cell values (first sheet). */
export async function readXlsx(res: LightMyRequestResponse): Promise<ExcelJS.CellValue[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  return rows;
}
