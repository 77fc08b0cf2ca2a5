import { lazy } from 'react';
import { IconBuildingStore } from '@tabler/icons-react';
import type { Feature } from '../../shell-api/feature.ts';

const LocationList = lazy(() => import('./LocationList.tsx').then((m) => ({ default: m.LocationList })));

/** The locations are kept in the settings; they have no view of their own. */
export const LOCATIONS_FEATURE: Feature = {
  settings: [{ path: 'standorte', label: 'Standorte', icon: IconBuildingStore, permission: 'einstellungen_standorte_sehen', order: 4, element: <LocationList /> }],
};
