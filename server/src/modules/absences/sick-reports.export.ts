import { CERTIFICATE_LABELS, SICK_KIND_LABELS } from '@filialportal/core/sick-reports';
import type { XlsxColumn } from '../../platform/exports.ts';
import type { sickExportRows } from './sick-list.ts';

type Row = ReturnType<typeof sickExportRows> extends AsyncIterable<(infer R)[]> ? R : never;

/** Columns of POST /exportsickreport/{location}/{view}. */
export const sickReportExportColumns: XlsxColumn<Row>[] = [
  { header: 'Nachname', value: (s) => s.lastName, width: 18 },
  { header: 'Vorname', value: (s) => s.firstName, width: 16 },
  { header: 'Personalnummer', value: (s) => s.personalNumber, width: 16 },
  { header: 'Standort', value: (s) => s.locationLabel, width: 20 },
  { header: 'Von', value: (s) => s.startDate, type: 'date' },
  { header: 'Bis', value: (s) => s.endDate, type: 'date' },
  { header: 'Tage', value: (s) => s.countDays, type: 'number' },
  // Kind and certificate (never the file) only for those who handle these people's sick reports:
  // whoever merely exports (Buchhaltung) gets the days, not what lies behind them.
  { header: 'Art', value: (s) => (s.canEdit ? SICK_KIND_LABELS[s.kind] : '') },
  { header: 'Bescheinigung', value: (s) => (s.canEdit && s.certificate ? CERTIFICATE_LABELS[s.certificate] : '') },
];
