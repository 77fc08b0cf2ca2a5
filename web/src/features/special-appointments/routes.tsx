import { lazy } from 'react';
import { IconCalendarEvent } from '@tabler/icons-react';
import type { Feature } from '../../shell-api/feature.ts';

const SpecialAppointmentList = lazy(() => import('./SpecialAppointmentList.tsx').then((m) => ({ default: m.SpecialAppointmentList })));

/** The special appointments are kept in the settings; the calendar shows them. */
export const SPECIAL_APPOINTMENTS_FEATURE: Feature = {
  settings: [{ path: 'sondertermine', label: 'Sondertermine', icon: IconCalendarEvent, permission: 'einstellungen_sondertermine_sehen', order: 2, element: <SpecialAppointmentList /> }],
};
