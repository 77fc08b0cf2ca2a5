import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SeenPage } from '@filialportal/core/news';
import type { AuditActor } from '../../platform/audit.ts';
import type { ServiceDeps } from '../../platform/deps.ts';
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
export const vacationAccounts = hook<(deps: ServiceDeps<'db'>, input: { userIds: readonly string[]; year: number }) => Promise<Map<string, VacationAccount>>>(
  'vacationAccounts',
);

/**
 * This year's vacation account of the person in `userId` as a column of the current user's
 * statement: the SQL, the values of its placeholders for today, and how to read its value;
 * answered by absences.
 */
export const vacationAccountColumn = hook<
  (userId: AnyPgColumn) => { column: SQL<unknown>; values: () => Record<string, unknown>; read: (value: unknown) => VacationAccount }
>('vacationAccountColumn');

/**
 * Saves HR's surplus and deduction of a year from the user form; answered by absences, which
 * records the change in the audit trail as `actor`'s (none: the portal's own).
 */
export const saveVacationAccount = hook<
  (deps: ServiceDeps<'db'>, input: { userId: string; year: number; surplus: number; deduction: number; actor?: AuditActor }) => Promise<void>
>(
  'saveVacationAccount',
);

/**
 * Ends a person's sessions (deactivated, new password), all or all but the one named; answered
 * by session, whose sessions refer to the users table.
 */
export const endSessions = hook<(deps: ServiceDeps<'db'>, input: { userId: string; keepSessionId?: string }) => Promise<void>>('endSessions');

/**
 * When the person last looked at a page, as an SQL expression of an ISO instant (null when never),
 * for the current user's answer; answered by seen, whose markers refer to the users table.
 */
export const lastSeenOf = hook<(userId: AnyPgColumn, page: SeenPage) => SQL<string | null>>('lastSeenOf');
