import type { Db } from '../../platform/db.ts';
import { hook } from '../../platform/hooks.ts';

/**
 * What the users module asks of modules above it (platform/hooks.ts). Those modules keep rows per
 * person (a foreign key into the users table), so they sit above this one; the user answers and
 * the user form still show and change their part of a person.
 */

/** The part of a person's vacation account that the user answers, the form and the export show. */
export interface VacationAccount {
  available: number;
  taken: number;
  planned: number;
  expiring: number;
  expiryDate: string | null;
  surplus: number;
  deduction: number;
}

/** This year's vacation accounts of several people; answered by absences, which counts their days off. */
export const vacationAccounts = hook<(db: Db, userIds: readonly string[], year: number) => Promise<Map<string, VacationAccount>>>('vacationAccounts');

/** Saves HR's surplus and deduction of a year from the user form; answered by absences. */
export const saveVacationAccount = hook<(db: Db, userId: string, year: number, values: { surplus: number; deduction: number }) => Promise<void>>('saveVacationAccount');
