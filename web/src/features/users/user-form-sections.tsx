import { Checkbox, Center, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Switch, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { HOLIDAY_DAYS_MAX, PRESENCE_MAX, WEEKDAY_CODES } from '@filialportal/core/users';
import { countOf } from '@filialportal/core/plural';
import type { CheckedForm } from '../../ui/useCheckedForm.ts';
import { NameFields, PasswordFields, PhoneField, Section } from './user-fields.tsx';
import { availableDays, type UserField, type UserFormValues } from './user-form.ts';
import classes from './UserFormPage.module.css';

const WEEKDAY_NAMES = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'];

/** An option of a select: value and label. */
export interface Option {
  value: string;
  label: string;
}

/** What every block of the user form gets: the form and whether a field is open to the actor. */
interface BlockProps {
  form: CheckedForm<UserFormValues>;
  may: (field: UserField) => boolean;
}

/** 'Stammdaten': names, username, phone, personal number, group, status. */
export function MasterDataSection({ form, may, groups, groupsLoading }: BlockProps & { groups: Option[]; groupsLoading: boolean }) {
  return (
    <Section title="Stammdaten">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <NameFields form={form} disabled={{ lastName: !may('lastName'), firstName: !may('firstName') }} />
        <TextInput label="Benutzername (E-Mail)" type="email" {...form.getInputProps('email')} disabled={!may('email')} autoComplete="off" required />
        <PhoneField form={form} disabled={!may('phone')} />
        <TextInput label="Personalnummer" {...form.getInputProps('personalNumber')} disabled={!may('personalNumber')} autoComplete="off" required />
        <Select
          label="Benutzergruppe"
          placeholder={groupsLoading ? 'Wird geladen …' : 'Bitte wählen'}
          data={groups}
          {...form.getInputProps('role')}
          disabled={!may('role')}
          searchable
          nothingFoundMessage="Keine Gruppe gefunden"
          checkIconPosition="right"
          required
        />
      </SimpleGrid>
      <Switch
        mt="lg"
        label="Aktiv"
        description="Inaktive Benutzer können sich nicht anmelden."
        {...form.getInputProps('active', { type: 'checkbox', withError: false })}
        disabled={!may('active')}
      />
    </Section>
  );
}

/** 'Passwort': required for a new user, otherwise left empty to keep it. */
export function PasswordSection({ form, may, isNew }: BlockProps & { isNew: boolean }) {
  return (
    <Section title="Passwort" description={isNew ? 'Mindestens 6 Zeichen.' : 'Leer lassen, um das Passwort zu behalten.'}>
      <Stack gap="sm">
        <PasswordFields form={form} label="Passwort" disabled={!may('password')} required={isNew} />
      </Stack>
    </Section>
  );
}

/** 'Standorte': the location, further ones to switch to, those for claims, the external login. */
export function LocationsSection({
  form,
  may,
  locations,
  allLocations,
  locationsLoading,
}: BlockProps & {
  /** The locations the person may be given. */
  locations: Option[];
  /** Every location. */
  allLocations: Option[];
  locationsLoading: boolean;
}) {
  const { values } = form;
  const additionalChosen = values.additionalLocations.some((l) => l !== values.location);
  const others = allLocations.filter((l) => l.value !== values.location);
  return (
    <Section title="Standorte">
      <Stack gap="sm">
        <Select
          label="Standort"
          placeholder={locationsLoading ? 'Wird geladen …' : 'Bitte wählen'}
          data={locations}
          {...form.getInputProps('location')}
          onChange={(v) => form.setValues({ location: v, additionalLocations: values.additionalLocations.filter((l) => l !== v) })}
          disabled={!may('location')}
          searchable
          nothingFoundMessage="Kein Standort gefunden"
          checkIconPosition="right"
          required
        />
        <MultiSelect
          label="Weitere Standorte"
          description="Standorte, zwischen denen der Benutzer wechseln kann"
          placeholder={values.additionalLocations.length ? undefined : 'Keine'}
          data={others}
          {...form.getInputProps('additionalLocations', { withError: false })}
          disabled={!may('additionalLocations')}
          searchable
          clearable
          nothingFoundMessage="Kein Standort gefunden"
          hidePickedOptions
        />
        <MultiSelect
          label="Erlaubte Standorte für Beanstandungen"
          placeholder={values.allowedLocationsClaim.length ? undefined : 'Keine'}
          data={allLocations}
          {...form.getInputProps('allowedLocationsClaim', { withError: false })}
          disabled={!may('allowedLocationsClaim')}
          searchable
          clearable
          nothingFoundMessage="Kein Standort gefunden"
          hidePickedOptions
        />
        <Checkbox
          mt="xs"
          label="Externer Login"
          description={additionalChosen ? 'Mit weiteren Standorten immer erlaubt.' : 'Anmeldung auch außerhalb der IP-Adressen der Standorte'}
          checked={values.externalLogin || additionalChosen}
          onChange={(e) => form.setFieldValue('externalLogin', e.currentTarget.checked)}
          disabled={!may('externalLogin') || additionalChosen}
        />
      </Stack>
    </Section>
  );
}

type DaysField = 'holidayContingent' | 'holidaySurplusPreviousYear' | 'deductionHolidaysCurrentYear';

/** A number of vacation days (0–366, one decimal). */
function DaysInput({ form, may, field, label }: BlockProps & { field: DaysField; label: string }) {
  return (
    <NumberInput
      label={label}
      value={form.values[field]}
      onChange={(v) => form.setFieldValue(field, typeof v === 'number' ? v : '')}
      disabled={!may(field)}
      min={0}
      max={HOLIDAY_DAYS_MAX}
      decimalScale={1}
      decimalSeparator=","
      allowNegative={false}
    />
  );
}

/** 'Urlaub': contingent, rest of last year, deduction, and the days available from them. */
export function VacationSection(props: BlockProps) {
  return (
    <Section title="Urlaub" description="Angaben in Tagen">
      <Stack gap="sm">
        <DaysInput {...props} field="holidayContingent" label="Urlaubsanspruch" />
        <DaysInput {...props} field="holidaySurplusPreviousYear" label="Resturlaub Vorjahr" />
        <DaysInput {...props} field="deductionHolidaysCurrentYear" label="Abzug laufendes Jahr" />
        <Text size="sm" c="dimmed" aria-live="polite">
          Verfügbar:{' '}
          <Text span fw={600} c="var(--mantine-color-text)">
            {countOf(availableDays(props.form.values), 'Tag', 'Tage')}
          </Text>
        </Text>
      </Stack>
    </Section>
  );
}

/** 'Freie Tage und Anwesenheit'. */
export function WeekSection({ form, may }: BlockProps) {
  return (
    <Section
      title="Freie Tage und Anwesenheit"
      description="Regelmäßig freie Wochentage und die Anwesenheit je Tag (z. B. 8–17 Uhr). Änderungen aktualisieren den Anwesenheitskalender."
    >
      <WeekTable
        freeDays={form.values.freeDays}
        presence={form.values.presence}
        onFreeDays={(freeDays) => form.setFieldValue('freeDays', freeDays)}
        onPresence={(presence) => form.setFieldValue('presence', presence)}
        freeDaysDisabled={!may('freeDays')}
        presenceDisabled={!may('presence')}
      />
    </Section>
  );
}

/** Free days (a tick per weekday) and presence (a short text per weekday), Monday first. */
function WeekTable(props: {
  freeDays: boolean[];
  presence: string[];
  onFreeDays: (value: boolean[]) => void;
  onPresence: (value: string[]) => void;
  freeDaysDisabled: boolean;
  presenceDisabled: boolean;
}) {
  const { freeDays, presence, onFreeDays, onPresence, freeDaysDisabled, presenceDisabled } = props;
  return (
    <Table.ScrollContainer minWidth={520} type="native">
      <Table className={classes.week} withRowBorders={false} verticalSpacing={6} horizontalSpacing={6} aria-label="Freie Tage und Anwesenheit">
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.rowHead}>
              <VisuallyHidden>Wochentag</VisuallyHidden>
            </Table.Th>
            {WEEKDAY_CODES.map((code, i) => (
              <Table.Th key={code} ta="center">
                <abbr title={WEEKDAY_NAMES[i]} className={classes.day}>
                  {code}
                </abbr>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row" className={classes.rowHead}>
              Frei
            </Table.Th>
            {WEEKDAY_CODES.map((code, i) => (
              <Table.Td key={code}>
                <Center>
                  <Checkbox
                    checked={freeDays[i] ?? false}
                    onChange={(e) => {
                      const checked = e.currentTarget.checked;
                      onFreeDays(freeDays.map((f, j) => (j === i ? checked : f)));
                    }}
                    disabled={freeDaysDisabled}
                    aria-label={`${WEEKDAY_NAMES[i]} frei`}
                  />
                </Center>
              </Table.Td>
            ))}
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row" className={classes.rowHead}>
              Anwesenheit
            </Table.Th>
            {WEEKDAY_CODES.map((code, i) => (
              <Table.Td key={code}>
                <TextInput
                  size="sm"
                  aria-label={`Anwesenheit ${WEEKDAY_NAMES[i]}`}
                  value={presence[i] ?? ''}
                  onChange={(e) => {
                    const text = e.currentTarget.value;
                    onPresence(presence.map((p, j) => (j === i ? text : p)));
                  }}
                  disabled={presenceDisabled}
                  maxLength={PRESENCE_MAX}
                />
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

