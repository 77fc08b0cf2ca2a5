import type { VacationListView, VacationView } from './absences.api.ts';

/** The views in the order of the view switcher, with the spec's titles (spec 1 §2). */
export const VACATION_VIEWS: readonly { view: VacationView; title: string; tab: string }[] = [
  { view: '1', title: 'Offene Anträge', tab: 'Offen' },
  { view: '2', title: 'Akzeptierte Anträge', tab: 'Akzeptiert' },
  { view: '3', title: 'Vergangene Anträge', tab: 'Vergangen' },
  { view: '5', title: 'Abgelehnte Anträge', tab: 'Abgelehnt' },
  { view: '4', title: 'Urlaubsübersicht', tab: 'Urlaubsübersicht' },
];

export const DEFAULT_VACATION_VIEW: VacationView = '1';

export function isVacationView(value: string | undefined): value is VacationView {
  return VACATION_VIEWS.some((v) => v.view === value);
}

export function isListView(view: VacationView): view is VacationListView {
  return view !== '4';
}

/** Address of a view, e.g. '/urlaub/1'. */
export const vacationPath = (view: VacationView) => `/urlaub/${view}`;

/** Address of the requests in which one stands in (the deputies' notification opens it). */
export const DEPUTIES_PATH = '/urlaub/vertretungen';

/** Address of 'Neuer Urlaubsantrag'. */
export const VACATION_REQUEST_PATH = '/urlaub/antrag';

/** History state of the request form: the view it was opened from, to return to. */
export interface RequestFormState {
  from?: string;
}

/** Accept from views 1 and 5, decline from 1 and 2, delete from 1, 2, 3 and 5 (spec 1 §4). */
export const VIEW_ACTIONS: Record<VacationListView, { accept: boolean; decline: boolean; remove: boolean }> = {
  '1': { accept: true, decline: true, remove: true },
  '2': { accept: false, decline: true, remove: true },
  '3': { accept: false, decline: false, remove: true },
  '5': { accept: true, decline: false, remove: true },
};

/** Query parameter of the overview's switch 'mit Vorjahren'. */
export const PREVIOUS_YEARS_PARAM = 'vorjahre';
