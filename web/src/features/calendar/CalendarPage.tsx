import { useCallback } from 'react';
import { Alert, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { addDays, CALENDAR_CHOICES, CALENDAR_STATUS, isoWeek, mondayOf, mondayOfWeek } from '@filialportal/core/calendar';
import { todayIso } from '@filialportal/core/berlin-time';
import { isIsoDate } from '@filialportal/core/dates';
import { MSG } from '@filialportal/core/messages';
import { useCan, useCurrentUser } from '../../shell-api/current-user.tsx';
import { alertError } from '../../ui/alert-error.ts';
import { DateField } from '../../ui/DateField.tsx';
import { ExportButton } from '../../ui/ExportButton.tsx';
import { LIST_SKELETON_ROWS } from '../../ui/ListToolbar.tsx';
import { ALL_LOCATIONS, LocationSelect } from '../../ui/LocationSelect.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { useListParams } from '../../ui/useListParams.ts';
import { useCalendarWeek, useSetCellStatus, useSetDayInfo } from './calendar.api.ts';
import { germanDate } from './calendar-grid.ts';
import { CalendarGrid } from './CalendarGrid.tsx';
import { CHOOSE_LOCATION_PERMISSION, DATE_PARAM } from './paths.ts';
import { statusStyle } from './StatusCell.tsx';
import { WeekNumberInput, WeekStepper } from './WeekControls.tsx';
import classes from './calendar.module.css';
import { editQuery } from '../../ui/edit-query.ts';

/** Placeholder of the grid while the first week loads. */
function GridSkeleton() {
  return (
    <Stack gap={10} p="md" aria-hidden>
      <Skeleton height={36} radius="sm" />
      {Array.from({ length: LIST_SKELETON_ROWS }, (_, i) => (
        <Group key={i} gap={8} wrap="nowrap">
          <Skeleton height={26} radius="sm" w={180} />
          <Skeleton height={26} radius="sm" style={{ flex: 1 }} />
        </Group>
      ))}
    </Stack>
  );
}

/** The status choices with their look, below the grid. */
function Legend() {
  return (
    <Group gap="sm" px="md" py="sm" wrap="wrap" aria-label="Legende" role="group">
      {CALENDAR_CHOICES.map(({ status, label }) => {
        const info = CALENDAR_STATUS[status]!;
        return (
          <Group key={status} gap={6} wrap="nowrap">
            <span className={classes.swatch} style={statusStyle(info.color)} aria-hidden>
              {status === 7 ? '✓' : info.label}
            </span>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
          </Group>
        );
      })}
      <Group gap={6} wrap="nowrap">
        <span className={classes.swatch} style={statusStyle(CALENDAR_STATUS[4]!.color)} aria-hidden>
          Text
        </span>
        <Text size="xs" c="dimmed">
          Freitext
        </Text>
      </Group>
    </Group>
  );
}

/**
 * The attendance calendar (spec 1 §2 "Attendance calendar"): one week of one location. The
 * location (with an_abwesenheit_von_allen_sehen), the date and the employee search live in the
 * address (?standort=…&datum=…&suche=…), so a reload keeps the week.
 */
export function CalendarPage() {
  const can = useCan();
  const user = useCurrentUser();
  const { filters, update, params, setParams, search: searchText, setSearch: setSearchText } = useListParams();

  const chooseLocation = can(CHOOSE_LOCATION_PERMISSION);
  const ownLocation = user.currentLocation?.id ?? user.location?.id ?? null;
  const locationId = chooseLocation && filters.location !== ALL_LOCATIONS ? filters.location : ownLocation;

  const today = todayIso();
  const dateParam = params.get(DATE_PARAM) ?? '';
  const date = isIsoDate(dateParam) ? dateParam : today;
  const monday = mondayOf(date);
  const { year, week: weekNumber } = isoWeek(date);

  const week = useCalendarWeek(locationId, date);
  const setCell = useSetCellStatus(locationId ?? '', date);
  const setInfo = useSetDayInfo(locationId ?? '', date);

  // Another week is a new history entry, so Back returns to the week before; another day of the
  // same week only replaces the address.
  const goTo = (next: string | null) =>
    editQuery(
      setParams,
      (q) => {
        if (next) q.set(DATE_PARAM, next);
        else q.delete(DATE_PARAM);
      },
      { push: mondayOf(next ?? today) !== monday },
    );

  const { mutate: mutateCell } = setCell;
  const onSetCell = useCallback(
    (userId: string, day: string, status: number | null, info: string) => mutateCell({ userId, date: day, status, info }, { onError: alertError }),
    [mutateCell],
  );
  const { mutate: mutateInfo } = setInfo;
  const onSaveInfo = useCallback(
    (day: string, info: string) => {
      if (locationId) mutateInfo({ locationId, date: day, info }, { onError: alertError });
    },
    [mutateInfo, locationId],
  );

  const data = week.data;
  // Placeholder data is the previous week (or location) while the asked one loads.
  const busy = week.isPlaceholderData;
  const shownLocation = data && !busy ? data.location.label : (user.currentLocation?.label ?? user.locationLabel);
  const description = `KW ${weekNumber} · ${germanDate(monday).slice(0, 6)} – ${germanDate(addDays(monday, 6))}${shownLocation ? ` · ${shownLocation}` : ''}`;

  return (
    <>
      <PageHeader
        title="An-/Abwesenheiten"
        breadcrumbs={[{ label: 'An-/Abwesenheit' }]}
        description={description}
        actions={data?.can.export && locationId ? <ExportButton path={`/api/exportcalendar/${encodeURIComponent(locationId)}/${monday}`} /> : undefined}
      />

      <Paper withBorder radius="md">
        <Group gap="md" align="flex-end" p="md" wrap="wrap">
          {chooseLocation && <LocationSelect value={locationId ?? ''} onChange={(location) => update({ location })} withAll={false} />}
          <DateField label="Datum" value={date} onChange={(next) => next && goTo(next)} w={{ base: '100%', xs: 150 }} />
          <WeekNumberInput year={year} week={weekNumber} onChange={(kw) => goTo(mondayOfWeek(year, kw))} />
          <WeekStepper onPrevious={() => goTo(addDays(monday, -7))} onToday={() => goTo(null)} onNext={() => goTo(addDays(monday, 7))} />
          <SearchInput label="Suche Mitarbeiter" placeholder="Name oder Personalnummer" value={searchText} onChange={setSearchText} />
        </Group>

        {locationId === null ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} m="md" mt={0}>
            {MSG.calendarLocationMissing}
          </Alert>
        ) : week.error && !data ? (
          <Stack px="md">
            <QueryError error={week.error} />
          </Stack>
        ) : !data ? (
          <GridSkeleton />
        ) : (
          <>
            {week.error && (
              <Stack px="md">
                <QueryError error={week.error} />
              </Stack>
            )}
            <CalendarGrid week={data} term={filters.search} busy={busy} onSetCell={onSetCell} onSaveInfo={onSaveInfo} />
            <Legend />
          </>
        )}
      </Paper>
    </>
  );
}
