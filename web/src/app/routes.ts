import { ABSENCE_ROUTES } from '../features/absences/routes.tsx';
import { ADVERTISING_ROUTES } from '../features/advertising/routes.tsx';
import { ASSORTMENT_ROUTES } from '../features/assortment/routes.tsx';
import { CLAIM_ROUTES } from '../features/claims/routes.tsx';
import { CALENDAR_ROUTES } from '../features/calendar/routes.tsx';
import { DASHBOARD_ROUTES } from '../features/dashboard/routes.tsx';
import { DOCUMENT_ROUTES } from '../features/documents/routes.tsx';
import { GLOBAL_SETTINGS_ROUTES } from '../features/global-settings/routes.tsx';
import { NEWS_ROUTES } from '../features/news/routes.tsx';
import { SETTINGS_ROUTES } from '../features/settings/routes.tsx';
import { STOCK_ROUTES } from '../features/stock/routes.tsx';
import { TASK_ROUTES } from '../features/tasks/routes.tsx';
import { TRAINING_ROUTES } from '../features/trainings/routes.tsx';
import { USER_ROUTES } from '../features/users/routes.tsx';
import type { AppRoute } from '../shell-api/feature.ts';

/** Every view of the application, collected from the domains: the router and the menu read it. */
export const ROUTES: readonly AppRoute[] = [
  ...DASHBOARD_ROUTES,
  ...TASK_ROUTES,
  ...NEWS_ROUTES,
  ...ASSORTMENT_ROUTES,
  ...STOCK_ROUTES,
  ...CLAIM_ROUTES,
  ...DOCUMENT_ROUTES,
  ...ADVERTISING_ROUTES,
  ...CALENDAR_ROUTES,
  ...ABSENCE_ROUTES,
  ...TRAINING_ROUTES,
  ...USER_ROUTES,
  ...GLOBAL_SETTINGS_ROUTES,
  ...SETTINGS_ROUTES,
];
