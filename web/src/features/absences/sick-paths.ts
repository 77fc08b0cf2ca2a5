import type { PermissionRule } from '../../shell-api/access.ts';

/** Who sees the sick reports (list, create and edit; all or the own location). */
export const SICK_REPORT_PERMISSIONS: PermissionRule = {
  anyOf: ['krankmeldungen_von_allen_sehen_und_bearbeiten', 'krankmeldungen_aus_eigener_filiale_sehen_und_bearbeiten'],
};

/** The list views of the sick reports: 2 current and coming, 3 past, 4 all. */
export type SickListView = '2' | '3' | '4';
/** Every view: the lists and the per-employee summary ('uebersicht'). */
export type SickView = SickListView | 'uebersicht';

/** The views in the order of the view switcher, with their titles (spec 1 §2 "Sick report page"). */
export const SICK_VIEWS: readonly { view: SickView; title: string; tab: string }[] = [
  { view: '2', title: 'Eingegangene Krankmeldungen', tab: 'Eingegangen' },
  { view: '3', title: 'Vergangene Krankmeldungen', tab: 'Vergangen' },
  { view: '4', title: 'Alle Krankmeldungen', tab: 'Alle' },
  { view: 'uebersicht', title: 'Krankheitstage je Mitarbeiter', tab: 'Übersicht' },
];

/** The spec's default view state. */
export const DEFAULT_SICK_VIEW: SickView = '2';

export function isSickView(value: string | undefined): value is SickView {
  return SICK_VIEWS.some((v) => v.view === value);
}

export function isSickListView(view: SickView): view is SickListView {
  return view !== 'uebersicht';
}

/** Address of a view, e.g. '/krankmeldungen/2'. */
export const sickPath = (view: SickView) => `/krankmeldungen/${view}`;
