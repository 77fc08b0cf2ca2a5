import {
  CALENDAR_STATUS,
  countDay,
  statusLabel,
  type CalendarCell,
  type CalendarRow,
  type CalendarWeek,
  type TLocationAppointment,
} from '@filialportal/core/calendar';

/** The employees of one team, in the server's order. */
export interface TeamGroup {
  team: CalendarRow['team'];
  rows: CalendarRow[];
}

/**
 * The rows whose name or personal number holds the term (case-insensitive), grouped by team.
 * The server sorts by team and name already, so a team's rows are consecutive.
 */
export function groupRows(rows: readonly CalendarRow[], term: string): TeamGroup[] {
  const needle = term.trim().toLowerCase();
  const groups: TeamGroup[] = [];
  for (const row of rows) {
    if (needle && !row.searchName.includes(needle)) continue;
    const last = groups.at(-1);
    if (last && last.team.id === row.team.id) last.rows.push(row);
    else groups.push({ team: row.team, rows: [row] });
  }
  return groups;
}

/** 'Wolf, Greta' */
export const rowName = (row: Pick<CalendarRow, 'firstName' | 'lastName'>) => `${row.lastName}, ${row.firstName}`;

/** The Mantine colour of a cell, or null for none (no status, or a status without colour). */
export function cellColor(cell: Pick<CalendarCell, 'status'>): string | null {
  return cell.status === null ? null : (CALENDAR_STATUS[cell.status]?.color ?? null);
}

/** What a cell means in words, for screen readers: the tooltip, or the status name, or 'kein Eintrag'. */
export function cellDescription(cell: CalendarCell): string {
  if (cell.title) return cell.title;
  if (cell.status === null) return 'kein Eintrag';
  return CALENDAR_STATUS[cell.status]?.name ?? cell.statusLabel;
}

/**
 * A cell in words for the name of its button: the shown text first where the description does
 * not already say it ('Früh – Frühschicht'), so the name contains what is seen (WCAG 2.5.3).
 * 7 shows a check mark and says its name to screen readers.
 */
export function cellName(cell: CalendarCell): string {
  const description = cellDescription(cell);
  const shown = cell.status === null || cell.status === 7 ? '' : cell.statusLabel;
  return shown && shown.toLowerCase() !== description.toLowerCase() ? `${shown} – ${description}` : description;
}

/** '12.05.' of '12.05.2026'. */
export const shortDate = (dateFormated: string) => dateFormated.slice(0, 6);

/** '12.05.2026' of '2026-05-12'. */
export const germanDate = (isoDate: string) => isoDate.split('-').reverse().join('.');

/** The body fields of POST /locationappointment as the grid sends them. */
export type CellChange = Pick<TLocationAppointment, 'userId' | 'date' | 'status' | 'info'>;

/**
 * Applies a change to a cached week at once: the cell's status and label and the day's counts.
 * The tooltip and the source follow with the server's answer.
 */
export function applyCellChange(week: CalendarWeek, change: CellChange): CalendarWeek {
  const dayIndex = week.days.findIndex((d) => d.date === change.date);
  if (dayIndex < 0) return week;
  const rows = week.rows.map((row) => {
    if (row.userId !== change.userId) return row;
    const cells = row.cells.map((cell, i) => {
      if (i !== dayIndex) return cell;
      // Resetting shows the week pattern again, which only the server knows: keep the cell until it answers.
      if (change.status === null) return cell;
      return { ...cell, status: change.status, statusLabel: statusLabel(change.status, change.info), info: change.info, source: 'manual' as const };
    });
    return { ...row, cells };
  });
  const counts = week.counts.map((c, i) => (i === dayIndex ? countDay(rows.map((r) => r.cells[i]?.status ?? null)) : c));
  return { ...week, rows, counts };
}
