import { ZSickReportRequest, type Certificate, type SickKind } from '@filialportal/core/sick-reports';
import { allProblems, type FieldErrors } from '../../ui/form-problem.ts';
import type { SickReportBody } from './sick-reports.api.ts';

/** The dialog's fields: nothing chosen yet is null. */
export interface SickReportValues {
  userId: string | null;
  startDate: string | null;
  endDate: string | null;
  kind: SickKind;
  /** '' for none. */
  certificate: Certificate | '';
}

/** The request of the dialog's fields (what is not chosen yet is empty). */
export const sickReportBody = (v: SickReportValues): SickReportBody => ({
  userId: v.userId ?? '',
  startDate: v.startDate ?? '',
  endDate: v.endDate ?? '',
  kind: v.kind,
  certificate: v.certificate || null,
});

/**
 * Every failing field of the dialog (spec 1 §5 "Sick report"), checked with the server's
 * schema: employee, 'Das Datum darf nicht leer sein.', 'Das Datum bis darf nicht leer sein.', order.
 */
export function checkSickReport(values: SickReportValues): FieldErrors {
  return allProblems(ZSickReportRequest, { sickReport: sickReportBody(values) });
}
