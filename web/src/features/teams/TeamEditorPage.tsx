import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCircleCheck, IconCopy, IconLock } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { MSG } from '@filialportal/core/messages';
import { PERMISSION_NAMES } from '@filialportal/core/permissions';
import { ADMIN_ROLE } from '@filialportal/core/roles';
import {
  assignableListProblem,
  GROUP_LABEL_MAX,
  GROUP_NAME_MAX,
  GROUP_RIGHTS_MAX,
  GROUP_SORTING_MAX,
  LOGIN_MINUTES_MAX,
  LOGIN_MINUTES_MIN,
  mayEverAssign,
  ZTeamRequest,
} from '@filialportal/core/teams';
import { useCan, useCurrentUser } from '../../shell-api/current-user.tsx';
import { combineProblems, zodResolver } from '../../ui/form-problem.ts';
import { NoPermission } from '../../ui/NoPermission.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { SaveBar, type FormMessage } from '../../ui/FormActionBar.tsx';
import { PermissionPicker } from './PermissionPicker.tsx';
import { permissionLabel, templateSelection, tickPermission, untickPermission } from './permission-selection.ts';
import { useTeams, type Team } from '../../shell-api/lookups.ts';
import { useSaveTeam, type TeamSaveBody } from './teams.api.ts';
import { TEAM_LIST_PATH } from './paths.ts';

interface Values {
  name: string;
  label: string;
  sortingIndex: number | '';
  rights: string;
  parent: string | null;
  subordinateUserGroups: string[];
  assignableUserGroups: string[];
  loginTimeForDesktop: number | '';
  loginTimeForTablet: number | '';
  passwordLogin: boolean;
  twoFactorRequired: boolean;
}


function valuesOf(team: Team | null, nextSortingIndex: number): Values {
  return {
    name: team?.name ?? '',
    label: team?.label ?? '',
    sortingIndex: team?.sortingIndex ?? nextSortingIndex,
    rights: team?.rights ?? '',
    parent: team?.parent ?? null,
    subordinateUserGroups: team?.subordinateUserGroups ?? [],
    assignableUserGroups: team?.assignableUserGroups ?? [],
    loginTimeForDesktop: team?.loginTimeForDesktop ?? 60,
    loginTimeForTablet: team?.loginTimeForTablet ?? 480,
    passwordLogin: team?.passwordLogin ?? true,
    twoFactorRequired: team?.twoFactorRequired ?? false,
  };
}

/** The request: the chosen permissions beside the fields; only Admin sends the assignable list (others leave it as it is). */
function bodyOf(v: Values, permissions: string[], withAssignable: boolean): TeamSaveBody {
  const name = v.name.trim();
  return {
    team: {
      name,
      label: v.label.trim() || name,
      sortingIndex: v.sortingIndex === '' ? 0 : v.sortingIndex,
      rights: v.rights.trim(),
      permissions,
      parent: v.parent,
      subordinateUserGroups: v.subordinateUserGroups,
      ...(withAssignable ? { assignableUserGroups: v.assignableUserGroups } : {}),
      loginTimeForDesktop: v.loginTimeForDesktop,
      loginTimeForTablet: v.loginTimeForTablet,
      passwordLogin: v.passwordLogin,
      twoFactorRequired: v.twoFactorRequired,
    },
  };
}

// The spec's order of checks: the name, the logout minutes, clashing permissions, the assignable list.
const CHECK_ORDER = ['name', 'loginTimeForDesktop', 'loginTimeForTablet', 'permissions', 'assignableUserGroups'];

/** Server messages that belong to fields, so the fields are marked as well. */
function fieldsOfMessage(text: string): string[] {
  if (text === MSG.groupNameRequired || text === MSG.groupNameTaken) return ['name'];
  if (text.startsWith(MSG.assignableNotAllowed) || text === MSG.assignableAdminOnly) return ['assignableUserGroups'];
  return [];
}

/**
 * The groups on the assignable list the server would refuse for these permissions (Admin, more
 * settings rights); the edited group itself counts with the permissions being chosen.
 */
function assignableProblem(list: readonly string[], permissions: readonly string[], teams: readonly Team[], selfId: string | undefined) {
  const listed = teams
    .filter((t) => list.includes(t.id))
    .map((t) => ({ name: t.name, label: t.label, permissions: t.id === selfId ? permissions : (t.permissions ?? []) }));
  return assignableListProblem(permissions, listed);
}

/** A short list of permission labels for a hint: the first three and how many more. */
function labelList(names: readonly string[]): string {
  const labels = names.map((n) => `„${permissionLabel(n)}“`);
  if (labels.length <= 3) return labels.join(', ');
  return `${labels.slice(0, 3).join(', ')} und ${labels.length - 3} weitere`;
}

/**
 * Views 'Neue Benutzergruppe' (/einstellungen/benutzergruppen/neu) and the permission editor of
 * one group (/einstellungen/benutzergruppen/:id), spec 3 §2 "Permission-group editor".
 */
export function TeamEditorPage() {
  const { id } = useParams();
  const can = useCan();
  const isNew = !id || id === 'neu';
  if (!can('einstellungen_benutzergruppen_sehen') || (isNew && !can('einstellungen_benutzergruppen_bearbeiten'))) {
    return <NoPermission />;
  }
  return <TeamEditorLoader key={id ?? 'neu'} id={isNew ? undefined : id} />;
}

function EditorHeader({ title, label }: { title: string; label?: string }) {
  return (
    <PageHeader
      title={title}
      description={label}
      breadcrumbs={[
        { label: 'Dashboard', to: '/dashboard' },
        { label: 'Einstellungen', to: '/einstellungen' },
        { label: 'Benutzergruppen', to: TEAM_LIST_PATH },
        { label: label ?? title },
      ]}
    />
  );
}

function TeamEditorLoader({ id }: { id: string | undefined }) {
  const teams = useTeams();
  if (teams.isPending) {
    return (
      <>
        <EditorHeader title={id ? 'Benutzergruppe bearbeiten' : 'Neue Benutzergruppe'} />
        <Stack gap="lg" aria-busy>
          <Skeleton height={220} radius="md" />
          <Skeleton height={360} radius="md" />
        </Stack>
      </>
    );
  }
  const team = id ? teams.data?.find((t) => t.id === id) : null;
  if (teams.error || team === undefined) {
    return (
      <>
        <EditorHeader title="Benutzergruppe bearbeiten" />
        {teams.error ? (
          <QueryError error={teams.error} />
        ) : (
          <Alert color="red" variant="light" mb="md" title="Fehler">
            {MSG.notFound}
          </Alert>
        )}
        <Button component={Link} to={TEAM_LIST_PATH} variant="default" leftSection={<IconArrowLeft size={16} />}>
          Zurück zur Übersicht
        </Button>
      </>
    );
  }
  return <TeamEditor team={team} teams={teams.data ?? []} />;
}

function TeamEditor({ team, teams }: { team: Team | null; teams: Team[] }) {
  const actor = useCurrentUser();
  const can = useCan();
  const navigate = useNavigate();
  const save = useSaveTeam(team?.id);
  const isAdminGroup = team?.name === ADMIN_ROLE;
  const readOnly = isAdminGroup || !can('einstellungen_benutzergruppen_bearbeiten');
  const actorIsAdmin = actor.role === ADMIN_ROLE;

  const nextSortingIndex = useMemo(() => Math.max(0, ...teams.map((t) => t.sortingIndex)) + 10, [teams]);
  const [selected, setSelected] = useState<string[]>(() => [...(team?.permissions ?? [])]);
  // What choosing permissions did on its own (added what they need, left out what the actor lacks).
  const [hint, setHint] = useState<string | null>(null);
  const [template, setTemplate] = useState<string | null>(null);
  const { form, values, message: problems, invalid, fail, refused } = useCheckedForm<Values>({
    initialValues: valuesOf(team, nextSortingIndex),
    validate: (v) => {
      const list = assignableProblem(v.assignableUserGroups, selected, teams, team?.id);
      return combineProblems(zodResolver(ZTeamRequest)(bodyOf(v, selected, actorIsAdmin)), list ? { assignableUserGroups: list } : {});
    },
    oneAtATime: CHECK_ORDER,
  });
  const message: FormMessage | null = problems ? { kind: 'error', text: problems } : hint ? { kind: 'info', text: hint } : null;
  /** A new note on the permissions replaces what the bar said before. */
  const note = (text: string | null) => {
    form.clearErrors();
    setHint(text);
  };

  const original = useMemo(() => new Set(team?.permissions ?? []), [team]);
  // Only Admin hands out permissions he does not hold; what the group already has may stay.
  const grantable = useMemo(
    () => (actorIsAdmin ? undefined : (name: string) => actor.permissions.includes(name) || original.has(name)),
    [actorIsAdmin, actor.permissions, original],
  );

  const set = <K extends keyof Values>(key: K, value: Values[K]) => form.setFieldValue(key, value as never);

  const otherGroups = useMemo(
    () => teams.filter((t) => t.id !== team?.id).map((t) => ({ value: t.id, label: t.label })),
    [teams, team],
  );
  // A group may oversee its own members' vacation (the seeded Personalleitung does), so the
  // subordinate groups offer the group itself too; otherwise its id would show as a bare pill.
  const allGroups = useMemo(() => teams.map((t) => ({ value: t.id, label: t.label })), [teams]);
  // Every group may be listed, the edited one too; Admin and groups with settings rights the
  // chosen permissions do not cover can never be given, so they cannot be picked. One already on
  // the list stays removable (a disabled option's pill has no remove button).
  const assignableOptions = useMemo(
    () =>
      teams.map((t) => ({
        value: t.id,
        label: t.label,
        disabled:
          !values.assignableUserGroups.includes(t.id) &&
          !mayEverAssign(selected, { name: t.name, permissions: t.id === team?.id ? selected : (t.permissions ?? []) }),
      })),
    [teams, team, selected, values.assignableUserGroups],
  );
  const listProblem = useMemo(
    () => assignableProblem(values.assignableUserGroups, selected, teams, team?.id),
    [values.assignableUserGroups, selected, teams, team],
  );
  const templates = useMemo(
    () => teams.filter((t) => t.name !== ADMIN_ROLE && t.id !== team?.id).map((t) => ({ value: t.id, label: t.label })),
    [teams, team],
  );

  function tick(name: string) {
    const change = tickPermission(selected, name, grantable);
    if (change.refused) {
      setHint(null);
      fail(change.refused);
      return;
    }
    setSelected(change.selected);
    note(change.added.length > 0 ? `Automatisch mit ausgewählt, weil „${permissionLabel(name)}“ sie voraussetzt: ${labelList(change.added)}.` : null);
  }

  function untick(name: string) {
    const change = untickPermission(selected, name);
    setSelected(change.selected);
    note(change.removed.length > 0 ? `Ebenfalls abgewählt, weil sie „${permissionLabel(name)}“ voraussetzen: ${labelList(change.removed)}.` : null);
  }

  function applyTemplate() {
    const source = teams.find((t) => t.id === template);
    if (!source) return;
    const { selected: next, skipped } = templateSelection(source.permissions ?? [], grantable);
    setSelected(next);
    const base = `Berechtigungen von „${source.label}“ übernommen (${next.length}).`;
    note(skipped.length > 0 ? `${base} Nicht übernommen, weil Sie sie selbst nicht haben: ${labelList(skipped)}.` : base);
  }

  const submit = form.onSubmit((v) => {
    setHint(null);
    save.mutate(bodyOf(v, selected, actorIsAdmin), {
      onSuccess: () => {
        notifications.show({ message: MSG.saved, color: 'teal', icon: <IconCircleCheck size={18} /> });
        navigate(TEAM_LIST_PATH);
      },
      onError: (error) => refused(error, fieldsOfMessage),
    });
  });

  const chosenCount = isAdminGroup ? PERMISSION_NAMES.length : selected.length;
  const title = team ? 'Benutzergruppe bearbeiten' : 'Neue Benutzergruppe';

  return (
    <>
      <EditorHeader title={title} label={team?.label} />
      {isAdminGroup && (
        <Alert color="blue" variant="light" icon={<IconLock size={18} />} mb="lg" role="note">
          {MSG.adminGroupFixed}
        </Alert>
      )}
      {!isAdminGroup && readOnly && (
        <Alert color="stone" variant="light" icon={<IconLock size={18} />} mb="lg" role="note">
          Sie können diese Benutzergruppe nur ansehen.
        </Alert>
      )}
      <form onSubmit={readOnly ? (event) => event.preventDefault() : submit} noValidate aria-label={title}>
        <Stack gap="lg">
          <Card component="section" aria-labelledby="team-general">
            <Title order={2} fz={16} mb="md" id="team-general">
              Allgemein
            </Title>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput
                  label="Benutzergruppenname"
                  description="Kennung, mindestens 3 Zeichen"
                  value={values.name}
                  onChange={(e) => set('name', e.currentTarget.value)}
                  error={invalid('name')}
                  disabled={readOnly}
                  maxLength={GROUP_NAME_MAX}
                  autoComplete="off"
                  required
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 5 }}>
                <TextInput
                  label="Bezeichnung"
                  description="Anzeigename; leer heißt wie der Name"
                  value={values.label}
                  onChange={(e) => set('label', e.currentTarget.value)}
                  disabled={readOnly}
                  maxLength={GROUP_LABEL_MAX}
                  autoComplete="off"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 3 }}>
                <NumberInput
                  label="Sortierung"
                  description="Kleinere Zahlen zuerst"
                  value={values.sortingIndex}
                  onChange={(v) => set('sortingIndex', typeof v === 'number' ? v : '')}
                  disabled={readOnly}
                  min={0}
                  max={GROUP_SORTING_MAX}
                  allowDecimal={false}
                  allowNegative={false}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Select
                  label="Übergeordnete Gruppe"
                  description="Für freigegebene Dokumente"
                  placeholder="Keine"
                  data={otherGroups}
                  value={values.parent}
                  onChange={(v) => set('parent', v)}
                  disabled={readOnly}
                  clearable
                  searchable
                  nothingFoundMessage="Keine Gruppe gefunden"
                  checkIconPosition="right"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 8 }}>
                <MultiSelect
                  label="Untergeordnete Gruppen"
                  description="Deren Urlaub diese Gruppe sieht"
                  placeholder={values.subordinateUserGroups.length ? undefined : 'Keine'}
                  data={allGroups}
                  value={values.subordinateUserGroups}
                  onChange={(v) => set('subordinateUserGroups', v)}
                  disabled={readOnly}
                  clearable
                  searchable
                  hidePickedOptions
                  nothingFoundMessage="Keine Gruppe gefunden"
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <MultiSelect
                  label="Darf Benutzern diese Gruppen zuweisen"
                  description={
                    actorIsAdmin || readOnly
                      ? 'Wer in dieser Gruppe Benutzer anlegt oder bearbeitet, kann ihnen nur diese Gruppen geben. Nie zuweisbar: Admin und Gruppen mit Rechten in den Einstellungen, die diese Gruppe nicht hat.'
                      : `${MSG.assignableAdminOnly} Nie zuweisbar: Admin und Gruppen mit Rechten in den Einstellungen, die diese Gruppe nicht hat.`
                  }
                  placeholder={values.assignableUserGroups.length ? undefined : 'Keine'}
                  data={assignableOptions}
                  value={values.assignableUserGroups}
                  onChange={(v) => set('assignableUserGroups', v)}
                  error={listProblem ?? invalid('assignableUserGroups')}
                  disabled={readOnly || !actorIsAdmin}
                  clearable
                  searchable
                  hidePickedOptions
                  nothingFoundMessage="Keine Gruppe gefunden"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 8 }}>
                <Textarea
                  label="Rechte"
                  description="Beschreibung für die Übersicht, eine Zeile pro Recht"
                  value={values.rights}
                  onChange={(e) => set('rights', e.currentTarget.value)}
                  disabled={readOnly}
                  autosize
                  minRows={4}
                  maxRows={10}
                  maxLength={GROUP_RIGHTS_MAX}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Stack gap="sm">
                  <NumberInput
                    label="Abmeldung nach … Minuten (Desktop)"
                    value={values.loginTimeForDesktop}
                    onChange={(v) => set('loginTimeForDesktop', typeof v === 'number' ? v : '')}
                    error={invalid('loginTimeForDesktop')}
                    disabled={readOnly}
                    min={LOGIN_MINUTES_MIN}
                    max={LOGIN_MINUTES_MAX}
                    allowDecimal={false}
                    allowNegative={false}
                  />
                  <NumberInput
                    label="Abmeldung nach … Minuten (Tablet)"
                    value={values.loginTimeForTablet}
                    onChange={(v) => set('loginTimeForTablet', typeof v === 'number' ? v : '')}
                    error={invalid('loginTimeForTablet')}
                    disabled={readOnly}
                    min={LOGIN_MINUTES_MIN}
                    max={LOGIN_MINUTES_MAX}
                    allowDecimal={false}
                    allowNegative={false}
                  />
                </Stack>
              </Grid.Col>
              <Grid.Col span={12}>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <Switch
                    label="Zwei-Faktor-Anmeldung Pflicht"
                    description="Wer sich mit Passwort anmeldet, richtet zuerst eine Authenticator-App oder einen Passkey ein."
                    checked={values.twoFactorRequired}
                    onChange={(e) => set('twoFactorRequired', e.currentTarget.checked)}
                    disabled={readOnly}
                  />
                  <Switch
                    label="Nur Firmenkonto"
                    description={
                      values.name.trim() === ADMIN_ROLE
                        ? 'Admin behält das Passwort als Zugang, wenn der Anmeldedienst ausfällt.'
                        : 'Kein Passwort und kein Passkey: Anmeldung nur mit dem Firmenkonto, solange es eingerichtet ist.'
                    }
                    checked={!values.passwordLogin}
                    onChange={(e) => set('passwordLogin', !e.currentTarget.checked)}
                    disabled={readOnly || values.name.trim() === ADMIN_ROLE}
                  />
                </SimpleGrid>
              </Grid.Col>
            </Grid>
          </Card>

          <Card component="section" aria-labelledby="team-permissions">
            <Group justify="space-between" align="flex-end" gap="md" mb="xs" wrap="wrap">
              <div>
                <Group gap="sm">
                  <Title order={2} fz={16} id="team-permissions">
                    Berechtigungen
                  </Title>
                  <Badge variant="light" color="oak" tt="none" fw={600} aria-live="polite">
                    {chosenCount} von {PERMISSION_NAMES.length} ausgewählt
                  </Badge>
                </Group>
              </div>
              {!readOnly && (
                <Group gap="xs" align="flex-end" wrap="nowrap">
                  <Select
                    label="Vorlage"
                    placeholder="Gruppe wählen"
                    data={templates}
                    value={template}
                    onChange={setTemplate}
                    searchable
                    nothingFoundMessage="Keine Gruppe gefunden"
                    checkIconPosition="right"
                    w={220}
                  />
                  <Button variant="light" leftSection={<IconCopy size={16} />} onClick={applyTemplate} disabled={!template}>
                    Vorlage übernehmen
                  </Button>
                </Group>
              )}
            </Group>
            {!readOnly && (
              <Text size="sm" c="dimmed" mb="md" maw={760}>
                Was eine Berechtigung voraussetzt, wird mit ausgewählt. Wer eine Berechtigung abwählt, wählt auch die ab, die
                auf ihr aufbauen. Eine Vorlage ersetzt die bisherige Auswahl.
              </Text>
            )}
            <PermissionPicker
              selected={selected}
              onTick={tick}
              onUntick={untick}
              readOnly={readOnly}
              allChosen={isAdminGroup}
              grantable={grantable}
            />
          </Card>
        </Stack>

        <SaveBar message={message} onCloseMessage={() => note(null)} cancelTo={TEAM_LIST_PATH} readOnly={readOnly} saving={save.isPending} />
      </form>
    </>
  );
}
