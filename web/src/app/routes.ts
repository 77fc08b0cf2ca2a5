import type { ComponentType } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { LIVE_KINDS, type LiveKind } from '@filialportal/core/live';
import { ABSENCES_FEATURE } from '../features/absences/routes.tsx';
import { ADVERTISING_FEATURE } from '../features/advertising/routes.tsx';
import { ASSORTMENT_FEATURE } from '../features/assortment/routes.tsx';
import { AUDIT_FEATURE } from '../features/audit/routes.tsx';
import { CALENDAR_FEATURE } from '../features/calendar/routes.tsx';
import { CALENDAR_FEEDS_FEATURE } from '../features/calendar-feeds/routes.tsx';
import { CLAIMS_FEATURE } from '../features/claims/routes.tsx';
import { DASHBOARD_FEATURE } from '../features/dashboard/routes.tsx';
import { DOCUMENTS_FEATURE } from '../features/documents/routes.tsx';
import { GLOBAL_SETTINGS_FEATURE } from '../features/global-settings/routes.tsx';
import { LISTS_FEATURE } from '../features/lists/routes.tsx';
import { LOCATIONS_FEATURE } from '../features/locations/routes.tsx';
import { NEWS_FEATURE } from '../features/news/routes.tsx';
import { NOTIFICATIONS_FEATURE } from '../features/notifications/routes.tsx';
import { SEARCH_FEATURE } from '../features/search/routes.tsx';
import { SESSION_FEATURE } from '../features/session/routes.tsx';
import { SETTINGS_FEATURE } from '../features/settings/routes.tsx';
import { SPECIAL_APPOINTMENTS_FEATURE } from '../features/special-appointments/routes.tsx';
import { STOCK_FEATURE } from '../features/stock/routes.tsx';
import { TASKS_FEATURE } from '../features/tasks/routes.tsx';
import { TEAMS_FEATURE } from '../features/teams/routes.tsx';
import { TRAININGS_FEATURE } from '../features/trainings/routes.tsx';
import { USERS_FEATURE } from '../features/users/routes.tsx';
import type { AppRoute, CounterKind, DashboardCard, Feature, SettingsSection } from '../shell-api/feature.ts';
import type { LiveRereads } from './live-events.ts';

/**
 * Every feature's declaration (its routes.tsx). The shell reads nothing about a feature but
 * this: routes, navigation counters, live rereads, settings sections, dashboard cards.
 */
export const FEATURES: readonly Feature[] = [
  // First: its field leads the header's items.
  SEARCH_FEATURE,
  DASHBOARD_FEATURE,
  TASKS_FEATURE,
  NEWS_FEATURE,
  ASSORTMENT_FEATURE,
  STOCK_FEATURE,
  CLAIMS_FEATURE,
  DOCUMENTS_FEATURE,
  ADVERTISING_FEATURE,
  CALENDAR_FEATURE,
  ABSENCES_FEATURE,
  TRAININGS_FEATURE,
  USERS_FEATURE,
  GLOBAL_SETTINGS_FEATURE,
  SETTINGS_FEATURE,
  LISTS_FEATURE,
  LOCATIONS_FEATURE,
  SPECIAL_APPOINTMENTS_FEATURE,
  TEAMS_FEATURE,
  SESSION_FEATURE,
  NOTIFICATIONS_FEATURE,
  CALENDAR_FEEDS_FEATURE,
  AUDIT_FEATURE,
];

const byOrder = <T extends { order: number }>(a: T, b: T) => a.order - b.order;

/** Every view of the application: the router and the menu read it. */
export const ROUTES: readonly AppRoute[] = FEATURES.flatMap((f) => f.routes ?? []);

/** The settings sections in the spec's order (spec 3 §2 "Settings area"). */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = FEATURES.flatMap((f) => f.settings ?? []).sort(byOrder);

/** The dashboard cards, each column in its order. */
export const DASHBOARD_CARDS: readonly DashboardCard[] = FEATURES.flatMap((f) => f.dashboard ?? []).sort(byOrder);

const COUNTERS = FEATURES.flatMap((f) => f.counters ?? []);

/** The badge of each navigation counter; an entry whose counter no feature keeps shows none. */
export const NAV_BADGES: Partial<Record<CounterKind, ComponentType>> = Object.fromEntries(COUNTERS.flatMap((c) => (c.badge ? [[c.kind, c.badge]] : [])));

/** What a live event of each kind reads again. */
export const LIVE_REREADS: LiveRereads = Object.fromEntries(
  LIVE_KINDS.map((kind) => [kind, COUNTERS.filter((c) => c.kind === kind).flatMap((c) => c.rereads)]),
) as Record<LiveKind, QueryKey[]>;

/** What the features add to the person's own settings. */
export const USER_SETTINGS = FEATURES.flatMap((f) => (f.userSettings ? [f.userSettings] : []));

/** What the features show in the header. */
export const HEADER_ITEMS = FEATURES.flatMap((f) => (f.header ? [f.header] : []));

/** What the features show beside every view. */
export const OVERLAYS = FEATURES.flatMap((f) => (f.overlay ? [f.overlay] : []));
