// Every date and time a person reads, in Europe/Berlin: the company's clock, whatever zone the
// server or the browser runs in. Timestamps (Date, ISO strings, epoch ms) are converted; pure
// calendar dates (YYYY-MM-DD) have no zone and are only re-written. The formatters are built
// once, on first use: constructing Intl objects per row is costly in long lists, and each one
// built with the module would cost every page's start.

/** The company's time zone. */
export const TIME_ZONE = 'Europe/Berlin';

/** A point in time: a Date, an ISO timestamp or milliseconds since the epoch. */
export type Instant = Date | string | number;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A formatter built on its first use and kept. */
function once(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat(locale, options));
}

const partsFmt = once('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const offsetFmt = once('en-US', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' });

const toDate = (at: Instant) => (at instanceof Date ? at : new Date(at));

/** The wall clock in Berlin at an instant, each part zero-padded ('2026', '11', '23', '00', '50', '00'). */
export interface BerlinParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/**
 * The wall-clock parts of an instant in Europe/Berlin: the instant moved by Berlin's offset, read
 * as UTC. The offset comes from Intl once per UTC hour (Berlin's clock changes only on a full
 * hour), so a list of a thousand instants asks Intl a few times, not a thousand.
 */
export function berlinParts(at: Instant): BerlinParts {
  const ms = toDate(at).getTime();
  if (!Number.isFinite(ms)) {
    // Intl's own answer for what is not an instant (it throws, as it always has).
    const p: Record<string, string> = {};
    for (const part of partsFmt().formatToParts(toDate(at))) p[part.type] = part.value;
    return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute!, second: p.second! };
  }
  const wall = new Date(ms + offsetAt(ms) * 60_000);
  return {
    year: String(wall.getUTCFullYear()),
    month: pad2(wall.getUTCMonth() + 1),
    day: pad2(wall.getUTCDate()),
    hour: pad2(wall.getUTCHours()),
    minute: pad2(wall.getUTCMinutes()),
    second: pad2(wall.getUTCSeconds()),
  };
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Berlin's offset in minutes by UTC hour, as Intl gives it; bounded, since any instant may come. */
const offsetByHour = new Map<number, number>();
function offsetAt(ms: number): number {
  const hour = Math.floor(ms / 3_600_000);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    if (offsetByHour.size >= 50_000) offsetByHour.clear();
    offset = berlinOffsetMinutes(hour * 3_600_000);
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in Europe/Berlin; a YYYY-MM-DD string stays. */
export function berlinDay(at: Instant): string {
  if (typeof at === 'string' && ISO_DAY.test(at)) return at;
  // Berlin's day turns at a full minute (its offsets are whole hours): the last minute's answer
  // serves every instant of that minute, and `todayIso` on a hot path skips Intl's formatting.
  const minute = Math.floor(toDate(at).getTime() / 60_000);
  if (minute === lastDay.minute) return lastDay.day;
  const p = berlinParts(at);
  const day = `${p.year}-${p.month}-${p.day}`;
  if (Number.isFinite(minute)) Object.assign(lastDay, { minute, day });
  return day;
}
const lastDay = { minute: Number.NaN, day: '' };

/** DD.MM.YYYY, the spec's display format: a timestamp's Berlin day, a YYYY-MM-DD date as it is. */
export function formatDate(value: Instant | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && ISO_DAY.test(value)) {
    const [y, m, d] = value.split('-');
    return `${d}.${m}.${y}`;
  }
  const p = berlinParts(value);
  return `${p.day}.${p.month}.${p.year}`;
}

/** HH:mm in Europe/Berlin. */
export function formatTime(value: Instant): string {
  const p = berlinParts(value);
  return `${p.hour}:${p.minute}`;
}

/** 'DD.MM.YYYY HH:mm' in Europe/Berlin; '' without a value. */
export function formatDateTime(value: Instant | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return `${formatDate(value)} ${formatTime(value)}`;
}

/** Today in Europe/Berlin as YYYY-MM-DD: the company's day, whatever the machine's zone. */
export function todayIso(now: Instant = new Date()): string {
  return berlinDay(now);
}

/** The current year in Europe/Berlin (on New Year's Eve after 23:00 UTC it is already the next). */
export const currentYear = (now: Instant = new Date()) => Number(todayIso(now).slice(0, 4));

/** Minutes Europe/Berlin is ahead of UTC at an instant (60 in winter, 120 in summer). */
export function berlinOffsetMinutes(at: Instant): number {
  const name = offsetFmt().formatToParts(toDate(at)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** The instant of a wall-clock day and time (YYYY-MM-DD, HH:mm) in Europe/Berlin. */
export function berlinInstant(day: string, time = '00:00'): Date {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // The offset at the guess, corrected once for a guess on the other side of a clock change.
  let at = wall - offsetAt(wall) * 60_000;
  at = wall - offsetAt(at) * 60_000;
  return new Date(at);
}
