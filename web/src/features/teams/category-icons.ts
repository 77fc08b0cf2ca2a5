import type { TablerIcon } from '@tabler/icons-react';
import {
  IconAlertTriangle,
  IconBeach,
  IconCalendarWeek,
  IconChecklist,
  IconFolders,
  IconLayoutDashboard,
  IconNews,
  IconPackages,
  IconSchool,
  IconSettings,
  IconShieldCheck,
  IconSpeakerphone,
  IconStethoscope,
} from '@tabler/icons-react';

/**
 * The icons the permission catalogue names (categoryIcon: Tabler name without 'Icon'), imported
 * one by one so the bundle does not carry the whole icon set.
 */
const CATEGORY_ICONS: Record<string, TablerIcon> = {
  AlertTriangle: IconAlertTriangle,
  Beach: IconBeach,
  CalendarWeek: IconCalendarWeek,
  Checklist: IconChecklist,
  Folders: IconFolders,
  LayoutDashboard: IconLayoutDashboard,
  News: IconNews,
  Packages: IconPackages,
  School: IconSchool,
  Settings: IconSettings,
  Speakerphone: IconSpeakerphone,
  Stethoscope: IconStethoscope,
};

/** The icon of a permission category; a neutral shield for names not mapped here. */
export function categoryIcon(name: string): TablerIcon {
  return CATEGORY_ICONS[name] ?? IconShieldCheck;
}
