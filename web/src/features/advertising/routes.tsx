import { lazy } from 'react';
import { IconSpeakerphone } from '@tabler/icons-react';
import type { Feature } from '../../shell-api/feature.ts';
import { AdvertisingCountBadge } from './AdvertisingCountBadge.tsx';
import { advertisingKeys } from './advertising.api.ts';

const AdvertisingPage = lazy(() => import('./AdvertisingPage.tsx').then((m) => ({ default: m.AdvertisingPage })));

const SEE = { anyOf: ['werbung_ver_ffentlichte_sehen', 'werbung_alle_sehen'] } as const;

export const ADVERTISING_FEATURE: Feature = {
  /** 'Werbung' sits after 'Veranstaltungen' (8) and before 'Dokumente' (9). */
  routes: [{ path: 'werbung', permission: SEE, element: <AdvertisingPage />, nav: { label: 'Werbung', order: 8.5, icon: IconSpeakerphone, counter: 'advertising' } }],
  counters: [{ kind: 'advertising', badge: AdvertisingCountBadge, rereads: [advertisingKeys.counter, advertisingKeys.list] }],
};
