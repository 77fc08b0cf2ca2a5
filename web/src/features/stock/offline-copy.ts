import { useEffect, useState } from 'react';
import type { ZOfflineArticlesResponse } from '@filialportal/core/stock';
import type { Wire } from '@filialportal/core/wire';
import { api, query } from '../../api/client.ts';
import { countDb, type OfflineCopy } from './offline-store.ts';

/** A copy older than this is fetched again when the scan dialog opens with a network. */
export const COPY_FRESH_MS = 24 * 60 * 60 * 1000;

const copyKey = (category: string, location: string) => `${category}|${location}`;

/**
 * Fetches the articles of a category with the stock at a location (GET /article/offline, step by
 * step) into the device's copy: articles no longer in the category leave it, the stock seen at
 * other locations stays with each article.
 */
export async function refreshCopy(c: { category: string; categoryName: string; location: string }): Promise<OfflineCopy> {
  const fetched: Wire<typeof ZOfflineArticlesResponse>['articles'] = [];
  for (let after: string | null = null; ; ) {
    const page: Wire<typeof ZOfflineArticlesResponse> = await api(`/api/article/offline/${c.category}${query({ location: c.location, after: after ?? '' })}`);
    fetched.push(...page.articles);
    if (!page.next) break;
    after = page.next;
  }
  const db = await countDb();
  const tx = db.transaction(['articles', 'copies'], 'readwrite');
  const articles = tx.objectStore('articles');
  const kept = new Set(fetched.map((a) => a.id));
  for (const old of await articles.index('category').getAll(c.category)) if (!kept.has(old.id)) await articles.delete(old.id);
  for (const a of fetched) {
    const before = await articles.get(a.id);
    await articles.put({ ...a, category: c.category, counts: { ...before?.counts, [c.location]: a.count } });
  }
  const copy = { key: copyKey(c.category, c.location), category: c.category, categoryName: c.categoryName, location: c.location, fetchedAt: Date.now(), articles: fetched.length };
  await tx.objectStore('copies').put(copy);
  await tx.done;
  return copy;
}

/** What the device last saw of an article's stock at a location (a lookup or a sent count). */
export async function rememberStock(articleId: string, location: string, count: number | null) {
  const db = await countDb();
  const a = await db.get('articles', articleId);
  if (a) await db.put('articles', { ...a, counts: { ...a.counts, [location]: count } });
}

/**
 * The copy of the category the dialog counts in: read from the device, and fetched when missing
 * or older than a day while there is a network. `warm` is fetched once with it, so the browser's
 * cache holds it for the way without network (the barcode reader's WebAssembly).
 */
export function useOfflineCopy(c: { category: string; categoryName: string; location: string; online: boolean; warm?: string }) {
  const [copy, setCopy] = useState<OfflineCopy | null | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const { category, categoryName, location, online, warm } = c;
  useEffect(() => {
    if (!category || !location) return;
    let live = true;
    void (async () => {
      const db = await countDb();
      const kept = await db.get('copies', copyKey(category, location));
      if (live) setCopy(kept ?? null);
      if (!online || (kept && Date.now() - kept.fetchedAt < COPY_FRESH_MS)) return;
      setLoading(true);
      try {
        if (warm) void fetch(warm).catch(() => undefined);
        const fresh = await refreshCopy({ category, categoryName, location });
        if (live) setCopy(fresh);
      } catch {
        // Without a copy the EAN goes to the server with the count; the next opening tries again.
      } finally {
        if (live) setLoading(false);
      }
    })();
    return () => {
      live = false;
    };
  }, [category, categoryName, location, online, warm]);
  return { copy, loading };
}
