/** Query parameter of the shown date (YYYY-MM-DD, any day of the week); without it the current week. */
export const DATE_PARAM = 'datum';

/** Who may choose another location than the own one (spec 1 §6). */
export const CHOOSE_LOCATION_PERMISSION = 'an_abwesenheit_von_allen_sehen';
