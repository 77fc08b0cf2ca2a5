import type { FastifyInstance } from 'fastify';
import { publicHolidays } from '@filialportal/core/holidays';
import { currentYear } from './dates.ts';
import { warmUpXlsx } from './exports.ts';
import { loadSharp } from './images.ts';
import { loadPdfKit } from './pdf.ts';

/**
 * Loads the large modules that routes import on first use (ExcelJS, pdfkit, sharp, file-type,
 * nodemailer, date-holidays). Loading a module parses it on the event loop: left to the first
 * export or upload, that request would stall every other one for most of a second.
 */
export async function warmUpModules(): Promise<void> {
  for (const load of [warmUpXlsx, loadPdfKit, loadSharp, () => import('file-type'), () => import('nodemailer')]) {
    await load();
    // One module per turn, so requests arriving meanwhile are answered between them.
    await new Promise((resolve) => setImmediate(resolve));
  }
  publicHolidays('NW', currentYear());
}

/**
 * Warms up after the first answer to a signed-in person, not at start: an instance nobody works on
 * (a spare one, the night) stays about 20 MB smaller, and between a sign-in and a first export or
 * upload there are seconds for it. A request that comes before, on an instance that has not yet
 * seen anyone (the session from another instance), pays for its module as without a warm-up.
 */
export function warmUpAfterFirstPerson(app: FastifyInstance, onError: (err: unknown) => void, warmUp = warmUpModules): void {
  let started = false;
  app.addHook('onResponse', async (req) => {
    if (started || !req.actor) return;
    started = true;
    void warmUp().catch(onError);
  });
}
