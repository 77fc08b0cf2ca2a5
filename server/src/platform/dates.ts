// Formatters are built once: constructing Intl objects per row is costly in long lists.
const dateFmt = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' });
const isoDayFmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' });
const timeFmt = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' });

/** DD.MM.YYYY in Europe/Berlin, the spec's display format. */
export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-');
    return `${d}.${m}.${y}`;
  }
  return dateFmt.format(typeof value === 'string' ? new Date(value) : value);
}

/** HH:mm in Europe/Berlin. */
export function formatTime(value: Date): string {
  return timeFmt.format(value);
}

/** Today in Europe/Berlin as YYYY-MM-DD: the company's day, whatever the server's zone. */
export function todayIso(): string {
  return isoDayFmt.format(new Date());
}

export const currentYear = () => Number(todayIso().slice(0, 4));

const offsetFmt = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', timeZoneName: 'longOffset' });
/** Minutes Europe/Berlin is ahead of UTC at an instant (60 in winter, 120 in summer). */
function berlinOffsetMinutes(at: number): number {
  const name = offsetFmt.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** The instant of a wall-clock day and time (YYYY-MM-DD, HH:mm) in Europe/Berlin. */
export function berlinInstant(day: string, time = '00:00'): Date {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // The offset at the guess, corrected once for a guess on the other side of a clock change.
  let at = wall - berlinOffsetMinutes(wall) * 60_000;
  at = wall - berlinOffsetMinutes(at) * 60_000;
  return new Date(at);
}
