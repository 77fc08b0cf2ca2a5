import { DAY_LENGTH_LABELS, type DayLength } from '@filialportal/core/absences';
import type { XlsxColumn } from '../../platform/exports.ts';

export const VIEW_TITLES: Record<string, string> = {
  '1': 'Offene Anträge',
  '2': 'Akzeptierte Anträge',
  '3': 'Vergangene Anträge',
  '4': 'Urlaubsübersicht',
  '5': 'Abgelehnte Anträge',
};

type RequestRow = {
  lastName: string; firstName: string; locationLabel: string; personalNumber: string; startDate: string; endDate: string; countDays: number; dayLength: DayLength;
  state: string; confirmedByData: string; specialHoliday: boolean; reason: string; overtimeDeduction: boolean; overtime: number | null;
  creditedDays: number; declineReason: string;
};

/** Columns of POST /exportabsence for the request views 1, 2, 3 and 5. */
export const requestColumns: XlsxColumn<RequestRow>[] = [
  { header: 'Nachname', value: (r) => r.lastName, width: 18 },
  { header: 'Vorname', value: (r) => r.firstName, width: 16 },
  { header: 'Standort', value: (r) => r.locationLabel, width: 20 },
  { header: 'Personalnummer', value: (r) => r.personalNumber, width: 16 },
  { header: 'Von', value: (r) => r.startDate, type: 'date' },
  { header: 'Bis', value: (r) => r.endDate, type: 'date' },
  { header: 'Tage', value: (r) => r.countDays, type: 'number' },
  { header: 'Dauer je Tag', value: (r) => DAY_LENGTH_LABELS[r.dayLength] },
  { header: 'Status', value: (r) => r.state },
  { header: 'Bestätigt von', value: (r) => r.confirmedByData, width: 20 },
  { header: 'Art', value: (r) => (r.specialHoliday ? `Sonderurlaub: ${r.reason}` : r.overtimeDeduction ? `Überstundenabbau: ${String(r.overtime ?? '').replace('.', ',')} Std.` : 'Urlaub'), width: 28 },
  { header: 'Gutgeschrieben (Krankheit)', value: (r) => r.creditedDays, type: 'number' },
  { header: 'Begründung der Ablehnung', value: (r) => r.declineReason, width: 32 },
];

type OverviewRow = {
  lastName: string; firstName: string; personalNumber: string; teamLabel: string; locationLabel: string; year: number; availableHolidays: number;
  holidaysTakenThisYear: number; holidaysPlannedThisYear: number; holidaySurplusPreviousYear: number; holidayContingent: number; openHolidays: number;
  expiringHolidays: number; expiredHolidays: number;
};

/** Columns of the overview export (view 4). */
export const overviewColumns: XlsxColumn<OverviewRow>[] = [
  { header: 'Nachname', value: (r) => r.lastName, width: 18 },
  { header: 'Vorname', value: (r) => r.firstName, width: 16 },
  { header: 'Personalnummer', value: (r) => r.personalNumber, width: 16 },
  { header: 'Team', value: (r) => r.teamLabel, width: 18 },
  { header: 'Standort', value: (r) => r.locationLabel, width: 20 },
  { header: 'Jahr', value: (r) => r.year, type: 'number' },
  { header: 'Verfügbar', value: (r) => r.availableHolidays, type: 'number' },
  { header: 'Genommen', value: (r) => r.holidaysTakenThisYear, type: 'number' },
  { header: 'Geplant', value: (r) => r.holidaysPlannedThisYear, type: 'number' },
  { header: 'Resturlaub Vorjahr', value: (r) => r.holidaySurplusPreviousYear, type: 'number' },
  { header: 'Urlaubsanspruch', value: (r) => r.holidayContingent, type: 'number' },
  { header: 'Offen', value: (r) => r.openHolidays, type: 'number' },
  { header: 'Übertrag verfällt noch', value: (r) => r.expiringHolidays, type: 'number' },
  { header: 'Übertrag verfallen', value: (r) => r.expiredHolidays, type: 'number' },
];
