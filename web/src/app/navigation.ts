import type { TablerIcon } from '@tabler/icons-react';
import {
  IconAlertTriangle,
  IconCalendarWeek,
  IconChecklist,
  IconFolders,
  IconLayoutDashboard,
  IconNews,
  IconPackages,
  IconSchool,
  IconSettings,
  IconSpeakerphone,
} from '@tabler/icons-react';
import { can, type PermissionRule } from './access.ts';

/** Who sees the sick reports (list, create and edit; all or the own location). */
export const SICK_REPORT_PERMISSIONS: PermissionRule = {
  anyOf: ['krankmeldungen_von_allen_sehen_und_bearbeiten', 'krankmeldungen_aus_eigener_filiale_sehen_und_bearbeiten'],
};

/** One entry of the main navigation (spec 1 §2 "Main navigation"). */
export interface NavItem {
  label: string;
  /** URL path of the view. */
  path: string;
  icon?: TablerIcon;
  /** Who sees the entry. */
  permission: PermissionRule;
  /** The address prefix of the whole view when `path` is one of its sub-views ('/urlaub' for '/urlaub/1'). */
  match?: string;
  /** Whether the view exists yet; entries of views still to come stay hidden. */
  built: boolean;
  /** Counter shown beside the label: own open tasks, unseen claims or advertising. */
  counter?: 'tasks' | 'claims' | 'advertising';
  children?: NavItem[];
}

/**
 * The main navigation in the spec's order. A view appears once its `built` flag is true and
 * the user holds its permission; 'Abmelden' is not a view and lives in the shell.
 */
export const NAVIGATION: readonly NavItem[] = [
  { label: 'Dashboard', path: '/dashboard', icon: IconLayoutDashboard, permission: 'dashboard_menu_sehen', built: true },
  {
    label: 'Aufgaben',
    path: '/aufgaben',
    icon: IconChecklist,
    permission: 'aufgaben_menu_sehen',
    built: true,
    counter: 'tasks',
    children: [
      { label: 'Eigene Aufgaben', path: '/aufgaben/eigene', permission: 'aufgaben_menu_sehen', built: true },
      {
        label: 'Delegierte Aufgaben',
        path: '/aufgaben/delegiert',
        permission: { anyOf: ['aufgaben_an_alle_stellen', 'aufgaben_an_mitarbeiter_aus_eigenen_filiale_stellen'] },
        built: true,
      },
    ],
  },
  {
    label: 'Neuigkeiten',
    path: '/neuigkeiten',
    icon: IconNews,
    permission: { anyOf: ['neuigkeiten_alle_sehen', 'neuigkeiten_eigene_sehen'] },
    built: false,
    children: [
      {
        label: 'Neuigkeiten',
        path: '/neuigkeiten',
        permission: { anyOf: ['neuigkeiten_alle_sehen', 'neuigkeiten_eigene_sehen'] },
        built: false,
      },
      { label: 'News Archiv', path: '/neuigkeiten/archiv', permission: 'news_archive_can_see', built: false },
    ],
  },
  { label: 'Sortiment', path: '/sortiment', icon: IconPackages, permission: 'sortiment_menu_sehen', built: false },
  {
    label: 'An-/Abwesenheit',
    path: '/an-abwesenheit',
    icon: IconCalendarWeek,
    permission: 'an_abwesenheit_menu_sehen',
    built: true,
    children: [
      { label: 'An-/Abwesenheiten', path: '/an-abwesenheit', permission: 'an_abwesenheit_menu_sehen', built: true },
      { label: 'Urlaub', path: '/urlaub/1', match: '/urlaub', permission: 'urlaub_menu_sehen', built: true },
      { label: 'Krankmeldungen', path: '/krankmeldungen/2', match: '/krankmeldungen', permission: SICK_REPORT_PERMISSIONS, built: true },
    ],
  },
  {
    label: 'Dokumente',
    path: '/dokumente',
    icon: IconFolders,
    permission: { anyOf: ['dokument_oder_ordner_eigene_sehen', 'dokument_oder_ordner_alle_sehen'] },
    built: false,
  },
  {
    label: 'Beanstandung',
    path: '/beanstandungen',
    icon: IconAlertTriangle,
    permission: 'beanstandungen_menu_sehen',
    built: false,
    counter: 'claims',
  },
  {
    label: 'Veranstaltungen',
    path: '/veranstaltungen',
    icon: IconSchool,
    permission: 'schulung_sehen',
    built: false,
    children: [
      { label: 'Veranstaltungen', path: '/veranstaltungen', permission: 'schulung_sehen', built: false },
      {
        label: 'Veranstaltungen Übersicht',
        path: '/veranstaltungen/uebersicht',
        permission: 'training_overview_list_can_see',
        built: false,
      },
    ],
  },
  {
    label: 'Werbung',
    path: '/werbung',
    icon: IconSpeakerphone,
    permission: { anyOf: ['werbung_ver_ffentlichte_sehen', 'werbung_alle_sehen'] },
    built: false,
    counter: 'advertising',
  },
  { label: 'Einstellungen', path: '/einstellungen', icon: IconSettings, permission: 'einstellungen_sehen', built: true },
];

/**
 * The entries a user sees: built and permitted, with their sub-entries filtered alike; a section
 * whose sub-entries are all hidden is hidden too.
 */
export function visibleNavigation(permissions: readonly string[], items: readonly NavItem[] = NAVIGATION): NavItem[] {
  return items
    .filter((item) => item.built && can(permissions, item.permission))
    .map((item) => (item.children ? { ...item, children: visibleNavigation(permissions, item.children) } : item))
    .filter((item) => !item.children || item.children.length > 0);
}
