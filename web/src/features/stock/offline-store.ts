import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * What the device keeps for counting without network (docs/decisions/stock-offline-zaehlen.md),
 * in the browser's IndexedDB, so a reload, a closed tab or a restarted phone loses nothing: the
 * counts until the server has them, a copy of the articles of the categories the person counts,
 * and the session the service worker sends with. Used by the page and by the service worker.
 */

/** 'wartet', 'übertragen', 'Konflikt' (the base no longer held) and 'abgelehnt' (the server refused it). */
export type CountState = 'waiting' | 'sent' | 'conflict' | 'refused';

export interface QueuedCount {
  /** The device's id of the count: the server writes it once (`clientChangeId`). */
  clientChangeId: string;
  userId: string;
  location: string;
  ean: string;
  articleId: string | null;
  /** For the list on the device; empty when the article was not in the copy. */
  number: string;
  decor: string;
  count: number;
  countedAt: number;
  /** The stock the device saw (null: not counted); absent when it saw none (an article not in the copy). */
  baseCount?: number | null;
  state: CountState;
  /** The server's answer: the first result of the count. */
  before?: number | null;
  after?: number;
  /** A conflict: the stock now, and who changed it when. */
  current?: number | null;
  changedBy?: string | null;
  changedAt?: string | null;
  /** A refusal's German message. */
  message?: string;
  settledAt?: number;
}

export interface OfflineArticle {
  id: string;
  number: string;
  name: string;
  decor: string;
  package: number | null;
  eans: string[];
  category: string;
  /** The stock per location as last seen (null: not counted there). */
  counts: Record<string, number | null>;
}

/** One category's copy for one location: when it was fetched, so it is refreshed after a day. */
export interface OfflineCopy {
  key: string;
  category: string;
  categoryName: string;
  location: string;
  fetchedAt: number;
  articles: number;
}

interface Schema extends DBSchema {
  counts: { key: string; value: QueuedCount; indexes: { user: string } };
  articles: { key: string; value: OfflineArticle; indexes: { ean: string; category: string } };
  copies: { key: string; value: OfflineCopy };
  session: { key: string; value: { token: string; userId: string } };
}

export type CountDb = IDBPDatabase<Schema>;

let opened: Promise<CountDb> | undefined;

export function countDb(): Promise<CountDb> {
  opened ??= openDB<Schema>('filialportal-zaehlen', 1, {
    upgrade(db) {
      db.createObjectStore('counts', { keyPath: 'clientChangeId' }).createIndex('user', 'userId');
      const articles = db.createObjectStore('articles', { keyPath: 'id' });
      articles.createIndex('ean', 'eans', { multiEntry: true });
      articles.createIndex('category', 'category');
      db.createObjectStore('copies', { keyPath: 'key' });
      db.createObjectStore('session');
    },
  });
  return opened;
}

/** A person's counts, oldest first: the order they are sent in. */
export async function countsOf(db: CountDb, userId: string): Promise<QueuedCount[]> {
  const all = await db.getAllFromIndex('counts', 'user', userId);
  return all.sort((a, b) => a.countedAt - b.countedAt);
}

/** A sent count stays in the list for a day, then goes. */
export const SENT_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Sends a person's waiting counts one after the other, oldest first, and records each answer.
 * Stops at the first count without an answer (no network, server away, session ended): the rest
 * waits for the next try. Returns whether everything waiting got an answer.
 */
export async function sendWaiting(db: CountDb, session: { token: string; userId: string }, onChange: () => void): Promise<boolean> {
  for (const c of await countsOf(db, session.userId)) {
    if (c.state === 'sent' && Date.now() - (c.settledAt ?? 0) > SENT_KEPT_MS) await db.delete('counts', c.clientChangeId);
    if (c.state !== 'waiting') continue;
    const answer = await sendCount(c, session.token);
    if (!answer) return false;
    const latest = await db.get('counts', c.clientChangeId);
    // Dropped meanwhile (the person chose 'verwerfen'): nothing to record.
    if (!latest) continue;
    await db.put('counts', { ...latest, ...answer, settledAt: Date.now() });
    onChange();
  }
  return true;
}

/** The answer to one count as the device records it, or null when there was none to record. */
async function sendCount(c: QueuedCount, token: string): Promise<Partial<QueuedCount> | null> {
  const body = {
    ...(c.articleId ? { articleId: c.articleId, ean: '' } : { ean: c.ean }),
    location: c.location,
    count: c.count,
    clientChangeId: c.clientChangeId,
    ...(c.baseCount === undefined ? {} : { baseCount: c.baseCount }),
  };
  let res: Response;
  try {
    res = await fetch('/api/article/updatestock', { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  } catch {
    return null;
  }
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (res.ok && json) {
    const article = json.article as { number?: string; decor?: string } | undefined;
    return { state: 'sent', before: json.before as number | null, after: json.after as number, number: article?.number ?? c.number, decor: article?.decor ?? c.decor };
  }
  if (res.status === 409 && json && 'current' in json) {
    return { state: 'conflict', current: json.current as number | null, changedBy: (json.changedBy as string | null) ?? null, changedAt: (json.changedAt as string | null) ?? null };
  }
  // No session (it ended or is being renewed), too many requests, the server's fault: later again.
  if ([401, 406, 408, 429].includes(res.status) || res.status >= 500) return null;
  const error = json?.error as { message?: string } | undefined;
  return { state: 'refused', message: error?.message ?? `Fehler ${res.status}` };
}

/** Finds an article of the copy by one of its EANs. */
export async function articleByEan(db: CountDb, ean: string): Promise<OfflineArticle | undefined> {
  return db.getFromIndex('articles', 'ean', ean);
}
