import type { XlsxColumn } from '../../platform/exports.ts';

export interface ConfirmationExportRow {
  userName: string;
  location: string;
  confirmedAt: Date | null;
}

/** Columns of POST /news/{id}/confirmations/export: one row per person of the audience. */
export const confirmationColumns: XlsxColumn<ConfirmationExportRow>[] = [
  { header: 'Name', value: (r) => r.userName, width: 28 },
  { header: 'Standort', value: (r) => r.location, width: 24 },
  { header: 'Bestätigt', value: (r) => (r.confirmedAt ? 'Ja' : 'Nein') },
  { header: 'Bestätigt am', value: (r) => r.confirmedAt, type: 'datetime', width: 18 },
];
