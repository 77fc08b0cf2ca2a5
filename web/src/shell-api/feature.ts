import type { ReactNode } from 'react';
import type { TablerIcon } from '@tabler/icons-react';
import type { PermissionRule } from './access.ts';

/** Counter shown beside a navigation label: own open tasks, unseen news, claims or advertising. */
export type NavCounter = 'tasks' | 'news' | 'trainings' | 'claims' | 'advertising';

/** A section of the main navigation that holds the entries of one or more views. */
export interface NavSection {
  label: string;
  /** The address prefix of the section. */
  path: string;
  icon: TablerIcon;
  /** Who sees the section at all. */
  permission: PermissionRule;
  /** Place in the main navigation. */
  order: number;
  counter?: NavCounter;
}

/** The entry of a view in the main navigation (spec 1 §2 "Main navigation"). */
export interface RouteNav {
  label: string;
  /** Place in the main navigation, or in its section. */
  order: number;
  icon?: TablerIcon;
  counter?: NavCounter;
  /** The address the entry links to, when not the route's own ('/urlaub/1' for 'urlaub/*'). */
  to?: string;
  /** The address prefix of the whole view when `to` is one of its sub-views ('/urlaub'). */
  match?: string;
  /** The section the entry is a sub-entry of. */
  section?: NavSection;
}

/** A view of the application: its address, who may open it, what it shows, its menu entry. */
export interface AppRoute {
  /** Path below the root as the router takes it, e.g. 'urlaub/*'. */
  path: string;
  /** Who may open the view (null: everyone logged in); also who sees its entry. */
  permission: PermissionRule;
  /** The view, usually lazy; redirects have no permission and no entry. */
  element: ReactNode;
  nav?: RouteNav;
  /** The view's name in the page title when it has no menu entry ('Benutzereinstellungen'). */
  title?: string;
}
