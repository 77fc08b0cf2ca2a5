import { SEARCH_TOTAL_CAP } from '@filialportal/core/search-basics';
import type { SearchGroup, SearchHit, SearchType } from '@filialportal/core/search';

/** One hit with its group's type: the results' rows, counted across all groups for the arrow keys. */
export type SearchItem = { [T in SearchType]: { type: T; hit: SearchHit<T> } }[SearchType];

/** The hits of all groups in the order they show, the groups in the server's order. */
export function searchItems(groups: readonly SearchGroup[]): SearchItem[] {
  return groups.flatMap((group) => group.hits.map((hit) => ({ type: group.type, hit }) as SearchItem));
}

/** '37 Treffer'; beyond the count's cap the server stops counting: 'mehr als 1.000'. */
export function totalText(group: Pick<SearchGroup, 'total' | 'capped'>): string {
  if (group.capped) return `mehr als ${SEARCH_TOTAL_CAP.toLocaleString('de-DE')}`;
  return `${group.total.toLocaleString('de-DE')} Treffer`;
}

/** A snippet's parts: the server marks the matching words «like this»; they are shown marked, as text. */
export function snippetParts(snippet: string): { text: string; marked: boolean }[] {
  return snippet
    .split(/(«[^«»]*»)/)
    .filter((part) => part !== '')
    .map((part) => (part.startsWith('«') && part.endsWith('»') ? { text: part.slice(1, -1), marked: true } : { text: part, marked: false }));
}

/** A phone number as a dialable link: digits and a leading plus only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/(?!^\+)[^\d]/g, '')}`;
}

/** Where opening a hit leads: a view of the portal, a link the device handles (call, mail), or a file. */
export type HitTarget = { kind: 'page'; to: string } | { kind: 'link'; href: string } | { kind: 'file'; path: string; fileName: string };

const address = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params).toString()}`;

/** A document saves under its name with its type's ending, as the documents view saves it. */
const documentFileName = (name: string, type: string) => (name.toLowerCase().endsWith(`.${type}`) ? name : `${name}.${type}`);

/** The place a hit opens; a person without phone and e-mail has none. */
export function hitTarget(item: SearchItem): HitTarget | null {
  switch (item.type) {
    case 'people':
      if (item.hit.phone) return { kind: 'link', href: telHref(item.hit.phone) };
      return item.hit.email ? { kind: 'link', href: `mailto:${item.hit.email}` } : null;
    case 'articles':
      // The stock view shows the article's assortment filtered to its number.
      return { kind: 'page', to: address('/sortiment/bestand', { sortiment: item.hit.categoryId, nummer: item.hit.number }) };
    case 'news':
      // The current news or the archive, its tab below, the item itself on top (NewsPage).
      return { kind: 'page', to: address(item.hit.archived ? '/neuigkeiten/archiv' : '/neuigkeiten', { kategorie: item.hit.category, news: item.hit.id }) };
    case 'documents':
      return { kind: 'file', path: `/api/download/${encodeURIComponent(item.hit.id)}`, fileName: documentFileName(item.hit.name, item.hit.type) };
    case 'trainings':
      return { kind: 'page', to: address('/veranstaltungen', { id: item.hit.id }) };
    case 'claims':
      return { kind: 'page', to: address('/beanstandungen', { id: item.hit.id }) };
    case 'tasks': {
      // Own tasks, or those the person gave; a finished one is in the finished list.
      const path = item.hit.mine ? '/aufgaben/eigene' : '/aufgaben/delegiert';
      return { kind: 'page', to: item.hit.done ? address(path, { erledigte: '1' }) : path };
    }
  }
}
