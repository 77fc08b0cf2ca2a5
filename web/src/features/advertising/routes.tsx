import { lazy } from 'react';
import { IconSpeakerphone } from '@tabler/icons-react';
import type { AppRoute } from '../../shell-api/feature.ts';

const AdvertisingPage = lazy(() => import('./AdvertisingPage.tsx').then((m) => ({ default: m.AdvertisingPage })));

const SEE = { anyOf: ['werbung_ver_ffentlichte_sehen', 'werbung_alle_sehen'] } as const;

/** 'Werbung' sits after 'Veranstaltungen' (8) and before 'Dokumente' (9). */
export const ADVERTISING_ROUTES: AppRoute[] = [
  { path: 'werbung', permission: SEE, element: <AdvertisingPage />, nav: { label: 'Werbung', order: 8.5, icon: IconSpeakerphone, counter: 'advertising' } },
];
