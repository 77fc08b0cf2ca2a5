import { memo, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { Button, Divider, Popover, SimpleGrid, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconCheck } from '@tabler/icons-react';
import { CALENDAR_CHOICES, CALENDAR_STATUS, CALENDAR_TEXT_MAX, ZLocationAppointmentFields, type CalendarCell, type CalendarDay } from '@filialportal/core/calendar';
import { zodResolver } from '../../ui/form-problem.ts';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { cellColor, cellName } from './calendar-grid.ts';
import classes from './calendar.module.css';

/** The light Mantine colours of a status as CSS variables of the cell. */
export function statusStyle(color: string | null): CSSProperties | undefined {
  if (!color) return undefined;
  return {
    '--cell-bg': `var(--mantine-color-${color}-light)`,
    '--cell-fg': `var(--mantine-color-${color}-light-color)`,
  } as CSSProperties;
}

/** What a cell shows: the check mark for 7, else its label. */
function StatusContent({ cell }: { cell: CalendarCell }) {
  if (cell.status === 7) {
    return (
      <>
        <IconCheck size={16} stroke={2.6} aria-hidden />
        <VisuallyHidden>{CALENDAR_STATUS[7]!.name}</VisuallyHidden>
      </>
    );
  }
  return (
    <>
      <span className={classes.statusText}>{cell.statusLabel}</span>
      {cell.half && <VisuallyHidden>{cell.half === 'morning' ? ' vormittags' : ' nachmittags'}</VisuallyHidden>}
    </>
  );
}

export interface StatusCellProps {
  userId: string;
  /** 'Wolf, Greta' */
  name: string;
  cell: CalendarCell;
  day: CalendarDay;
  /** The cell may be changed now (the server's flag, and the shown week is not a placeholder). */
  editable: boolean;
  canEditSick: boolean;
  canEditVacation: boolean;
  /** Sets a status (null: back to the week pattern); 4 carries the free text. */
  onSet: (userId: string, date: string, status: number | null, info: string) => void;
}

/** The choice of status of one editable cell (spec 1 §4): the fixed choices, free text and 'Zurücksetzen'. */
function StatusChoice({
  userId,
  cell,
  canEditSick,
  canEditVacation,
  onChoose,
}: {
  userId: string;
  cell: CalendarCell;
  canEditSick: boolean;
  canEditVacation: boolean;
  onChoose: (status: number | null, info: string) => void;
}) {
  // The free text is status 4 of the cell's request: it needs a text.
  const { form } = useCheckedForm({
    initialValues: { info: cell.status === 4 ? cell.info : '' },
    validate: zodResolver(ZLocationAppointmentFields, (v: { info: string }) => ({ userId, date: cell.date, status: 4, info: v.info })),
    oneAtATime: true,
    messagesUnder: 'all',
  });
  const choices = CALENDAR_CHOICES.filter((c) => (c.status !== 2 || canEditSick) && (c.status !== 3 || canEditVacation));

  const saveText = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    form.onSubmit((v) => onChoose(4, v.info.trim()))();
  };

  return (
    <Stack gap={8}>
      <SimpleGrid cols={2} spacing={4} verticalSpacing={4}>
        {choices.map((choice) => {
          const current = cell.status === choice.status;
          return (
            <Button
              key={choice.status}
              size="compact-sm"
              justify="flex-start"
              variant={current ? 'filled' : 'light'}
              color={CALENDAR_STATUS[choice.status]?.color ?? 'gray'}
              aria-pressed={current}
              onClick={() => onChoose(choice.status, '')}
              fw={500}
            >
              {choice.label}
            </Button>
          );
        })}
      </SimpleGrid>
      <TextInput
        size="xs"
        label="Freitext"
        description="Enter speichert"
        placeholder="z. B. Messe, 10–14 Uhr"
        maxLength={CALENDAR_TEXT_MAX}
        {...form.getInputProps('info')}
        onKeyDown={saveText}
      />
      {cell.source === 'manual' && (
        <>
          <Divider />
          <Button
            size="compact-sm"
            variant="subtle"
            color="stone.8"
            justify="flex-start"
            leftSection={<IconArrowBackUp size={15} />}
            onClick={() => onChoose(null, '')}
          >
            Zurücksetzen
          </Button>
        </>
      )}
    </Stack>
  );
}

/**
 * One person's day. An editable cell is a button that opens the choice of status; other cells
 * (sick, vacation, no right) only show their label and tooltip and take no clicks.
 */
export const StatusCell = memo(function StatusCell({ userId, name, cell, day, editable, canEditSick, canEditVacation, onSet }: StatusCellProps) {
  const [opened, setOpened] = useState(false);
  const color = cellColor(cell);

  if (!editable) {
    const content = (
      <div className={classes.status} style={statusStyle(color)} data-half={cell.half ?? undefined}>
        {cell.status !== null && <StatusContent cell={cell} />}
      </div>
    );
    return cell.title ? (
      <Tooltip label={cell.title} multiline maw={280}>
        {content}
      </Tooltip>
    ) : (
      content
    );
  }

  const label = `${name}, ${day.weekday} ${day.dateFormated}: ${cellName(cell)}`;
  const choose = (status: number | null, info: string) => {
    setOpened(false);
    onSet(userId, cell.date, status, info);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom" withArrow shadow="md" width={250} trapFocus returnFocus>
      <Popover.Target>
        <Tooltip label={cell.title} disabled={!cell.title || opened} multiline maw={280}>
          <button
            type="button"
            className={classes.status}
            style={statusStyle(color)}
            data-colored={color ? true : undefined}
            data-open={opened || undefined}
            aria-label={label}
            onClick={() => setOpened((o) => !o)}
          >
            {cell.status !== null && <StatusContent cell={cell} />}
          </button>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p="sm">
        <Text size="xs" fw={600} c="dimmed" mb={8}>
          {name} · {day.weekday} {day.dateFormated}
        </Text>
        <StatusChoice userId={userId} cell={cell} canEditSick={canEditSick} canEditVacation={canEditVacation} onChoose={choose} />
      </Popover.Dropdown>
    </Popover>
  );
});
