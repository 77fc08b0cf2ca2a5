import { type Placeholder, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { formatDate, formatDateTime as formatBerlinDateTime } from '../../platform/dates.ts';
import { colorLabels, manufacturers } from '../lists/index.ts';
import { categories } from '../assortment/index.ts';
import { locations } from '../locations/index.ts';
import { articleEans, articles, articleStocks } from './stock.table.ts';

const a = (column: string) => sql.raw(`"articles"."${column}"`);

type StockEntry = { location: { id: string; name: string }; count: number };

/**
 * `stocks` of a list row (spec 2 §3 Article: stocks [{location, count}]) without a chosen location:
 * every location that has counted the article, read from the index on (article_id, location_id,
 * count) without visiting the table. The location names come from one object of all names, an
 * uncorrelated subquery PostgreSQL computes once per statement. With a chosen location the row's
 * `stock` is that entry already (see toArticleDto).
 */
function allStocks() {
  const names = sql`(select jsonb_object_agg(l.id, l.name) from ${locations} l)`;
  return sql<StockEntry[]>`(select coalesce(json_agg(json_build_object(
      'location', json_build_object('id', s.location_id, 'name', coalesce(${names} ->> s.location_id::text, '')), 'count', s.count)
      order by ${names} ->> s.location_id::text), '[]'::json)
    from ${articleStocks} s where s.article_id = ${a('id')})`;
}

/**
 * The columns of an article row; `location` picks the stock shown beside it. Names of
 * manufacturer, category and label come from their indexes per row of the page, the stock from
 * the primary key of article_stocks: one statement per page, no query per row. `withStocks`
 * false leaves `stocks` empty for callers that read the stock rows themselves (the detail).
 */
export function articleColumns(location: string | Placeholder | null, withStocks = true) {
  return {
    id: articles.id,
    number: articles.number,
    ean: articles.ean,
    scanList: sql<string[]>`array(select e.ean from ${articleEans} e where e.article_id = ${a('id')} and e.ean <> ${a('ean')} order by e.ean)`,
    name: articles.name,
    decor: articles.decor,
    sales1: articles.sales1,
    sales2: articles.sales2,
    sales3: articles.sales3,
    strength: articles.strength,
    outlet: articles.outlet,
    quality: articles.quality,
    baseboard: articles.baseboard,
    corner: articles.corner,
    srp: articles.srp,
    price: articles.price,
    actionPrice: articles.actionPrice,
    actionPriceFrom: articles.actionPriceFrom,
    actionPriceTill: articles.actionPriceTill,
    package: articles.package,
    package2: articles.package2,
    deliveryCentralWarehouse: articles.deliveryCentralWarehouse,
    deliveryCentralWarehouse2: articles.deliveryCentralWarehouse2,
    advertising: articles.advertising,
    advertisingActionPrice: articles.advertisingActionPrice,
    advertisingFrom: articles.advertisingFrom,
    advertisingTill: articles.advertisingTill,
    position: articles.position,
    active: articles.active,
    manufacturerId: articles.manufacturerId,
    manufacturerName: sql<string>`(select m.name from ${manufacturers} m where m.id = ${a('manufacturer_id')})`,
    categoryId: articles.categoryId,
    categoryName: sql<string>`(select c.name from ${categories} c where c.id = ${a('category_id')})`,
    label: sql<{ id: string; name: string; hex: string } | null>`(select json_build_object('id', l.id, 'name', l.name, 'hex', l.hex) from ${colorLabels} l where l.id = ${a('label_id')})`,
    stock: location
      ? sql<number | null>`(select s.count from ${articleStocks} s where s.article_id = ${a('id')} and s.location_id = ${location})`
      : sql<number | null>`null::int`,
    stocks: withStocks && !location ? allStocks() : sql<StockEntry[]>`'[]'::json`,
    // The chosen location once per statement (uncorrelated), for the row's one `stocks` entry.
    stockLocation: withStocks && location
      ? sql<{ id: string; name: string } | null>`(select json_build_object('id', l.id, 'name', l.name) from ${locations} l where l.id = ${location})`
      : sql<{ id: string; name: string } | null>`null::json`,
  };
}

type Row = SelectResultFields<ReturnType<typeof articleColumns>>;

/** 'TT.MM.JJJJ HH:mm' in Europe/Berlin (spec 2 §7), or null. */
export const formatDateTime = (d: Date | null) => (d ? formatBerlinDateTime(d) : null);

export function toArticleDto(r: Row, now = new Date()) {
  const actionPriceActive = r.actionPrice !== null && r.actionPriceFrom !== null && r.actionPriceTill !== null && r.actionPriceFrom <= now && now <= r.actionPriceTill;
  return {
    id: r.id,
    number: r.number,
    ean: r.ean,
    scanList: r.scanList,
    name: r.name,
    decor: r.decor,
    sales1: r.sales1,
    sales2: r.sales2,
    sales3: r.sales3,
    strength: r.strength,
    outlet: r.outlet,
    quality: r.quality,
    baseboard: r.baseboard,
    corner: r.corner,
    srp: r.srp,
    price: r.price,
    actionPrice: r.actionPrice,
    actionPriceFrom: formatDateTime(r.actionPriceFrom),
    actionPriceTill: formatDateTime(r.actionPriceTill),
    actionPriceActive,
    package: r.package,
    package2: r.package2,
    deliveryCentralWarehouse: r.deliveryCentralWarehouse ? formatDate(r.deliveryCentralWarehouse) : null,
    deliveryCentralWarehouse2: r.deliveryCentralWarehouse2 ? formatDate(r.deliveryCentralWarehouse2) : null,
    advertising: r.advertising,
    advertisingActionPrice: r.advertisingActionPrice,
    advertisingFrom: formatDateTime(r.advertisingFrom),
    advertisingTill: formatDateTime(r.advertisingTill),
    position: r.position,
    active: r.active,
    manufacturer: { id: r.manufacturerId, name: r.manufacturerName },
    category: { id: r.categoryId, name: r.categoryName },
    label: r.label,
    stock: r.stock,
    stocks: r.stockLocation ? (r.stock === null ? [] : [{ location: r.stockLocation, count: r.stock }]) : r.stocks,
  };
}
