import type { Actor } from '../../platform/access.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { inBatches, type XlsxColumn } from '../../platform/exports.ts';
import type { toArticleDto } from './article-view.ts';
import { page, type ArticleFilter } from './stock.service.ts';

type Row = ReturnType<typeof toArticleDto>;

/** Columns of POST /export/…: what the stock list shows, with prices and stock. */
export const articleExportColumns: XlsxColumn<Row>[] = [
  { header: 'Nummer', value: (r) => r.number, width: 14 },
  { header: 'EAN', value: (r) => r.ean, width: 16 },
  { header: 'Sortiment', value: (r) => r.category.name, width: 16 },
  { header: 'Hersteller', value: (r) => r.manufacturer.name, width: 18 },
  { header: 'Bezeichnung', value: (r) => r.decor, width: 28 },
  { header: 'Name', value: (r) => r.name, width: 24 },
  { header: 'Qualität', value: (r) => r.quality, width: 14 },
  { header: 'Stärke', value: (r) => r.strength, width: 10 },
  { header: 'Outlet', value: (r) => (r.outlet === 'A' ? 'Ja' : ''), width: 8 },
  { header: 'UVP', value: (r) => r.srp, type: 'number', width: 10 },
  { header: 'Preis', value: (r) => r.price, type: 'number', width: 10 },
  { header: 'Aktionspreis', value: (r) => r.actionPrice, type: 'number', width: 12 },
  { header: 'Aktion von', value: (r) => r.actionPriceFrom, width: 17 },
  { header: 'Aktion bis', value: (r) => r.actionPriceTill, width: 17 },
  { header: 'Pakete je Palette', value: (r) => r.package, type: 'number', width: 10 },
  { header: 'Bestand Zentrallager', value: (r) => r.package2, type: 'number', width: 12 },
  { header: 'Bestand Standort', value: (r) => r.stock, type: 'number', width: 12 },
  { header: 'Farblabel', value: (r) => r.label?.name ?? '', width: 12 },
  { header: 'Aktiv', value: (r) => r.active, type: 'boolean', width: 8 },
];

/** The list's rows from `offset`, `count` of them (the loaded count), read in batches. */
export function exportRows(deps: ServiceDeps<'db'>, actor: Actor, { filter, offset, count }: { filter: ArticleFilter; offset: number; count: number }): AsyncIterable<Row[]> {
  return inBatches(async (limit, at) => {
    const take = Math.min(limit, count - at);
    if (take <= 0) return [];
    return (await page(deps, actor, { filter, limit: take, offset: offset + at, withCount: false })).articles;
  });
}
