import { FREE_DAY_KEYS } from '@filialportal/core/users';
import type { XlsxColumn } from '../../platform/exports.ts';
import type { users } from './users.table.ts';

type Row = { user: typeof users.$inferSelect; roleLabel: string; locationLabel: string; account?: { surplus: number; deduction: number; available: number } };

/** Columns of POST /export-users. */
export const userExportColumns: XlsxColumn<Row>[] = [
  { header: 'Nachname', value: (r) => r.user.lastName, width: 18 },
  { header: 'Vorname', value: (r) => r.user.firstName, width: 16 },
  { header: 'Benutzername', value: (r) => r.user.email, width: 32 },
  { header: 'Telefon', value: (r) => r.user.phone, width: 16 },
  { header: 'Personalnummer', value: (r) => r.user.personalNumber, width: 16 },
  { header: 'Standort', value: (r) => r.locationLabel, width: 22 },
  { header: 'Benutzergruppe', value: (r) => r.roleLabel, width: 20 },
  { header: 'Aktiv', value: (r) => r.user.active, type: 'boolean' },
  { header: 'Urlaubsanspruch', value: (r) => Number(r.user.holidayContingent), type: 'number' },
  { header: 'Resturlaub Vorjahr', value: (r) => r.account?.surplus, type: 'number' },
  { header: 'Abzug laufendes Jahr', value: (r) => r.account?.deduction, type: 'number' },
  { header: 'Verfügbar', value: (r) => r.account?.available, type: 'number' },
  { header: 'Freie Tage', value: (r) => FREE_DAY_KEYS.map((_, i) => r.user.freeDays[i]).filter(Boolean).join(', '), width: 16 },
  { header: 'Angelegt am', value: (r) => r.user.createdAt, type: 'datetime', width: 18 },
];
