import { z } from './zod.ts';
import { zId } from './ids.ts';
import { eachDate } from './absences.ts';
import { zIsoDate } from './dates.ts';
import { MSG } from './messages.ts';

/**
 * The weekly attendance calendar (spec 1 §2 An-/Abwesenheit, §4 status codes and daily counts).
 * A cell holds a status code; its label is the short text the grid shows.
 */
export interface StatusInfo {
  /** Text in the cell ('' for 7: the grid shows a check mark). */
  label: string;
  /** What the status means, for tooltips and the legend. */
  name: string;
  /** Mantine colour of the cell; null: no colour. */
  color: string | null;
}

export const CALENDAR_STATUS: Readonly<Record<number, StatusInfo>> = {
  1: { label: 'abw.', name: 'Abwesend', color: 'gray' },
  2: { label: 'KR', name: 'Krank', color: 'red' },
  3: { label: 'UR', name: 'Urlaub', color: 'blue' },
  4: { label: '', name: 'Freitext', color: 'yellow' },
  5: { label: 'frei', name: 'Frei', color: 'gray' },
  6: { label: 'Veranstaltung', name: 'Veranstaltung', color: 'violet' },
  7: { label: '✓', name: 'Anwesend', color: 'green' },
  71: { label: 'Früh', name: 'Frühschicht', color: 'teal' },
  72: { label: 'Spät', name: 'Spätschicht', color: 'indigo' },
  9: { label: 'BS/X', name: 'BS/X', color: 'orange' },
  11: { label: 'S/F', name: 'S/F', color: 'gray' },
  12: { label: 'BS/Frei', name: 'BS/Frei', color: 'gray' },
  22: { label: '', name: 'Anwesend (Zeit)', color: 'green' },
  31: { label: 'BS/G', name: 'BS/G', color: 'orange' },
  32: { label: 'BS/V', name: 'BS/V', color: 'orange' },
  33: { label: 'FA', name: 'FA', color: 'grape' },
  34: { label: 'MA', name: 'MA', color: 'grape' },
  35: { label: 'KO', name: 'KO', color: 'grape' },
  36: { label: 'KR', name: 'KR', color: 'red' },
  37: { label: 'EZ', name: 'EZ', color: 'grape' },
  38: { label: 'FS', name: 'FS', color: 'grape' },
  39: { label: 'UA', name: 'UA', color: 'grape' },
  40: { label: 'WB', name: 'WB', color: 'grape' },
  41: { label: 'UL', name: 'UL', color: 'grape' },
  42: { label: 'SU', name: 'SU', color: 'grape' },
  43: { label: 'RG', name: 'RG', color: 'grape' },
  44: { label: 'GF', name: 'GF', color: 'grape' },
  45: { label: 'FT', name: 'FT', color: 'grape' },
  46: { label: 'KK', name: 'KK', color: 'grape' },
  47: { label: 'KL', name: 'KL', color: 'grape' },
};

/** The choices a click on an editable cell offers, in the spec's order (free text 4 comes last). */
export const CALENDAR_CHOICES = [
  { status: 7, label: 'Anwesend' },
  { status: 71, label: 'Frühschicht' },
  { status: 72, label: 'Spätschicht' },
  { status: 2, label: 'Krank' },
  { status: 3, label: 'Urlaub' },
  { status: 9, label: 'BS/X' },
  { status: 5, label: 'Frei' },
  { status: 12, label: 'BS/Frei' },
  { status: 11, label: 'S/F' },
] as const;

/** Status codes a person may set by hand: the choices plus free text. */
export const SETTABLE_STATUSES: readonly number[] = [...CALENDAR_CHOICES.map((c) => c.status), 4];

/** Info text in cells and info rows is cut to this many characters (spec 1 §5, §9). */
export const CALENDAR_INFO_CUT = 20;

export function cutInfo(text: string): string {
  return text.length > CALENDAR_INFO_CUT ? `${text.slice(0, CALENDAR_INFO_CUT)}…` : text;
}

/** The text a cell shows: the own label of free text (4) and present-with-label (22), else the code's label. */
export function statusLabel(status: number, info = ''): string {
  if (status === 4 || status === 22) return cutInfo(info);
  return CALENDAR_STATUS[status]?.label ?? String(status);
}

/** Daily counts (spec 1 §4). A status may count in several groups (7 is present and full-day). */
export interface DayCounts {
  /** Anwesend: 4, 7, 22, 71, 72, 9, 31, 32. */
  present: number;
  /** Ganztägig: 4, 7. */
  fullDay: number;
  /** Früh: 71. */
  early: number;
  /** Spät: 9, 72. */
  late: number;
  /** Abwesend: 1, 2, 3, 5, 6, 12 and 33 to 47. */
  absent: number;
}

const PRESENT = new Set([4, 7, 22, 71, 72, 9, 31, 32]);
const FULL_DAY = new Set([4, 7]);
const EARLY = new Set([71]);
const LATE = new Set([9, 72]);
const ABSENT = new Set([1, 2, 3, 5, 6, 12, ...Array.from({ length: 15 }, (_, i) => 33 + i)]);

export const COUNT_LABELS: Readonly<Record<keyof DayCounts, string>> = {
  present: 'Anwesend',
  fullDay: 'Ganztägig',
  early: 'Früh',
  late: 'Spät',
  absent: 'Abwesend',
};

/** The counts of one day from the statuses of its cells (null: no status, counts nowhere). */
export function countDay(statuses: readonly (number | null)[]): DayCounts {
  const c: DayCounts = { present: 0, fullDay: 0, early: 0, late: 0, absent: 0 };
  for (const s of statuses) {
    if (s === null) continue;
    if (PRESENT.has(s)) c.present++;
    if (FULL_DAY.has(s)) c.fullDay++;
    if (EARLY.has(s)) c.early++;
    if (LATE.has(s)) c.late++;
    if (ABSENT.has(s)) c.absent++;
  }
  return c;
}

// ── Weeks (Monday first, ISO 8601 numbering) ───────────────────────────────

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The Monday of the week holding the date. */
export function mondayOf(isoDate: string): string {
  const d = utc(isoDate);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return iso(d);
}

export function addDays(isoDate: string, days: number): string {
  const d = utc(isoDate);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}

/** The seven dates of the week holding the date, Monday first. */
export function weekDates(isoDate: string): string[] {
  const monday = mondayOf(isoDate);
  return eachDate(monday, addDays(monday, 6));
}

/** ISO week number and its year (KW 1 holds the year's first Thursday). */
export function isoWeek(isoDate: string): { year: number; week: number } {
  const thursday = utc(addDays(mondayOf(isoDate), 3));
  const year = thursday.getUTCFullYear();
  const jan1 = Date.UTC(year, 0, 1);
  return { year, week: Math.floor((thursday.getTime() - jan1) / 86_400_000 / 7) + 1 };
}

/** Number of ISO weeks of a year (52 or 53). */
export function weeksInYear(year: number): number {
  return isoWeek(`${year}-12-28`).week;
}

/** The Monday of ISO week `week` of `year`. */
export function mondayOfWeek(year: number, week: number): string {
  const jan4 = `${year}-01-04`;
  return addDays(mondayOf(jan4), (week - 1) * 7);
}

// ── Requests ───────────────────────────────────────────────────────────────

/**
 * POST /locationappointment: one person's status on one day. `status: null` removes the entry
 * set by hand, so the cell shows what follows from the person's week pattern again.
 */
/** Lengths of a cell's free text and of a day's info row. */
export const CALENDAR_TEXT_MAX = 100;
export const CALENDAR_INFO_MAX = 200;

export const ZLocationAppointmentFields = z
  .object({
    userId: zId({ error: MSG.calendarPersonMissing }),
    date: zIsoDate(MSG.invalidDate),
    status: z
      .number()
      .int()
      .refine((s) => SETTABLE_STATUSES.includes(s), { message: MSG.calendarStatusInvalid })
      .nullable(),
    info: z.string().trim().max(CALENDAR_TEXT_MAX, MSG.calendarTextTooLong).optional().default(''),
  })
  .refine((v) => v.status !== 4 || v.info.length > 0, { message: MSG.calendarTextRequired, path: ['info'] });

export const ZLocationAppointmentRequest = z.object({ locationAppointment: ZLocationAppointmentFields });
export type TLocationAppointment = z.output<typeof ZLocationAppointmentFields>;

/** POST /locationinfo: the info row of a location and day; empty text removes it. */
export const ZLocationInfoFields = z.object({
  locationId: zId({ error: MSG.calendarLocationMissing }),
  date: zIsoDate(MSG.invalidDate),
  info: z.string().trim().max(CALENDAR_INFO_MAX, MSG.calendarInfoTooLong),
});

export const ZLocationInfoRequest = z.object({ locationInfo: ZLocationInfoFields });
export type TLocationInfo = z.output<typeof ZLocationInfoFields>;

// ── Response of GET /calendar/{location}[/{date}] ─────────────────────────

/** Where a cell's status comes from. Only 'manual', 'pattern', 'free' and 'holiday' cells are editable. */
export const CELL_SOURCES = ['sick', 'vacation', 'training', 'manual', 'holiday', 'free', 'pattern'] as const;
export type CellSource = (typeof CELL_SOURCES)[number];

export const ZCalendarCell = z.object({
  date: z.string(),
  status: z.number().nullable(),
  /** Text of the cell (info text already cut to 20 characters). */
  statusLabel: z.string(),
  /** Full text of a free-text (4) or present-with-label (22) cell. */
  info: z.string(),
  source: z.enum(CELL_SOURCES),
  editable: z.boolean(),
  /** Tooltip: the status name; with an_abwesenheit_erweiterten_titel_anzeigen also reason, period and who set it. */
  title: z.string(),
  /** A half-day vacation: which half the person is away (the cell shows half). */
  half: z.enum(['morning', 'afternoon']).nullable(),
});
export type CalendarCell = z.infer<typeof ZCalendarCell>;

export const ZCalendarRow = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  personalNumber: z.string(),
  team: z.object({ id: z.string(), label: z.string(), sortingIndex: z.number() }),
  /** Lower-case name and personal number for the employee search. */
  searchName: z.string(),
  cells: z.array(ZCalendarCell),
});
export type CalendarRow = z.infer<typeof ZCalendarRow>;

/**
 * One line of a day in the spec's shape (spec 1 §3 Calendar entry): the day's info row first
 * (`isInfo`), then its special appointments if any (`isSpecialAppointment`), then one entry per
 * person in the order of `rows` (`userIndex` is the row's index).
 */
export const ZCalendarEntry = z.object({
  status: z.number().nullable(),
  statusLabel: z.string(),
  info: z.string(),
  isInfo: z.boolean(),
  /** A status set by hand in the calendar (POST /locationappointment). */
  isAppointment: z.boolean(),
  isSpecialAppointment: z.boolean(),
  /** The special appointments of the day (first shown, '+N' for the others); empty on other lines. */
  specialAppointments: z.array(z.object({ id: z.string(), info: z.string() })),
  specialHoliday: z.boolean(),
  reason: z.string(),
  overtimeDeduction: z.boolean(),
  overtime: z.number().nullable(),
  /** An approved registration for a training that day, with its time and title. */
  training: z.boolean(),
  trainingTime: z.string(),
  trainingInfo: z.string(),
  /** The first person of a team group: the grid draws a divider with the team's name. */
  divider: z.boolean(),
  /** The location's name. */
  loc: z.string(),
  /** Index in `rows`; null on the info and special appointment lines. */
  userIndex: z.number().nullable(),
  searchName: z.string(),
});
export type CalendarEntry = z.infer<typeof ZCalendarEntry>;

export const ZCalendarDay = z.object({
  /** The day's start in Europe/Berlin as an instant (ISO 8601), the spec's `dt`. */
  dt: z.string(),
  date: z.string(),
  /** ISO calendar week (KW) of the day. */
  weeks: z.number(),
  /** Today's column (as isToday). */
  isActive: z.boolean(),
  /** The day's lines in the spec's shape (see ZCalendarEntry), beside `rows[].cells`. */
  users: z.array(ZCalendarEntry),
  /** 0 = Monday … 6 = Sunday. */
  dateIndex: z.number(),
  weekday: z.string(),
  /** DD.MM.YYYY */
  dateFormated: z.string(),
  isToday: z.boolean(),
  /** Name of the public holiday in the location's state, or null. */
  holiday: z.string().nullable(),
  /** Text of the info row. */
  info: z.string(),
  /** Special appointments of the day for this location; the grid shows the first plus '+N'. */
  specialAppointments: z.array(z.object({ id: z.string(), info: z.string() })),
  /** The location's minimum staffing that weekday (0: none; Sunday always 0). */
  minStaff: z.number(),
  /** Fewer present (the count 'Anwesend') than the minimum, on a day that is no public holiday. */
  understaffed: z.boolean(),
});
export type CalendarDay = z.infer<typeof ZCalendarDay>;

export const ZDayCounts = z.object({ present: z.number(), fullDay: z.number(), early: z.number(), late: z.number(), absent: z.number() });

/** GET /calendar/{location}[/{date}]: one week of a location. */
export const ZCalendarWeek = z.object({
  location: z.object({ id: z.string(), label: z.string() }),
  year: z.number(),
  week: z.number(),
  start: z.string(),
  end: z.string(),
  days: z.array(ZCalendarDay),
  rows: z.array(ZCalendarRow),
  counts: z.array(ZDayCounts),
  can: z.object({
    editCells: z.boolean(),
    editInfo: z.boolean(),
    editSick: z.boolean(),
    editVacation: z.boolean(),
    export: z.boolean(),
    chooseLocation: z.boolean(),
    extendedTitle: z.boolean(),
  }),
});
export type CalendarWeek = z.infer<typeof ZCalendarWeek>;

/** POST /locationappointment, POST /locationinfo. */
export const ZCalendarSaveResponse = z.object({ ok: z.boolean() });

// ── Deriving a cell ────────────────────────────────────────────────────────

/** What decides one person's cell on one day; the server gathers it with a fixed number of queries. */
export interface CellInput {
  date: string;
  /** freeDay…freeDay7 of the person (weekday codes; none set: Saturday and Sunday). */
  freeDays: readonly string[];
  /** presence1…presence7 of the person, Monday first: e.g. '9–14 Uhr' shows as present with that label. */
  presence: readonly string[];
  /** Public holiday of the location's state on that date, or null. */
  holiday: string | null;
  /** A sick report covering the date. */
  sick: { startDate: string; endDate: string } | null;
  /** An approved vacation covering the date. */
  vacation: { startDate: string; endDate: string; specialHoliday: boolean; reason: string; overtimeDeduction: boolean; overtime: number | null; dayLength?: string } | null;
  /** An approved registration for a training on that day (not cancelled). */
  training?: { title: string; time: string } | null;
  /** The entry set by hand for that day. */
  manual: { status: number; info: string; by: string; at: string } | null;
}

export interface DerivedCell {
  status: number | null;
  info: string;
  source: CellSource;
  /** Short tooltip and the extended one (details of the period, reason, who set it). */
  title: string;
  extendedTitle: string;
  /** A half-day vacation's half; null otherwise. */
  half?: 'morning' | 'afternoon' | null;
}

const dm = (isoDate: string) => `${isoDate.slice(8, 10)}.${isoDate.slice(5, 7)}.${isoDate.slice(0, 4)}`;
const period = (p: { startDate: string; endDate: string }) => (p.startDate === p.endDate ? dm(p.startDate) : `${dm(p.startDate)} – ${dm(p.endDate)}`);

/**
 * The status of one person on one day, strongest first: a sick report (every day of it), an
 * approved vacation (its working days only: free days and holidays inside it stay free), an
 * entry set by hand, a public holiday, a free weekday, the weekday's presence text, present.
 */
export function deriveCell(c: CellInput): DerivedCell {
  const weekday = (new Date(`${c.date}T00:00:00Z`).getUTCDay() + 6) % 7;
  const code = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'][weekday]!;
  const set = c.freeDays.filter(Boolean);
  const isFree = (set.length ? set : ['Sa', 'So']).includes(code);
  if (c.sick) {
    return { status: 2, info: '', source: 'sick', title: 'Krank', extendedTitle: `Krank ${period(c.sick)} (Krankmeldung)` };
  }
  if (c.vacation && !isFree && !c.holiday) {
    const v = c.vacation;
    const kind = v.specialHoliday
      ? ` · Sonderurlaub: ${v.reason}`
      : v.overtimeDeduction
        ? ` · Überstundenabbau: ${String(v.overtime ?? '').replace('.', ',')} Std.`
        : '';
    const half = v.dayLength === 'morning' || v.dayLength === 'afternoon' ? v.dayLength : null;
    const title = half ? `Urlaub ${half === 'morning' ? 'vormittags' : 'nachmittags'}` : 'Urlaub';
    return { status: 3, info: '', source: 'vacation', title, extendedTitle: `${title} ${period(v)}${kind}`, half };
  }
  // An approved training outranks a shift, a free day or a holiday: the person is at the event.
  if (c.training) {
    const title = `Veranstaltung: ${c.training.title}`;
    return { status: 6, info: c.training.title, source: 'training', title, extendedTitle: `${title}, ${c.training.time} Uhr` };
  }
  if (c.manual) {
    const m = c.manual;
    const name = m.status === 4 || m.status === 22 ? m.info : (CALENDAR_STATUS[m.status]?.name ?? String(m.status));
    return { status: m.status, info: m.info, source: 'manual', title: name, extendedTitle: `${name} · gesetzt von ${m.by} am ${dm(m.at)}` };
  }
  if (c.holiday) {
    const title = `Feiertag: ${c.holiday}`;
    return { status: 5, info: '', source: 'holiday', title, extendedTitle: title };
  }
  if (isFree) return { status: 5, info: '', source: 'free', title: 'Freier Tag', extendedTitle: 'Freier Tag' };
  const presence = c.presence[weekday]?.trim() ?? '';
  if (presence) return { status: 22, info: presence, source: 'pattern', title: `Anwesend: ${presence}`, extendedTitle: `Anwesend: ${presence}` };
  return { status: 7, info: '', source: 'pattern', title: 'Anwesend', extendedTitle: 'Anwesend' };
}
