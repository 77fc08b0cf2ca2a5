import { ZSickReportRequest } from '@filialportal/core/sick-reports';
import { allProblems, type FieldErrors } from '../../ui/form-problem.ts';
import type { SickReportBody } from './sick-reports.api.ts';

/**
 * Every failing field of the dialog (spec 1 §5 "Sick report"), checked with the server's
 * schema: employee, 'Das Datum darf nicht leer sein.', 'Das Datum bis darf nicht leer sein.', order.
 */
export function checkSickReport(values: SickReportBody): FieldErrors {
  return allProblems(ZSickReportRequest, { sickReport: values });
}
