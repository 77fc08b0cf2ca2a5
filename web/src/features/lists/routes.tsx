import { lazy } from 'react';
import { IconBuildingFactory, IconBuildingFactory2, IconMessageReport, IconProgressCheck, IconRosetteDiscountCheck, IconTag } from '@tabler/icons-react';
import type { Feature } from '../../shell-api/feature.ts';

type Lists = typeof import('./sections.tsx');
/** One chunk holds every list section; each section is one of its exports. */
const list = (name: keyof Lists) => lazy(() => import('./sections.tsx').then((m) => ({ default: m[name] })));

const ManufacturerList = list('ManufacturerList');
const ColorLabelList = list('ColorLabelList');
const StatusList = list('StatusList');
const ClaimManufacturerList = list('ClaimManufacturerList');
const ClaimQualityList = list('ClaimQualityList');
const ClaimReasonList = list('ClaimReasonList');

const CLAIM_LISTS = 'settings_claim_can_edit_status';

/** The named lists of the settings (spec 3 §2), under 'Listen'. */
export const LISTS_FEATURE: Feature = {
  settings: [
    { path: 'hersteller', label: 'Hersteller', icon: IconBuildingFactory2, permission: 'einstellungen_hersteller_sehen_1', order: 7, group: 'Listen', element: <ManufacturerList /> },
    { path: 'labels', label: 'Labels', icon: IconTag, permission: 'einstellungen_labels_mit_farbe_sehen', order: 8, group: 'Listen', element: <ColorLabelList /> },
    { path: 'status', label: 'Status', icon: IconProgressCheck, permission: CLAIM_LISTS, order: 9, group: 'Listen', element: <StatusList /> },
    { path: 'beanstandung-hersteller', label: 'Beanstandung Hersteller', icon: IconBuildingFactory, permission: CLAIM_LISTS, order: 10, group: 'Listen', element: <ClaimManufacturerList /> },
    { path: 'beanstandung-qualitaet', label: 'Beanstandung Qualität', icon: IconRosetteDiscountCheck, permission: CLAIM_LISTS, order: 11, group: 'Listen', element: <ClaimQualityList /> },
    { path: 'beanstandung-grund', label: 'Beanstandung Grund', icon: IconMessageReport, permission: CLAIM_LISTS, order: 12, group: 'Listen', element: <ClaimReasonList /> },
  ],
};
