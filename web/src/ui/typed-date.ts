import { parseTypedDate } from '@filialportal/core/dates';
import { MSG } from '@filialportal/core/messages';

/** YYYY-MM-DD as DD.MM.YYYY. */
const german = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/**
 * What the text of a date field stands for: the date (null when empty), or why it is none, also
 * when it lies before `minDate` or after `maxDate` (YYYY-MM-DD).
 */
export function typedValue(text: string, minDate?: string, maxDate?: string): { date: string | null; problem: string | null } {
  const typed = parseTypedDate(text);
  if (!typed.ok) return { date: null, problem: typed.message };
  if (typed.date && minDate && typed.date < minDate) return { date: null, problem: MSG.dateBeforeMin.replace('{d}', german(minDate)) };
  if (typed.date && maxDate && typed.date > maxDate) return { date: null, problem: MSG.dateAfterMax.replace('{d}', german(maxDate)) };
  return { date: typed.date, problem: null };
}
