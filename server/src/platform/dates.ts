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
