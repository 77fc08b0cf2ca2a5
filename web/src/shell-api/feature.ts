import type { ComponentType, ReactNode } from 'react';
import type { TablerIcon } from '@tabler/icons-react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { CurrentUser } from '@filialportal/core/users';
import type { LiveKind } from '@filialportal/core/live';
import type { PermissionRule } from './access.ts';

/**
 * The kind of counter beside a navigation label: own open tasks, unseen news, new trainings,
 * claims or advertising. The same names travel in the server's live events.
 */
export type CounterKind = LiveKind;

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
  counter?: CounterKind;
}

/** The entry of a view in the main navigation (spec 1 §2 "Main navigation"). */
export interface RouteNav {
  label: string;
  /** Place in the main navigation, or in its section. */
  order: number;
  icon?: TablerIcon;
  counter?: CounterKind;
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

/** A counter a feature keeps beside its navigation entry or section. */
export interface NavCounter {
  kind: CounterKind;
  /** The number beside the label; it reads its own query. None for a count shown elsewhere (the bell). */
  badge?: ComponentType;
  /**
   * What a live event of this kind reads again: the counter, and the lists that show the same
   * things, so a page never shows a number its list contradicts. Prefixes: every loaded filter or
   * page of such a list is marked, the one on screen is reread.
   */
  rereads: readonly QueryKey[];
}

/** Headings of the settings' side navigation, in this order. */
export const SETTINGS_GROUPS = ['Allgemein', 'Listen', 'System'] as const;
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number];

/** A section of the settings view, with its own address /einstellungen/<path> (spec 3 §2 "Settings area"). */
export interface SettingsSection {
  path: string;
  label: string;
  icon: TablerIcon;
  permission: PermissionRule;
  /** Place among all sections, in the spec's order. */
  order: number;
  /** Heading the section is listed under in the side navigation (default 'Allgemein'). */
  group?: SettingsGroup;
  /** The section's content, usually lazy. */
  element: ReactNode;
  /**
   * Views of their own below the section's address ('neu', ':id'), shown without the section
   * list: the editors of users and user groups.
   */
  pages?: readonly { path: string; element: ReactNode }[];
}

/** A card of the dashboard (spec 1 §2 Dashboard). */
export interface DashboardCard {
  key: string;
  /** 'main': the wide column of lists; 'aside': the narrow column of summaries. */
  column: 'main' | 'aside';
  /** Place in its column. */
  order: number;
  /** Who sees the card (null: everyone logged in). */
  permission: PermissionRule;
  /** The card, usually lazy: the dashboard shows once all of its cards are loaded. */
  element: ReactNode;
  /**
   * Loads the card's code and the data it shows first, all cards at once: the dashboard shows
   * when every card can draw its content, so no skeleton moves the page when its data arrives.
   */
  preload?: (context: DashboardPreload) => Promise<unknown>;
}

/** What a dashboard card's preload gets: the query cache and the logged-in user. */
export interface DashboardPreload {
  client: QueryClient;
  user: CurrentUser;
  can: (rule: PermissionRule) => boolean;
}

/**
 * What one feature contributes to the application, declared in its `routes.tsx`: the shell
 * routes its views and builds the navigation with its counters from these, the live events
 * reread what the counters name, and the settings view and the dashboard show the sections and
 * cards. A feature declares; it never reaches into the shell.
 */
export interface Feature {
  routes?: readonly AppRoute[];
  counters?: readonly NavCounter[];
  settings?: readonly SettingsSection[];
  dashboard?: readonly DashboardCard[];
  /** Shown once beside every view after the page's first view, e.g. the news a person has still to read; `lazy`, so its code waits too. */
  overlay?: ReactNode;
  /** Shown in the header before the person's name, e.g. the notification bell. */
  header?: ReactNode;
  /** A part of the person's own settings (/benutzereinstellungen), usually lazy. */
  userSettings?: ReactNode;
}
