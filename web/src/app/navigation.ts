import { IconFolders } from '@tabler/icons-react';
import type { AppRoute } from '../shell-api/feature.ts';
import type { NavItem } from '../shell-api/navigation.ts';
import { ROUTES } from './routes.ts';

type Ordered = NavItem & { order: number };

/** The spec's entries of views still to come, at their places; hidden until a domain routes them. */
const PLANNED: readonly Ordered[] = [
  {
    label: 'Dokumente',
    path: '/dokumente',
    icon: IconFolders,
    permission: { anyOf: ['dokument_oder_ordner_eigene_sehen', 'dokument_oder_ordner_alle_sehen'] },
    built: false,
    order: 6,
  },
];

const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;
const withoutOrder = ({ order: _order, ...item }: Ordered): NavItem => item;

/**
 * The main navigation from the routes' entries: an entry with a section becomes a sub-entry of
 * it, everything sorted by `order`; the planned entries fill their places.
 */
export function navigationOf(routes: readonly AppRoute[], planned: readonly Ordered[] = PLANNED): NavItem[] {
  const top: Ordered[] = [...planned];
  const sections = new Map<string, { item: Ordered; children: Ordered[] }>();
  for (const route of routes) {
    const nav = route.nav;
    if (!nav) continue;
    const entry: Ordered = {
      label: nav.label,
      path: nav.to ?? `/${route.path.replace(/\/\*$/, '')}`,
      permission: route.permission,
      built: true,
      order: nav.order,
      ...(nav.icon ? { icon: nav.icon } : {}),
      ...(nav.match ? { match: nav.match } : {}),
      ...(nav.counter ? { counter: nav.counter } : {}),
    };
    const s = nav.section;
    if (!s) {
      top.push(entry);
      continue;
    }
    let section = sections.get(s.path);
    if (!section) {
      const item: Ordered = { label: s.label, path: s.path, icon: s.icon, permission: s.permission, built: true, order: s.order, ...(s.counter ? { counter: s.counter } : {}) };
      section = { item, children: [] };
      sections.set(s.path, section);
      top.push(item);
    }
    section.children.push(entry);
  }
  for (const { item, children } of sections.values()) item.children = children.sort(byOrder).map(withoutOrder);
  return top.sort(byOrder).map(withoutOrder);
}

/**
 * The main navigation in the spec's order. A view appears once a domain routes it and the user
 * holds its permission; 'Abmelden' is not a view and lives in the shell.
 */
export const NAVIGATION: readonly NavItem[] = navigationOf(ROUTES);

/** The names of all views for the page title. */
export const VIEW_TITLES: readonly ViewTitle[] = viewTitles(ROUTES, NAVIGATION);

/** The product's name, last in every page title. */
export const APP_NAME = 'Filialportal';

/** A view's name for the page title and the addresses it covers (the prefix and everything below). */
export interface ViewTitle {
  prefix: string;
  label: string;
}

/**
 * The names of the views for the page title: each menu entry covers its address, or its whole
 * view when it names one (`match`: '/urlaub' for '/urlaub/1'); a sub-entry comes after its
 * section, so it wins on the same address. Views without a menu entry name themselves
 * (`AppRoute.title`).
 */
export function viewTitles(routes: readonly AppRoute[], navigation: readonly NavItem[] = navigationOf(routes)): ViewTitle[] {
  const titles: ViewTitle[] = [];
  const add = (items: readonly NavItem[]) => {
    for (const item of items) {
      titles.push({ prefix: item.match ?? item.path, label: item.label });
      if (item.children) add(item.children);
    }
  };
  add(navigation);
  for (const route of routes) if (route.title) titles.push({ prefix: `/${route.path.replace(/\/\*$/, '')}`, label: route.title });
  return titles;
}

/**
 * The page title of an address: the name of the view that holds it (the longest matching
 * prefix; on a tie the later entry) and the product's name, 'Urlaub – Filialportal'; the
 * product's name alone outside every view.
 */
export function pageTitle(pathname: string, titles: readonly ViewTitle[] = VIEW_TITLES): string {
  let best: ViewTitle | undefined;
  for (const title of titles) {
    if (pathname !== title.prefix && !pathname.startsWith(`${title.prefix}/`)) continue;
    if (!best || title.prefix.length >= best.prefix.length) best = title;
  }
  return best ? `${best.label} – ${APP_NAME}` : APP_NAME;
}
