import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';

export const DATE_ARIA_LABELS = {
  nextMonth: 'Nächster Monat',
  previousMonth: 'Vorheriger Monat',
  nextYear: 'Nächstes Jahr',
  previousYear: 'Vorheriges Jahr',
  nextDecade: 'Nächstes Jahrzehnt',
  previousDecade: 'Vorheriges Jahrzehnt',
  // No names for the month and year buttons: their text ('November 2026') names them (WCAG 2.5.3).
} as const;

export type DateFieldProps = Omit<DatePickerInputProps<'default'>, 'type' | 'value' | 'onChange'> & {
  /** YYYY-MM-DD or null. */
  value: string | null;
  onChange: (value: string | null) => void;
};

/**
 * A single date in German form: DD.MM.YYYY, placeholder 'tt.mm.jjjj', weeks from Monday (set by
 * the DatesProvider), days named '5. Dezember 2026' for screen readers; the value is YYYY-MM-DD.
 */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  return (
    <DatePickerInput
      valueFormat="DD.MM.YYYY"
      placeholder="tt.mm.jjjj"
      leftSection={<IconCalendar size={16} stroke={1.7} />}
      leftSectionPointerEvents="none"
      ariaLabels={DATE_ARIA_LABELS}
      getDayAriaLabel={(date) => dayjs(date).format('D. MMMM YYYY')}
      clearButtonProps={{ 'aria-label': 'Datum löschen' }}
      highlightToday
      {...props}
      value={value}
      onChange={(v) => onChange(v ? dayjs(v).format('YYYY-MM-DD') : null)}
    />
  );
}
