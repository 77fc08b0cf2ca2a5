import { useState } from 'react';
import { ActionIcon, Button, Group, NumberInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { weeksInYear } from '@filialportal/core/calendar';
import { Tooltip } from '../../ui/Tooltip.tsx';

export interface WeekNumberInputProps {
  /** ISO year and week of the shown week. */
  year: number;
  week: number;
  /** Called with a week 1…weeksInYear(year) once typing pauses (300 ms, spec 1 §9) or on Enter. */
  onChange: (week: number) => void;
}

/** 'KW': the ISO week number of the shown year; a half-typed or out-of-range number is not applied. */
export function WeekNumberInput({ year, week, onChange }: WeekNumberInputProps) {
  const max = weeksInYear(year);
  const [text, setText] = useState<string | number>(week);
  const [shown, setShown] = useState(week);

  const apply = useDebouncedCallback((value: string | number) => {
    const n = Number(value);
    if (value !== '' && Number.isInteger(n) && n >= 1 && n <= max && n !== week) onChange(n);
  }, 300);

  // Another control moved the week: the field follows and a pending number is dropped.
  if (shown !== week) {
    setShown(week);
    setText(week);
    apply.cancel();
  }

  const n = Number(text);
  const wrong = text !== '' && (!Number.isInteger(n) || n < 1 || n > max);
  return (
    <NumberInput
      label="KW"
      value={text}
      onChange={(value) => {
        setText(value);
        apply(value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') apply.flush();
      }}
      onBlur={() => {
        apply.flush();
        if (wrong || text === '') setText(week);
      }}
      min={1}
      max={max}
      clampBehavior="none"
      allowDecimal={false}
      allowNegative={false}
      // Only the red frame: a message below the field would shift the buttons beside it mid-click.
      error={wrong}
      title={`1 bis ${max}`}
      w={88}
    />
  );
}

export interface WeekStepperProps {
  onPrevious: () => void;
  onToday: () => void;
  onNext: () => void;
}

/** Previous week, 'Heute', next week. */
export function WeekStepper({ onPrevious, onToday, onNext }: WeekStepperProps) {
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip label="Vorherige Woche">
        <ActionIcon variant="default" size={36} onClick={onPrevious} aria-label="Vorherige Woche">
          <IconChevronLeft size={18} />
        </ActionIcon>
      </Tooltip>
      <Button variant="default" onClick={onToday} px="md">
        Heute
      </Button>
      <Tooltip label="Nächste Woche">
        <ActionIcon variant="default" size={36} onClick={onNext} aria-label="Nächste Woche">
          <IconChevronRight size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
