import { and, asc, eq, sql } from 'drizzle-orm';
import { OFFLINE_PAGE_SIZE } from '@filialportal/core/stock';
import type { Actor } from '../../platform/access.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
import { visibleArticles } from './stock.service.ts';
import { articleEans, articles, articleStocks } from './stock.table.ts';

/**
 * GET /article/offline/{category}: what a device keeps of a category to count without network
 * (docs/decisions/stock-offline-zaehlen.md): number, EANs, name, decor, package and the stock at
 * the location, the articles the person sees, in the number order of the category's index, 2,000
 * per step after the last article of the step before (keyset: a step costs the same at any depth).
 */
export async function offlineArticles({ db }: ServiceDeps<'db'>, actor: Actor, q: { category: string; location: string | null; after: string | null }) {
  const after = q.after ? sql`(${articles.number}, ${articles.id}) > (select x.number, x.id from ${articles} x where x.id = ${q.after})` : undefined;
  const rows = await db
    .select({
      id: articles.id,
      number: articles.number,
      name: articles.name,
      decor: articles.decor,
      package: articles.package,
      eans: sql<string[]>`array(select e.ean from ${articleEans} e where e.article_id = ${articles.id} order by e.ean)`,
      count: q.location
        ? sql<number | null>`(select s.count from ${articleStocks} s where s.article_id = ${articles.id} and s.location_id = ${q.location})`
        : sql<null>`null::int`,
    })
    .from(articles)
    .where(and(eq(articles.categoryId, q.category), visibleArticles(actor), after))
    .orderBy(asc(articles.number), asc(articles.id))
    .limit(OFFLINE_PAGE_SIZE + 1);
  const more = rows.length > OFFLINE_PAGE_SIZE;
  const list = more ? rows.slice(0, OFFLINE_PAGE_SIZE) : rows;
  return { articles: list, next: more ? list.at(-1)!.id : null };
}
