import { memo, useState, type KeyboardEvent } from 'react';
import { TextInput } from '@mantine/core';
import { CALENDAR_INFO_MAX, cutInfo, type CalendarDay } from '@filialportal/core/calendar';
import { Tooltip } from '../../ui/Tooltip.tsx';
import classes from './calendar.module.css';

export interface DayInfoCellProps {
  day: CalendarDay;
  editable: boolean;
  /** Saves the day's info text ('' removes it). */
  onSave: (date: string, info: string) => void;
}

/**
 * The info row of one day: a text field saved on Enter for those who may edit it (Escape
 * restores the saved text), else the text cut to 20 characters with the whole in the tooltip.
 */
export const DayInfoCell = memo(function DayInfoCell({ day, editable, onSave }: DayInfoCellProps) {
  const [text, setText] = useState(day.info);
  const [saved, setSaved] = useState(day.info);

  // A new week or a saved change from elsewhere: the field follows the server's text.
  if (saved !== day.info) {
    setSaved(day.info);
    setText(day.info);
  }

  if (!editable) {
    if (!day.info) return null;
    // The column may be narrower than the 20 characters: the tooltip always holds the whole text.
    return (
      <Tooltip label={day.info} multiline maw={280}>
        <span className={classes.infoText}>{cutInfo(day.info)}</span>
      </Tooltip>
    );
  }

  const dirty = text.trim() !== day.info;
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (dirty) onSave(day.date, text.trim());
    } else if (event.key === 'Escape') {
      setText(day.info);
    }
  };

  return (
    <Tooltip label="Nicht gespeichert – Enter speichert, Esc verwirft" disabled={!dirty}>
      <TextInput
        size="xs"
        className={classes.infoInput}
        data-dirty={dirty || undefined}
        aria-label={`Info ${day.weekday} ${day.dateFormated}`}
        placeholder="Info …"
        maxLength={CALENDAR_INFO_MAX}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={keyDown}
      />
    </Tooltip>
  );
});
