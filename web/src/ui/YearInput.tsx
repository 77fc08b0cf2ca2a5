import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { parseYearFilter } from '@filialportal/core/absences';

export interface YearInputProps {
  /** The applied year ('' for none). */
  value: string;
  /** Called with a year 1800–2199 or '' once the text is one; other texts are not applied. */
  onChange: (year: string) => void;
  label?: string;
}

/**
 * The 'Jahr' box of the absence and sick lists (spec 1 §5): a list follows the box only while
 * it holds a four-digit year from 1800 to 2199, or nothing; a half-typed year leaves the list as
 * it is, a complete wrong one is marked.
 */
export function YearInput({ value, onChange, label = 'Jahr' }: YearInputProps) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);

  // The applied year changed from outside (reset, back button): the box follows.
  if (shown !== value) {
    setShown(value);
    const typed = parseYearFilter(text);
    if (typed === 'invalid' || String(typed ?? '') !== value) setText(value);
  }

  const change = (next: string) => {
    const clean = next.replace(/\D/g, '').slice(0, 4);
    setText(clean);
    const year = parseYearFilter(clean);
    if (year === 'invalid') return;
    const applied = year === null ? '' : String(year);
    if (applied !== value) onChange(applied);
  };

  const wrong = text.length === 4 && parseYearFilter(text) === 'invalid';
  return (
    <TextInput
      label={label}
      placeholder="jjjj"
      inputMode="numeric"
      autoComplete="off"
      value={text}
      onChange={(e) => change(e.currentTarget.value)}
      error={wrong ? '1800 bis 2199' : undefined}
      leftSection={<IconCalendarEvent size={16} stroke={1.7} />}
      w={{ base: '100%', xs: 120 }}
    />
  );
}
