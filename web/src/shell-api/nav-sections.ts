import { IconCalendarWeek, IconPackages } from '@tabler/icons-react';
import type { NavSection } from './feature.ts';

/*
 * Navigation sections whose entries come from several features; a section one feature fills
 * alone stays in its routes.tsx.
 */

/** 'Sortiment': categories (assortment), stock and the spreadsheet (global settings). */
export const SORTIMENT: NavSection = { label: 'Sortiment', path: '/sortiment', icon: IconPackages, permission: 'sortiment_menu_sehen', order: 4 };

/** 'An-/Abwesenheit': the calendar, vacation and sick reports (absences). */
export const ATTENDANCE_SECTION: NavSection = {
  label: 'An-/Abwesenheit',
  path: '/an-abwesenheit',
  icon: IconCalendarWeek,
  permission: 'an_abwesenheit_menu_sehen',
  order: 5,
};
