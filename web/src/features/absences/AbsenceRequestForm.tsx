import { useState } from 'react';
import { Alert, Button, Checkbox, Collapse, Grid, Group, Input, MultiSelect, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { DAY_LENGTHS, limitedDaysMessage, overtimeInputProblem, type DayLength } from '@filialportal/core/absences';
import { currentYear, todayIso } from '@filialportal/core/berlin-time';
import { MSG } from '@filialportal/core/messages';
import { DEPUTIES_MAX, REASON_MAX, ZVacationRequest } from '@filialportal/core/vacation';
import { countOf, plural } from '@filialportal/core/plural';
import { errorMessage, isSessionLost } from '../../api/client.ts';
import { useCan, useCurrentUser } from '../../shell-api/current-user.tsx';
import { DateField } from '../../ui/DateField.tsx';
import { allProblems, firstProblem, type FieldErrors } from '../../ui/form-problem.ts';
import { modals } from '../../ui/modals.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { useContingents, useDeleteVacation, useDeputyCandidates, useRequestVacation, type Contingent, type VacationRequestBody } from './absences.api.ts';
import { DEFAULT_VACATION_VIEW, vacationPath, type RequestFormState } from './paths.ts';
import { useBlockedPeriods } from './blocked-periods.api.ts';
import { carryOverNote, formatNumber } from './vacation-ui.tsx';

/** Short enough for three segments side by side on a phone. */
const SEGMENT_LABELS: Record<DayLength, string> = { full: 'Ganzer Tag', morning: 'Vormittag', afternoon: 'Nachmittag' };

interface Values {
  startDate: string | null;
  dayLength: DayLength;
  deputies: string[];
  endDate: string | null;
  overtimeDeduction: boolean;
  overtime: string;
  specialHoliday: boolean;
  reason: string;
}

const EMPTY: Values = { dayLength: 'full', deputies: [], startDate: null, endDate: null, overtimeDeduction: false, overtime: '', specialHoliday: false, reason: '' };

/**
 * The request body; an unfinished '7,' counts as '7', an empty field as missing, and so does a
 * text that breaks the field's rules (it says so itself, see overtimeInputProblem).
 */
function toBody(values: Values, userId: string): VacationRequestBody {
  const overtime = overtimeInputProblem(values.overtime) ? '' : values.overtime.trim().replace(/,$/, '');
  return {
    startDate: values.startDate ?? '',
    endDate: values.endDate ?? '',
    dayLength: values.dayLength,
    deputies: values.deputies,
    userId,
    overtimeDeduction: values.overtimeDeduction,
    overtime: values.overtimeDeduction && overtime ? overtime : null,
    specialHoliday: values.specialHoliday,
    reason: values.specialHoliday ? values.reason : '',
  };
}

/** The field a rule of the server's schema concerns ('form' for the request as a whole). */
function fieldOf(message: string): string {
  switch (message) {
    case MSG.overtimeRequired:
    case MSG.overtimeInvalid:
      return 'overtime';
    case MSG.specialReasonRequired:
    case MSG.reasonTooLong:
      return 'reason';
    case MSG.endBeforeStart:
      return 'endDate';
    default:
      return 'form';
  }
}

/**
 * Every problem of the request at once, by the server's schema: the fields' own (a missing start
 * or end), and the rule the rest breaks, checked as if the period were chosen (the schema asks for
 * the rest only once both dates are there).
 */
function checkRequest(values: Values, userId: string): FieldErrors {
  const body = toBody(values, userId);
  const errors = allProblems(ZVacationRequest, { appointment: body });
  const day = body.startDate || body.endDate || '2000-01-01';
  const rest = firstProblem(ZVacationRequest, { appointment: { ...body, startDate: body.startDate || day, endDate: body.endDate || day } });
  if (rest) errors[fieldOf(rest.message)] ??= rest.message;
  return errors;
}

function AccountLine({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 600 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} c={strong && value < 0 ? 'red.8' : undefined}>
        {countOf(value, 'Tag', 'Tage')}
      </Text>
    </Group>
  );
}

/** The own account of one year: what is left and how it comes about. */
function AccountCard({ account }: { account: Contingent }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={`Urlaubskonto ${account.year}`}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.04em' }}>
        Urlaubskonto {account.year}
      </Text>
      <Group align="baseline" gap={6} mt={6} mb="sm">
        <Text fz={32} fw={700} lh={1} c={account.open < 0 ? 'red.8' : 'oak.8'}>
          {formatNumber(account.open)}
        </Text>
        <Text size="sm" c="dimmed">
          {plural(account.open, 'Tag', 'Tage')} verbleibend
        </Text>
      </Group>
      <Stack gap={4}>
        <AccountLine label="Anspruch" value={account.vacationClaim} />
        {account.surplus !== 0 && <AccountLine label="Übertrag Vorjahr" value={account.surplus} />}
        {account.expired > 0 && <AccountLine label="Davon verfallen" value={-account.expired} />}
        {account.deduction !== 0 && <AccountLine label="Abzug" value={-account.deduction} />}
        <AccountLine label="Verfügbar" value={account.available} />
        <AccountLine label="Genommen" value={account.taken} />
        <AccountLine label="Geplant" value={account.planned} />
      </Stack>
      {account.expiring > 0 && account.expiryDate && (
        <Text size="xs" c="oak.9" fw={500} mt="sm">
          {carryOverNote({ expiringHolidays: account.expiring, expiredHolidays: 0, expiryDate: account.expiryDate })}: Resturlaub aus dem Vorjahr wird
          zuerst verbraucht; was bis dahin nicht genommen ist, verfällt.
        </Text>
      )}
    </Paper>
  );
}

/** The coming blocked periods that concern the person: no request may touch them (special leave may). */
function BlockedPeriods() {
  const list = useBlockedPeriods(0, false);
  const periods = list.data?.blockedPeriods ?? [];
  if (periods.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Urlaubssperren">
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: '0.04em' }} mb="xs">
        Urlaubssperren
      </Text>
      <Stack gap={6}>
        {periods.map((p) => (
          <Text size="sm" key={p.id}>
            <Text span fw={600} inherit>
              {p.startDate === p.endDate ? p.startDateFormated : `${p.startDateFormated} – ${p.endDateFormated}`}
            </Text>
            : {p.reason}{' '}
            <Text span c="dimmed" inherit>
              ({p.locationLabel})
            </Text>
          </Text>
        ))}
        {list.data && list.data.count > periods.length && (
          <Text size="xs" c="dimmed">
            und {list.data.count - periods.length} weitere
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** This year's account and, when the chosen period starts in another year, that year's. */
function Accounts({ startDate }: { startDate: string | null }) {
  const contingents = useContingents();
  const thisYear = currentYear();
  const years = [thisYear];
  const chosen = startDate ? Number(startDate.slice(0, 4)) : null;
  if (chosen && chosen !== thisYear) years.push(chosen);
  if (contingents.isPending) return <Skeleton height={220} radius="md" />;
  const shown = years.map((y) => contingents.data?.find((c) => c.year === y)).filter((c): c is Contingent => !!c);
  if (shown.length === 0) return null;
  return (
    <Stack gap="md">
      {shown.map((c) => (
        <AccountCard key={c.year} account={c} />
      ))}
    </Stack>
  );
}

/**
 * 'Neuer Urlaubsantrag' (spec 1 §2 AbsenceRequestForm): period, overtime deduction with hours
 * or special leave with a reason (the two exclude each other). A request beyond the remaining
 * days is created by the server (224) and kept only when the person confirms it; afterwards the
 * page returns to the view it was opened from.
 */
export function AbsenceRequestForm() {
  const user = useCurrentUser();
  const can = useCan();
  const navigate = useNavigate();
  const location = useLocation();
  const back = (location.state as RequestFormState | null)?.from ?? vacationPath(DEFAULT_VACATION_VIEW);
  const request = useRequestVacation();
  const candidates = useDeputyCandidates();
  const withdraw = useDeleteVacation();
  const { form, values, message, invalid, fail, refused } = useCheckedForm<Values>({ initialValues: EMPTY, validate: (v) => checkRequest(v, user.id) });
  const [deciding, setDeciding] = useState(false);

  const today = todayIso();
  const minStart = can('urlaub_r_ckdatiert_beantragen') ? undefined : today;
  const overtimeProblem = overtimeInputProblem(values.overtime);

  const set = (patch: Partial<Values>) => form.setValues(patch);

  // A start after the chosen end moves the end along.
  const setStart = (startDate: string | null) => form.setValues((v) => ({ startDate, endDate: startDate && v.endDate && v.endDate < startDate ? startDate : v.endDate }));

  const finish = (message: string) => {
    notifications.show({ message, color: 'teal' });
    navigate(back);
  };

  /** 224: the request exists; keeping it ends here, refusing deletes it (and its task). */
  const askLimited = (id: string, text: string) => {
    setDeciding(true);
    modals.openConfirmModal({
      title: <Text fw={600}>Resturlaub reicht nicht aus</Text>,
      centered: true,
      withCloseButton: false,
      closeOnClickOutside: false,
      closeOnEscape: false,
      children: <Text size="sm">{text}</Text>,
      labels: { confirm: 'Ja, Antrag stellen', cancel: 'Nein, zurückziehen' },
      onConfirm: () => {
        setDeciding(false);
        finish('Urlaubsantrag gestellt');
      },
      onCancel: () =>
        withdraw.mutate(id, {
          onSuccess: () => notifications.show({ message: 'Der Urlaubsantrag wurde nicht gestellt.', color: 'stone' }),
          onError: (error) => !isSessionLost(error) && fail(errorMessage(error)),
          onSettled: () => setDeciding(false),
        }),
    });
  };

  const submit = form.onSubmit((v) =>
    request.mutate(toBody(v, user.id), {
      onSuccess: (answer) => {
        // What the request causes (minimum staffing, an absent deputy) stays in view a while; the approver sees it too.
        for (const warning of answer.appointment.warnings) notifications.show({ title: 'Hinweis zum Antrag', message: warning, color: 'orange', autoClose: 12_000 });
        if (answer.available !== undefined) askLimited(answer.appointment.id, answer.message ?? limitedDaysMessage(answer.available));
        else finish('Urlaubsantrag gestellt');
      },
      onError: (error) => refused(error),
    }),
  );

  return (
    <>
      <PageHeader title="Neuer Urlaubsantrag" breadcrumbs={[{ label: 'Urlaub', to: back }, { label: 'Neuer Urlaubsantrag' }]} />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7, lg: 6 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <form onSubmit={submit} noValidate aria-label="Neuer Urlaubsantrag">
              <Stack gap="md">
                <Title order={2} fz="md">
                  Zeitraum
                </Title>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                  <DateField
                    label="Urlaub von"
                    withAsterisk
                    value={values.startDate}
                    onChange={setStart}
                    minDate={minStart}
                    error={invalid('startDate')}
                    clearable
                  />
                  <DateField
                    label="Urlaub bis"
                    withAsterisk
                    value={values.endDate}
                    onChange={(endDate) => set({ endDate })}
                    minDate={values.startDate ?? minStart}
                    defaultDate={values.startDate ?? undefined}
                    error={invalid('endDate')}
                    clearable
                  />
                </SimpleGrid>
                <Stack gap={4}>
                  <Input.Label labelElement="div" id="vacation-day-length">
                    Dauer je Tag
                  </Input.Label>
                  <SegmentedControl
                    aria-labelledby="vacation-day-length"
                    value={values.dayLength}
                    onChange={(v) => set({ dayLength: v as DayLength })}
                    data={DAY_LENGTHS.map((d) => ({ value: d, label: SEGMENT_LABELS[d] }))}
                    fullWidth
                  />
                  {values.dayLength !== 'full' && (
                    <Text size="xs" c="dimmed">
                      Jeder Arbeitstag des Zeitraums zählt als halber Tag (0,5).
                    </Text>
                  )}
                </Stack>

                <MultiSelect
                  label="Vertretung"
                  description="Wer Sie vertritt, wird benachrichtigt und kann ablehnen."
                  placeholder={values.deputies.length ? undefined : 'Kollegin oder Kollegen wählen'}
                  data={(candidates.data?.candidates ?? []).map((c) => ({ value: c.id, label: c.locationLabel === user.location?.name ? c.name : `${c.name} (${c.locationLabel})` }))}
                  value={values.deputies}
                  onChange={(deputies) => set({ deputies })}
                  maxValues={DEPUTIES_MAX}
                  error={invalid('deputies')}
                  searchable
                  clearable
                  hidePickedOptions
                  nothingFoundMessage="Niemand gefunden"
                  comboboxProps={{ withinPortal: true }}
                />

                <Title order={2} fz="md" mt="xs">
                  Art des Urlaubs
                </Title>
                <Stack gap="xs">
                  <Checkbox
                    label="Überstundenabbau"
                    description="Die Tage werden mit Überstunden ausgeglichen."
                    checked={values.overtimeDeduction}
                    onChange={(e) =>
                      set(e.currentTarget.checked ? { overtimeDeduction: true, specialHoliday: false, reason: '' } : { overtimeDeduction: false, overtime: '' })
                    }
                  />
                  <Collapse expanded={values.overtimeDeduction}>
                    <TextInput
                      label="Überstunden"
                      placeholder="z. B. 7,5"
                      inputMode="decimal"
                      autoComplete="off"
                      rightSection={<Text size="xs" c="dimmed">Std.</Text>}
                      value={values.overtime}
                      onChange={(e) => set({ overtime: e.currentTarget.value })}
                      // The field's own rules show at once, under it (spec 1 §5).
                      error={overtimeProblem ?? invalid('overtime')}
                      w={{ base: '100%', xs: 200 }}
                      ml={{ base: 0, xs: 32 }}
                      mb="xs"
                      disabled={!values.overtimeDeduction}
                    />
                  </Collapse>
                  <Checkbox
                    label="Sonderurlaub"
                    description="Zum Beispiel Hochzeit oder Umzug; zählt nicht gegen den Urlaubsanspruch."
                    checked={values.specialHoliday}
                    onChange={(e) =>
                      set(e.currentTarget.checked ? { specialHoliday: true, overtimeDeduction: false, overtime: '' } : { specialHoliday: false, reason: '' })
                    }
                  />
                  <Collapse expanded={values.specialHoliday}>
                    <TextInput
                      label="Grund"
                      placeholder="z. B. Hochzeit"
                      maxLength={REASON_MAX}
                      autoComplete="off"
                      value={values.reason}
                      onChange={(e) => set({ reason: e.currentTarget.value.slice(0, REASON_MAX) })}
                      description={`${values.reason.length}/${REASON_MAX} Zeichen`}
                      inputWrapperOrder={['label', 'input', 'description', 'error']}
                      error={invalid('reason')}
                      w={{ base: '100%', xs: 320 }}
                      ml={{ base: 0, xs: 32 }}
                      mb="xs"
                      disabled={!values.specialHoliday}
                    />
                  </Collapse>
                </Stack>

                {message && (
                  <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                    {message}
                  </Alert>
                )}

                <Group justify="flex-end" gap="sm" mt="xs">
                  <Button variant="default" onClick={() => navigate(back)}>
                    Abbrechen
                  </Button>
                  <Button type="submit" leftSection={<IconSend size={16} />} loading={request.isPending || withdraw.isPending} disabled={deciding}>
                    Antrag stellen
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="md">
            <Accounts startDate={values.startDate} />
            <BlockedPeriods />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
