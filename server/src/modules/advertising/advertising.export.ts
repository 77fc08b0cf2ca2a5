import { can, type Actor } from '../../platform/access.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import type { XlsxColumn } from '../../platform/exports.ts';
import { stockByNumbers } from '../stock/index.ts';
import { getAdvertising } from './advertising.service.ts';

/** One line of the export: an article of the promotion at one location. */
export interface AdvertisingExportRow {
  number: string;
  decor: string;
  manufacturer: string;
  location: string;
  count: number | null;
}

export const advertisingExportColumns: XlsxColumn<AdvertisingExportRow>[] = [
  { header: 'Artikelnummer', value: (r) => r.number, width: 18 },
  { header: 'Artikel', value: (r) => r.decor, width: 36 },
  { header: 'Hersteller', value: (r) => r.manufacturer, width: 24 },
  { header: 'Standort', value: (r) => r.location, width: 28 },
  { header: 'Bestand (Pakete)', value: (r) => r.count, type: 'number', width: 16 },
];

/**
 * POST /exportadvertising/{id}: each article of the promotion with its stock per location, read
 * through the stock module in one statement (its own visibility of inactive articles included).
 * An article number the stock does not know is listed with 'Unbekannte Artikelnummer'. Who sees
 * no stock (no sortiment_* right) gets the article lines without locations.
 */
export async function advertisingExport(deps: ServiceDeps<'db'>, actor: Actor, id: string) {
  const entry = await getAdvertising(deps, actor, id);
  const seesStock = can(actor, 'sortiment_menu_sehen');
  const found = await stockByNumbers(deps, actor, entry.articles);
  const rows: AdvertisingExportRow[] = [];
  for (const number of entry.articles) {
    const lines = found.filter((f) => f.number.toLowerCase() === number.toLowerCase());
    if (lines.length === 0) {
      rows.push({ number, decor: 'Unbekannte Artikelnummer', manufacturer: '', location: '', count: null });
      continue;
    }
    const base = { number: lines[0]!.number, decor: lines[0]!.decor || lines[0]!.name, manufacturer: lines[0]!.manufacturer };
    const counted = lines.filter((l) => l.location !== null);
    if (!seesStock || counted.length === 0) rows.push({ ...base, location: seesStock ? 'kein Bestand erfasst' : '', count: null });
    else for (const l of counted) rows.push({ ...base, location: l.location!, count: l.count });
  }
  return { entry, rows };
}
