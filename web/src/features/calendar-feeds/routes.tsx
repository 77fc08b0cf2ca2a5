import { lazy } from 'react';
import type { Feature } from '../../shell-api/feature.ts';

const CalendarFeedsSection = lazy(() => import('./CalendarFeedsSection.tsx').then((m) => ({ default: m.CalendarFeedsSection })));

/** Calendar subscriptions, in the person's own settings. */
export const CALENDAR_FEEDS_FEATURE: Feature = {
  userSettings: <CalendarFeedsSection />,
};
