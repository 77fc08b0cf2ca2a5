import { useState, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { DateInput, type DateInputProps } from '@mantine/dates';
// After the date inputs' modules, so their styles follow those of the inputs they are built from.
import './date-pickers.ts';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { typedValue } from './typed-date.ts';

export const DATE_ARIA_LABELS = {
  nextMonth: 'Nächster Monat',
  previousMonth: 'Vorheriger Monat',
  nextYear: 'Nächstes Jahr',
  previousYear: 'Vorheriges Jahr',
  nextDecade: 'Nächstes Jahrzehnt',
  previousDecade: 'Vorheriges Jahrzehnt',
  // No names for the month and year buttons: their text ('November 2026') names them (WCAG 2.5.3).
} as const;

/** The placeholder of every date field (spec: `tt.mm.jjjj`). */
export const DATE_PLACEHOLDER = 'tt.mm.jjjj';

export type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'minDate' | 'maxDate' | 'dateParser' | 'valueFormat'> & {
  /** YYYY-MM-DD or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** YYYY-MM-DD: the earliest day that may be typed or picked. */
  minDate?: string;
  /** YYYY-MM-DD: the latest day that may be typed or picked. */
  maxDate?: string;
};

/**
 * A single date in German form, typed ('24.12.2026', '1.12.26') or picked from the calendar that
 * opens as a help; placeholder 'tt.mm.jjjj', weeks from Monday (set by the DatesProvider), days
 * named '5. Dezember 2026' for screen readers; the value is YYYY-MM-DD. A text that is no date
 * (or lies outside min/max) stays as typed, empties the value and says why under the field
 * once the field is left; fixing it clears the message at once.
 */
export function DateField({ value, onChange, minDate, maxDate, error, onBlur, onKeyDown, ...props }: DateFieldProps) {
  // What is typed (for the check on leaving the field) and the problem of that text.
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const typed = text === null ? null : typedValue(text, minDate, maxDate);

  const commit = (current: string) => {
    const { date, problem: found } = typedValue(current, minDate, maxDate);
    setProblem(found);
    if (date !== value) onChange(date);
  };

  return (
    <DateInput
      valueFormat="DD.MM.YYYY"
      placeholder={DATE_PLACEHOLDER}
      leftSection={<IconCalendar size={16} stroke={1.7} />}
      leftSectionPointerEvents="none"
      ariaLabels={DATE_ARIA_LABELS}
      getDayAriaLabel={(date) => dayjs(date).format('D. MMMM YYYY')}
      clearButtonProps={{ 'aria-label': 'Datum löschen' }}
      highlightToday
      {...props}
      minDate={minDate}
      maxDate={maxDate}
      value={value}
      // A complete date is taken while typing (the calendar follows it); anything else waits.
      dateParser={(input) => typedValue(input, minDate, maxDate).date}
      // A valid text is shown as DD.MM.YYYY on leaving; one that is no date stays for correcting.
      fixOnBlur={typed === null || typed.problem === null}
      onInput={(event: FormEvent<HTMLInputElement>) => {
        const current = event.currentTarget.value;
        setText(current);
        const next = typedValue(current, minDate, maxDate);
        // Fixed: the message goes at once. Not (yet) a date: the value is none meanwhile, so a
        // save never takes the date that was there before.
        if (next.problem === null) setProblem(null);
        else if (value !== null) onChange(null);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        commit(event.currentTarget.value);
        onBlur?.(event);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        // Enter saves the form: the typed date counts first.
        if (event.key === 'Enter') commit(event.currentTarget.value);
        onKeyDown?.(event);
      }}
      onChange={(picked) => {
        // Picked from the calendar or cleared with the button.
        setText(null);
        setProblem(null);
        onChange(picked ? dayjs(picked).format('YYYY-MM-DD') : null);
      }}
      error={problem ?? error}
    />
  );
}
