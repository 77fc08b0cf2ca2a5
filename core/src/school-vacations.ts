import { z } from './zod.ts';
import { isIsoDate } from './dates.ts';
import { REGION_CODES } from './locations.ts';
import { MSG } from './messages.ts';

export interface SchoolVacation {
  region: string;
  name: string;
  start: string;
  end: string;
}

const toIso = (v: string): string | null => {
  const t = v.trim().replace(/^"|"$/g, '');
  const de = t.match(/^(\d{1,2})\.(\d{1,2})\.(\d{4})$/);
  const iso = de ? `${de[3]}-${de[2]!.padStart(2, '0')}-${de[1]!.padStart(2, '0')}` : t;
  return isIsoDate(iso) ? iso : null;
};

/** More entries than a file of all states over several years has: the rest is no school calendar. */
export const SCHOOL_VACATIONS_MAX = 2000;

/**
 * Reads school vacations from a CSV file (columns Bundesland;Name;Beginn;Ende — comma or
 * semicolon, dates DD.MM.YYYY or YYYY-MM-DD, region as code 'NW' or state name) or from an iCal
 * file (VEVENT with SUMMARY, DTSTART, DTEND exclusive; the region is given by the caller).
 * Returns the entries and the numbers of the lines that could not be read.
 */
export function parseSchoolVacations(content: string, region: string | null, regionByName: (name: string) => string | null): { entries: SchoolVacation[]; badLines: number[] } {
  if (/BEGIN:VCALENDAR/i.test(content)) return parseIcal(content, region);
  const entries: SchoolVacation[] = [];
  const badLines: number[] = [];
  content.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    const cells = line.split(line.includes(';') ? ';' : ',').map((c) => c.trim().replace(/^"|"$/g, ''));
    if (i === 0 && !toIso(cells[2] ?? '')) return; // header
    const [state, name, start, end] = cells;
    const code = state ? (REGION_CODES.includes(state.toUpperCase() as never) ? state.toUpperCase() : regionByName(state)) : region;
    const s = toIso(start ?? '');
    const e = toIso(end ?? '');
    if (!code || !name || !s || !e || e < s) badLines.push(i + 1);
    else entries.push({ region: code, name, start: s, end: e });
  });
  return { entries, badLines };
}

/** The lines an event is read from, compiled once: `KEY(;params):value`. */
const ICAL_FIELDS = {
  SUMMARY: /^SUMMARY(?:;[^:\r\n]*)?:(.*)$/im,
  DTSTART: /^DTSTART(?:;[^:\r\n]*)?:(.*)$/im,
  DTEND: /^DTEND(?:;[^:\r\n]*)?:(.*)$/im,
};

function parseIcal(content: string, region: string | null): { entries: SchoolVacation[]; badLines: number[] } {
  const unfolded = content.replace(/\r?\n[ \t]/g, '');
  const entries: SchoolVacation[] = [];
  const badLines: number[] = [];
  const events = unfolded.split(/BEGIN:VEVENT/i).slice(1);
  events.forEach((ev, i) => {
    const get = (key: keyof typeof ICAL_FIELDS) => ev.match(ICAL_FIELDS[key])?.[1]?.trim();
    const date = (v: string | undefined) => (v && /^\d{8}/.test(v) ? `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}` : null);
    const name = get('SUMMARY')?.replace(/\\,/g, ',');
    const start = date(get('DTSTART'));
    const endExclusive = date(get('DTEND'));
    // DTEND of an all-day event is the day after the last day.
    const end = endExclusive ? new Date(Date.parse(`${endExclusive}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10) : start;
    if (!region || !name || !start || !end || end < start) badLines.push(i + 1);
    else entries.push({ region, name, start, end });
  });
  return { entries, badLines };
}

/** POST /schoolvacations/import: the file's text and, for iCal files, the federal state. */
export const ZSchoolVacationImport = z.object({
  content: z.string().min(1, MSG.importEmpty).max(500_000, MSG.importTooLarge),
  region: z.enum(REGION_CODES).optional(),
});

/**
 * GET /holidayapi/holidays/{region}: each list is a JSON string, as the spec's client expects:
 * holidays `[{ name, datum, datumFormated }]`, school vacations `[{ name, start, end }]`.
 */
export const ZHolidayDataResponse = z.object({
  region: z.string(),
  year: z.number(),
  holidayList: z.string(),
  holidayListLastYear: z.string(),
  holidayListNextYear: z.string(),
  vacationList: z.string(),
  vacationListLastYear: z.string(),
  vacationListNextYear: z.string(),
});

/** An imported school vacation (GET /schoolvacations). */
export const ZSchoolVacationRow = z.object({
  id: z.string(),
  region: z.string(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
  startFormated: z.string(),
  endFormated: z.string(),
});

export const ZSchoolVacationListResponse = z.object({ list: z.array(ZSchoolVacationRow) });

/** POST /schoolvacations/import: entries read and the numbers of the lines that were not. */
export const ZSchoolVacationImportResponse = z.object({ imported: z.number(), skippedLines: z.array(z.number()) });
