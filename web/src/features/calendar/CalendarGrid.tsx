import { memo, useMemo } from 'react';
import { Badge, Center, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { COUNT_LABELS, type CalendarDay, type CalendarWeek, type DayCounts } from '@filialportal/core/calendar';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { groupRows, rowName, shortDate } from './calendar-grid.ts';
import { DayInfoCell } from './DayInfoCell.tsx';
import { StatusCell } from './StatusCell.tsx';
import classes from './calendar.module.css';

const COUNT_KEYS = Object.keys(COUNT_LABELS) as (keyof DayCounts)[];

/** The special appointments of a day: the first one and '+N'; the tooltip lists them all. */
function Appointments({ day }: { day: CalendarDay }) {
  const [first, ...rest] = day.specialAppointments;
  if (!first) return null;
  return (
    <Tooltip
      multiline
      maw={280}
      label={
        <Stack gap={2}>
          {day.specialAppointments.map((a) => (
            <span key={a.id}>{a.info}</span>
          ))}
        </Stack>
      }
    >
      <Group gap={4} wrap="nowrap" justify="center">
        <span className={classes.appointment}>{first.info}</span>
        {rest.length > 0 && (
          <Badge size="xs" variant="light" color="violet" style={{ flex: 'none' }} aria-label={`und ${rest.length} weitere`}>
            +{rest.length}
          </Badge>
        )}
      </Group>
    </Tooltip>
  );
}

function DayHeader({ day, present }: { day: CalendarDay; present: number }) {
  return (
    <th scope="col" className={classes.dayHead} data-today={day.isToday || undefined} aria-current={day.isToday ? 'date' : undefined}>
      <div className={classes.dayLine}>
        <Text span fw={700} size="sm">
          {day.weekday}
        </Text>{' '}
        <Text span size="xs" c="dimmed" fw={500}>
          {shortDate(day.dateFormated)}
        </Text>
      </div>
      {day.holiday && (
        <Tooltip label={`Feiertag: ${day.holiday}`}>
          <span className={classes.holiday}>{day.holiday}</span>
        </Tooltip>
      )}
      {day.understaffed && (
        <Tooltip label={`Mindestbesetzung ${day.minStaff}, anwesend ${present}`}>
          <span className={classes.understaffed} tabIndex={0}>
            Unterbesetzt
            <VisuallyHidden>
              {' '}
              (mindestens {day.minStaff}, anwesend {present})
            </VisuallyHidden>
          </span>
        </Tooltip>
      )}
    </th>
  );
}

export interface CalendarGridProps {
  week: CalendarWeek;
  /** The employee search; rows whose search name does not hold it are hidden. */
  term: string;
  /** The shown week is the previous one while the next loads: nothing can be edited. */
  busy: boolean;
  onSetCell: (userId: string, date: string, status: number | null, info: string) => void;
  onSaveInfo: (date: string, info: string) => void;
}

/**
 * The week grid (spec 1 §2 "Attendance calendar"): day columns with today and public holidays
 * marked, the rows of special appointments and info texts, the employees grouped by team, and
 * the day's counts at the foot.
 */
export const CalendarGrid = memo(function CalendarGrid({ week, term, busy, onSetCell, onSaveInfo }: CalendarGridProps) {
  const groups = useMemo(() => groupRows(week.rows, term), [week.rows, term]);
  const { can, days } = week;

  let emptyText = '';
  if (week.rows.length === 0) emptyText = 'Keine Mitarbeiter an diesem Standort';
  else if (groups.length === 0) emptyText = `Keine Mitarbeiter zu „${term}“ gefunden`;

  return (
    <div className={classes.scroller} data-busy={busy || undefined} aria-busy={busy || undefined}>
      <table className={classes.grid} aria-label={`An-/Abwesenheiten KW ${week.week} ${week.location.label}`}>
        <thead className={classes.head}>
          <tr>
            <th scope="col" className={classes.nameCol}>
              Mitarbeiter
            </th>
            {days.map((day) => (
              <DayHeader key={day.date} day={day} present={week.counts[day.dateIndex]?.present ?? 0} />
            ))}
          </tr>
        </thead>
        <tbody>
          <tr className={classes.dayRow}>
            <th scope="row" className={classes.nameCol}>
              <span className={classes.rowLabel}>Sondertermine</span>
            </th>
            {days.map((day) => (
              <td key={day.date}>
                <Appointments day={day} />
              </td>
            ))}
          </tr>
          <tr className={classes.dayRow}>
            <th scope="row" className={classes.nameCol}>
              <span className={classes.rowLabel}>Info</span>
            </th>
            {days.map((day) => (
              <td key={day.date}>
                <DayInfoCell day={day} editable={can.editInfo && !busy} onSave={onSaveInfo} />
              </td>
            ))}
          </tr>
        </tbody>
        {emptyText ? (
          <tbody>
            <tr>
              <td colSpan={8}>
                <Center py="xl">
                  <Text c="dimmed" size="sm">
                    {emptyText}
                  </Text>
                </Center>
              </td>
            </tr>
          </tbody>
        ) : (
          groups.map((group) => (
            <tbody key={group.team.id}>
              <tr className={classes.teamRow}>
                <th colSpan={8} scope="rowgroup">
                  <span className={classes.teamLabel}>{group.team.label}</span>
                </th>
              </tr>
              {group.rows.map((row) => {
                const name = rowName(row);
                return (
                  <tr key={row.userId} className={classes.personRow}>
                    <th scope="row" className={classes.nameCol}>
                      <span className={classes.name} title={name}>
                        {name}
                      </span>
                    </th>
                    {row.cells.map((cell, i) => (
                      <td key={cell.date} className={classes.cell} data-today={days[i]?.isToday || undefined}>
                        <StatusCell
                          userId={row.userId}
                          name={name}
                          cell={cell}
                          day={days[i]!}
                          editable={cell.editable && !busy}
                          canEditSick={can.editSick}
                          canEditVacation={can.editVacation}
                          onSet={onSetCell}
                        />
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          ))
        )}
        <tfoot>
          {COUNT_KEYS.map((key) => (
            <tr key={key} className={classes.countRow}>
              <th scope="row" className={classes.nameCol}>
                <span className={classes.rowLabel}>{COUNT_LABELS[key]}</span>
              </th>
              {week.counts.map((counts, i) => (
                <td key={days[i]?.date ?? i} className={counts[key] === 0 ? classes.zero : undefined} data-understaffed={(key === 'present' && days[i]?.understaffed) || undefined}>
                  {counts[key]}
                </td>
              ))}
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
});
