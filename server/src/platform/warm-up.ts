import { publicHolidays } from '@filialportal/core/holidays';
import { currentYear } from './dates.ts';
import { warmUpXlsx } from './exports.ts';
import { loadSharp } from './images.ts';
import { loadPdfKit } from './pdf.ts';

/**
 * Loads the large modules that routes import on first use (ExcelJS, pdfkit, sharp, file-type,
 * nodemailer, date-holidays). Start-up does not wait for them, but loading a module parses it on
 * the event loop: left to the first export or upload, that request would stall every other one
 * for most of a second. The server calls this right after it listens.
 */
export async function warmUpModules(): Promise<void> {
  for (const load of [warmUpXlsx, loadPdfKit, loadSharp, () => import('file-type'), () => import('nodemailer')]) {
    await load();
    // One module per turn, so requests arriving meanwhile are answered between them.
    await new Promise((resolve) => setImmediate(resolve));
  }
  publicHolidays('NW', currentYear());
}
