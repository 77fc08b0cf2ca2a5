import { absenceStateLabel } from '@filialportal/core/absences';
import type { TVacationRequest } from '@filialportal/core/vacation';

/** A vacation request as far as the audit trail keeps it; a new request has no decision yet. */
interface AuditedRequest {
  startDate: string;
  endDate: string;
  countDays: number;
  dayLength: string;
  specialHoliday: boolean;
  reason: string;
  overtimeDeduction: boolean;
  overtime: number | null;
  approved?: boolean;
  declined?: boolean;
  declineReason?: string;
  approvalNote?: string;
}

/**
 * The fields of a request the trail compares: its period and kind, its state and the comment of
 * its decision. An empty text counts as none, so a creation or deletion lists only what was said
 * and a decision only the state and its comment.
 */
export function vacationFields(a: AuditedRequest): Record<string, unknown> {
  return {
    status: absenceStateLabel({ approved: a.approved ?? false, declined: a.declined ?? false }),
    startDate: a.startDate,
    endDate: a.endDate,
    countDays: Number(a.countDays),
    dayLength: a.dayLength,
    specialHoliday: a.specialHoliday,
    reason: a.reason || null,
    overtimeDeduction: a.overtimeDeduction,
    overtime: a.overtime === null ? null : Number(a.overtime),
    declineReason: a.declineReason || null,
    approvalNote: a.approvalNote || null,
  };
}

/** A new request's fields as they are stored: the reason only for special leave, hours only for overtime. */
export const requestFields = (input: TVacationRequest, countDays: number) =>
  vacationFields({
    startDate: input.startDate,
    endDate: input.endDate,
    countDays,
    dayLength: input.dayLength,
    specialHoliday: input.specialHoliday,
    reason: input.specialHoliday ? input.reason : '',
    overtimeDeduction: input.overtimeDeduction,
    overtime: input.overtimeDeduction ? input.overtime : null,
  });
