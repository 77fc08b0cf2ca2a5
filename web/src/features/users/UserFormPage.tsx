import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Center,
  FileButton,
  Grid,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCircleCheck, IconDeviceFloppy, IconLock, IconPhotoUp } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { MSG } from '@filialportal/core/messages';
import { ADMIN_ROLE } from '@filialportal/core/roles';
import { WEEKDAY_CODES } from '@filialportal/core/users';
import { errorMessage, isSessionLost } from '../../api/client.ts';
import { useCan, useCurrentUser } from '../../app/current-user.tsx';
import { NoPermission } from '../../ui/NoPermission.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import { useTeams } from '../teams/teams.api.ts';
import { FormActionBar, type FormMessage } from './FormActionBar.tsx';
import {
  ALL_USER_FIELDS,
  availableDays,
  canEditUsers,
  checkUserForm,
  editableFields,
  emptyUserForm,
  userFormFrom,
  userSaveBody,
  type UserField,
  type UserFormValues,
} from './user-form.ts';
import classes from './UserFormPage.module.css';
import { useLocationOptions, useSaveUser, useUserDetail, type UserDetail } from './users.api.ts';
import { USER_LIST_PATH, type UserListState } from './paths.ts';

/** Avatar types the server accepts (spec 3 §5). */
const AVATAR_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif'];
const AVATAR_ACCEPT = '.jpeg,.jpg,.png,.gif,image/jpeg,image/png,image/gif';
const AVATAR_MAX_BYTES = 10 * 1024 * 1024;

const WEEKDAY_NAMES = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'];

/** Server messages that belong to one field, so the field is marked as well. */
const FIELD_OF_MESSAGE: Record<string, UserField[]> = {
  [MSG.personalNumberTaken]: ['personalNumber'],
  [MSG.usernameTaken]: ['email'],
  [MSG.usernameInvalid]: ['email'],
  [MSG.groupNotAssignable]: ['role'],
  [MSG.adminProtected]: ['email', 'password', 'role', 'active'],
  [MSG.userProtected]: ['email', 'password', 'role', 'active'],
  [MSG.locationOutOfScope]: ['location'],
  [MSG.passwordsDiffer]: ['password'],
  [MSG.passwordTooShort]: ['password'],
  [MSG.avatarType]: ['image'],
  [MSG.avatarTooLarge]: ['image'],
};

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
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
                  maxLength={50}
                />
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = `user-form-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card component="section" aria-labelledby={id} h="100%">
      <Title order={2} fz={16} id={id} mb={description ? 2 : 'md'}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      )}
      {children}
    </Card>
  );
}

/** Where the list was left (search, sort, page), to return there. */
function useListReturn() {
  const state = useLocation().state as UserListState | null;
  const from = state?.from ?? '';
  return {
    /** Back to the list as it was. */
    cancel: `${USER_LIST_PATH}${from}`,
    /** After a save: same search and sort, from the first page (spec 3 §4). */
    afterSave: () => {
      const params = new URLSearchParams(from);
      params.delete('seite');
      const q = params.toString();
      return `${USER_LIST_PATH}${q ? `?${q}` : ''}`;
    },
  };
}

/**
 * Views 'Neuer Benutzer' (/einstellungen/benutzer/neu) and 'Benutzer bearbeiten'
 * (/einstellungen/benutzer/:id): every field of spec 3 §3 User, editable as the actor's
 * permissions allow.
 */
export function UserFormPage() {
  const { id } = useParams();
  const can = useCan();
  const isNew = !id || id === 'neu';
  const maySee = can({ anyOf: ['einstellungen_benutzer_alle_sehen', 'einstellungen_benutzer_aus_eigener_filiale_sehen'] });
  if (!maySee || (isNew && !can('einstellungen_benutzer_erstellen'))) return <NoPermission />;
  return <UserFormLoader key={id ?? 'neu'} id={isNew ? undefined : id} />;
}

function UserFormLoader({ id }: { id: string | undefined }) {
  const detail = useUserDetail(id);
  const back = useListReturn();
  if (id && detail.isPending) {
    return (
      <>
        <FormHeader isNew={false} name="" />
        <Stack gap="lg" aria-busy>
          <Skeleton height={260} radius="md" />
          <Skeleton height={200} radius="md" />
        </Stack>
      </>
    );
  }
  if (id && (detail.error || !detail.data)) {
    return (
      <>
        <FormHeader isNew={false} name="" />
        <QueryError error={detail.error} />
        <Button component={Link} to={back.cancel} variant="default" leftSection={<IconArrowLeft size={16} />}>
          Zurück zur Liste
        </Button>
      </>
    );
  }
  return <UserForm original={detail.data ?? null} />;
}

function FormHeader({ isNew, name }: { isNew: boolean; name: string }) {
  const title = isNew ? 'Neuer Benutzer' : 'Benutzer bearbeiten';
  return (
    <PageHeader
      title={title}
      description={name || undefined}
      breadcrumbs={[
        { label: 'Dashboard', to: '/dashboard' },
        { label: 'Einstellungen', to: '/einstellungen' },
        { label: 'Benutzer', to: USER_LIST_PATH },
        { label: isNew ? 'Neuer Benutzer' : name || 'Benutzer' },
      ]}
    />
  );
}

function UserForm({ original }: { original: UserDetail | null }) {
  const actor = useCurrentUser();
  const can = useCan();
  const navigate = useNavigate();
  const back = useListReturn();
  const isNew = original === null;
  const save = useSaveUser(original?.id);
  const teams = useTeams();
  const locations = useLocationOptions();

  const allLocations = can('einstellungen_benutzer_alle_sehen');
  const homeLocation = actor.location?.id ?? null;
  const [values, setValues] = useState<UserFormValues>(() =>
    original ? userFormFrom(original) : emptyUserForm({ location: allLocations ? null : homeLocation }),
  );
  const [image, setImage] = useState<{ fileName: string; data: string } | null>(null);
  const [problem, setProblem] = useState<{ message: string; fields: UserField[] } | null>(null);

  // The server says per group whether the actor holds the keys to its members' accounts.
  const targetGroup = teams.data?.find((t) => t.name === original?.role);
  const keysLocked = !!original && !!targetGroup && !targetGroup.manageable;
  const editable = useMemo(() => editableFields(actor, original?.id ?? null, keysLocked), [actor, original, keysLocked]);
  const readOnly = !isNew && !canEditUsers(actor);
  const may = (field: UserField) => editable.has(field);
  const invalid = (field: UserField) => (problem?.fields.includes(field) ? true : undefined);

  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
  };

  const groupOptions = useMemo(() => {
    const list = teams.data ?? [];
    // Exactly the groups the server lets the actor give, plus the person's current one.
    return list.filter((t) => t.assignable || t.name === original?.role).map((t) => ({ value: t.name, label: t.label }));
  }, [teams.data, original]);

  const locationOptions = useMemo(() => {
    const list = locations.data ?? [];
    // Without "alle Benutzer sehen" users are created only for the own location.
    const scoped = allLocations || !isNew ? list : list.filter((l) => l.id === homeLocation);
    return scoped.map((l) => ({ value: l.id, label: l.label }));
  }, [locations.data, allLocations, isNew, homeLocation]);
  const otherLocations = useMemo(
    () => (locations.data ?? []).filter((l) => l.id !== values.location).map((l) => ({ value: l.id, label: l.label })),
    [locations.data, values.location],
  );
  const claimLocations = useMemo(() => (locations.data ?? []).map((l) => ({ value: l.id, label: l.label })), [locations.data]);

  async function pickImage(file: File | null) {
    if (!file) return;
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!AVATAR_EXTENSIONS.includes(ext)) {
      setProblem({ message: MSG.avatarType, fields: ['image'] });
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setProblem({ message: MSG.avatarTooLarge, fields: ['image'] });
      return;
    }
    try {
      setImage({ fileName: file.name, data: await readAsDataUrl(file) });
      if (problem?.fields.includes('image')) setProblem(null);
    } catch {
      setProblem({ message: MSG.avatarType, fields: ['image'] });
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (readOnly) return;
    const failed = checkUserForm(values, isNew);
    if (failed) {
      setProblem(failed);
      return;
    }
    setProblem(null);
    save.mutate(userSaveBody(values, original, image), {
      onSuccess: () => {
        notifications.show({ message: MSG.saved, color: 'teal', icon: <IconCircleCheck size={18} /> });
        navigate(back.afterSave());
      },
      onError: (error) => {
        if (isSessionLost(error)) return;
        const message = errorMessage(error);
        setProblem({ message, fields: FIELD_OF_MESSAGE[message] ?? [] });
      },
    });
  }

  const additionalChosen = values.additionalLocations.some((l) => l !== values.location);
  const name = original ? `${original.lastName}, ${original.firstName}` : '';
  const message: FormMessage | null = problem ? { kind: 'error', text: problem.message } : null;
  const self = original?.id === actor.id;
  const restricted = !isNew && !readOnly && ALL_USER_FIELDS.some((f) => !editable.has(f) && !(self && f === 'active'));

  return (
    <>
      <FormHeader isNew={isNew} name={name} />
      {readOnly && (
        <Alert color="stone" variant="light" icon={<IconLock size={18} />} mb="lg" role="note">
          Sie können diesen Benutzer nur ansehen.
        </Alert>
      )}
      {restricted && (
        <Alert color="blue" variant="light" icon={<IconLock size={18} />} mb="lg" role="note">
          {keysLocked
            ? original?.role === ADMIN_ROLE
              ? MSG.adminProtected
              : MSG.userProtected
            : 'Gesperrte Felder dürfen Sie mit Ihren Rechten nicht ändern.'}
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label={isNew ? 'Neuer Benutzer' : 'Benutzer bearbeiten'}>
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Section title="Stammdaten">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                  <TextInput
                    label="Nachname"
                    value={values.lastName}
                    onChange={(e) => set('lastName', e.currentTarget.value)}
                    disabled={!may('lastName')}
                    error={invalid('lastName')}
                    autoComplete="off"
                    required
                  />
                  <TextInput
                    label="Vorname"
                    value={values.firstName}
                    onChange={(e) => set('firstName', e.currentTarget.value)}
                    disabled={!may('firstName')}
                    error={invalid('firstName')}
                    autoComplete="off"
                    required
                  />
                  <TextInput
                    label="Benutzername (E-Mail)"
                    type="email"
                    value={values.email}
                    onChange={(e) => set('email', e.currentTarget.value)}
                    disabled={!may('email')}
                    error={invalid('email')}
                    autoComplete="off"
                    required
                  />
                  <TextInput
                    label="Telefon"
                    type="tel"
                    value={values.phone}
                    onChange={(e) => set('phone', e.currentTarget.value)}
                    disabled={!may('phone')}
                    autoComplete="off"
                  />
                  <TextInput
                    label="Personalnummer"
                    value={values.personalNumber}
                    onChange={(e) => set('personalNumber', e.currentTarget.value)}
                    disabled={!may('personalNumber')}
                    error={invalid('personalNumber')}
                    autoComplete="off"
                    required
                  />
                  <Select
                    label="Benutzergruppe"
                    placeholder={teams.isPending ? 'Wird geladen …' : 'Bitte wählen'}
                    data={groupOptions}
                    value={values.role}
                    onChange={(v) => set('role', v)}
                    disabled={!may('role')}
                    error={invalid('role')}
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
                  checked={values.active}
                  onChange={(e) => set('active', e.currentTarget.checked)}
                  disabled={!may('active')}
                />
              </Section>
            </Grid.Col>

            <Grid.Col span={{ base: 12, lg: 4 }}>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 1 }} spacing="lg" h="100%">
                <Section title="Profilbild">
                  <Group gap="md" wrap="nowrap">
                    <UserAvatar
                      uri={original?.resourceUri}
                      previewSrc={image?.data}
                      firstName={values.firstName || '?'}
                      lastName={values.lastName || ''}
                      size={72}
                      radius={72}
                    />
                    <Stack gap={6} miw={0}>
                      <FileButton onChange={pickImage} accept={AVATAR_ACCEPT} disabled={!may('image') || readOnly}>
                        {(props) => (
                          <Button
                            {...props}
                            disabled={!may('image') || readOnly}
                            variant="light"
                            size="sm"
                            leftSection={<IconPhotoUp size={16} />}
                            color={invalid('image') ? 'red' : undefined}
                          >
                            Bild auswählen
                          </Button>
                        )}
                      </FileButton>
                      {image ? (
                        <Group gap={4} wrap="nowrap" miw={0}>
                          <Text size="xs" c="dimmed" truncate="end">
                            {image.fileName}
                          </Text>
                          <Button variant="subtle" size="compact-xs" color="stone.8" onClick={() => setImage(null)}>
                            Verwerfen
                          </Button>
                        </Group>
                      ) : (
                        <Text size="xs" c="dimmed">
                          JPEG, PNG oder GIF, höchstens 10 MB
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </Section>
                <Section
                  title="Passwort"
                  description={isNew ? 'Mindestens 6 Zeichen.' : 'Leer lassen, um das Passwort zu behalten.'}
                >
                  <Stack gap="sm">
                    <PasswordField
                      label="Passwort"
                      autoComplete="new-password"
                      value={values.password}
                      onChange={(e) => set('password', e.currentTarget.value)}
                      disabled={!may('password')}
                      error={invalid('password')}
                      required={isNew}
                    />
                    <PasswordField
                      label="Passwort wiederholen"
                      autoComplete="new-password"
                      value={values.passwordRepeat}
                      onChange={(e) => set('passwordRepeat', e.currentTarget.value)}
                      disabled={!may('password')}
                      error={invalid('password')}
                      required={isNew}
                    />
                  </Stack>
                </Section>
              </SimpleGrid>
            </Grid.Col>

            <Grid.Col span={{ base: 12, sm: 7, lg: 8 }}>
              <Section title="Standorte">
                <Stack gap="sm">
                  <Select
                    label="Standort"
                    placeholder={locations.isPending ? 'Wird geladen …' : 'Bitte wählen'}
                    data={locationOptions}
                    value={values.location}
                    onChange={(v) =>
                      setValues((prev) => ({
                        ...prev,
                        location: v,
                        additionalLocations: prev.additionalLocations.filter((l) => l !== v),
                      }))
                    }
                    disabled={!may('location')}
                    error={invalid('location')}
                    searchable
                    nothingFoundMessage="Kein Standort gefunden"
                    checkIconPosition="right"
                    required
                  />
                  <MultiSelect
                    label="Weitere Standorte"
                    description="Standorte, zwischen denen der Benutzer wechseln kann"
                    placeholder={values.additionalLocations.length ? undefined : 'Keine'}
                    data={otherLocations}
                    value={values.additionalLocations}
                    onChange={(v) => set('additionalLocations', v)}
                    disabled={!may('additionalLocations')}
                    searchable
                    clearable
                    nothingFoundMessage="Kein Standort gefunden"
                    hidePickedOptions
                  />
                  <MultiSelect
                    label="Erlaubte Standorte für Beanstandungen"
                    placeholder={values.allowedLocationsClaim.length ? undefined : 'Keine'}
                    data={claimLocations}
                    value={values.allowedLocationsClaim}
                    onChange={(v) => set('allowedLocationsClaim', v)}
                    disabled={!may('allowedLocationsClaim')}
                    searchable
                    clearable
                    nothingFoundMessage="Kein Standort gefunden"
                    hidePickedOptions
                  />
                  <Checkbox
                    mt="xs"
                    label="Externer Login"
                    description={
                      additionalChosen
                        ? 'Mit weiteren Standorten immer erlaubt.'
                        : 'Anmeldung auch außerhalb der IP-Adressen der Standorte'
                    }
                    checked={values.externalLogin || additionalChosen}
                    onChange={(e) => set('externalLogin', e.currentTarget.checked)}
                    disabled={!may('externalLogin') || additionalChosen}
                  />
                </Stack>
              </Section>
            </Grid.Col>

            <Grid.Col span={{ base: 12, sm: 5, lg: 4 }}>
              <Section title="Urlaub" description="Angaben in Tagen">
                <Stack gap="sm">
                  <NumberInput
                    label="Urlaubsanspruch"
                    value={values.holidayContingent}
                    onChange={(v) => set('holidayContingent', typeof v === 'number' ? v : '')}
                    disabled={!may('holidayContingent')}
                    min={0}
                    max={366}
                    decimalScale={1}
                    decimalSeparator=","
                    allowNegative={false}
                  />
                  <NumberInput
                    label="Resturlaub Vorjahr"
                    value={values.holidaySurplusPreviousYear}
                    onChange={(v) => set('holidaySurplusPreviousYear', typeof v === 'number' ? v : '')}
                    disabled={!may('holidaySurplusPreviousYear')}
                    min={0}
                    max={366}
                    decimalScale={1}
                    decimalSeparator=","
                    allowNegative={false}
                  />
                  <NumberInput
                    label="Abzug laufendes Jahr"
                    value={values.deductionHolidaysCurrentYear}
                    onChange={(v) => set('deductionHolidaysCurrentYear', typeof v === 'number' ? v : '')}
                    disabled={!may('deductionHolidaysCurrentYear')}
                    min={0}
                    max={366}
                    decimalScale={1}
                    decimalSeparator=","
                    allowNegative={false}
                  />
                  <Text size="sm" c="dimmed" aria-live="polite">
                    Verfügbar:{' '}
                    <Text span fw={600} c="var(--mantine-color-text)">
                      {availableDays(values).toLocaleString('de-DE')} Tage
                    </Text>
                  </Text>
                </Stack>
              </Section>
            </Grid.Col>

            <Grid.Col span={12}>
              <Section
                title="Freie Tage und Anwesenheit"
                description="Regelmäßig freie Wochentage und die Anwesenheit je Tag (z. B. 8–17 Uhr). Änderungen aktualisieren den Anwesenheitskalender."
              >
                <WeekTable
                  freeDays={values.freeDays}
                  presence={values.presence}
                  onFreeDays={(freeDays) => set('freeDays', freeDays)}
                  onPresence={(presence) => set('presence', presence)}
                  freeDaysDisabled={!may('freeDays')}
                  presenceDisabled={!may('presence')}
                />
              </Section>
            </Grid.Col>
          </Grid>
        </fieldset>

        <FormActionBar message={message} onCloseMessage={() => setProblem(null)}>
          <Button component={Link} to={back.cancel} variant="default">
            {readOnly ? 'Zurück' : 'Abbrechen'}
          </Button>
          {!readOnly && (
            <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={18} />}>
              Speichern
            </Button>
          )}
        </FormActionBar>
      </form>
    </>
  );
}
