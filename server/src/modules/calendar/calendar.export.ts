import { COUNT_LABELS, type CalendarWeek } from '@filialportal/core/calendar';

type ExportRow = { team: string; name: string; personalNumber: string; days: (string | number)[] };

/** Columns of POST /exportcalendar: team, person, personal number and one per day. */
export function exportColumns(week: CalendarWeek) {
  return [
    { header: 'Team', value: (r: ExportRow) => r.team, width: 18 },
    { header: 'Mitarbeiter', value: (r: ExportRow) => r.name, width: 24 },
    { header: 'Personalnummer', value: (r: ExportRow) => r.personalNumber, width: 16 },
    ...week.days.map((d, i) => ({ header: `${d.weekday} ${d.dateFormated}`, value: (r: ExportRow) => r.days[i], width: week.can.extendedTitle ? 28 : 14 })),
  ];
}

/** Info row and special appointments first, then one row per person, then the daily counts. */
export function exportRows(week: CalendarWeek): ExportRow[] {
  const line = (name: string, days: (string | number)[]): ExportRow => ({ team: '', name, personalNumber: '', days });
  const detailed = (c: CalendarWeek['rows'][number]['cells'][number]) =>
    week.can.extendedTitle && (c.source === 'sick' || c.source === 'vacation' || c.source === 'manual') ? `${c.statusLabel || c.info} – ${c.title}` : c.statusLabel;
  return [
    line('Info', week.days.map((d) => [d.holiday, d.info].filter(Boolean).join(' · '))),
    line('Sondertermine', week.days.map((d) => d.specialAppointments.map((a) => a.info).join(', '))),
    ...week.rows.map((r) => ({
      team: r.team.label,
      name: `${r.lastName}, ${r.firstName}`,
      personalNumber: r.personalNumber,
      days: r.cells.map(detailed),
    })),
    ...(Object.keys(COUNT_LABELS) as (keyof typeof COUNT_LABELS)[]).map((k) => line(COUNT_LABELS[k], week.counts.map((c) => c[k]))),
  ];
}
