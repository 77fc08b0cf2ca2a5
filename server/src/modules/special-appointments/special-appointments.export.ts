import type { XlsxColumn } from '../../platform/exports.ts';
import type { specialAppointmentExportRows } from './special-appointments.service.ts';

type Row = ReturnType<typeof specialAppointmentExportRows> extends AsyncIterable<(infer R)[]> ? R : never;

/** Columns of POST /export-special-appointments. */
export const specialAppointmentExportColumns: XlsxColumn<Row>[] = [
  { header: 'Titel', value: (a) => a.info, width: 36 },
  { header: 'Von', value: (a) => a.date, type: 'date' },
  { header: 'Bis', value: (a) => a.endDate, type: 'date' },
  { header: 'Standorte', value: (a) => a.locationLabels, width: 40 },
];
