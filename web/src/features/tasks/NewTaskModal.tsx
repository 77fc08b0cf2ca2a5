import { useId, useMemo } from 'react';
import { ActionIcon, Button, Grid, Group, Input, MultiSelect, SegmentedControl, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconPlus, IconTrash } from '@tabler/icons-react';
import { todayIso } from '@filialportal/core/berlin-time';
import { TASK_PRIORITIES, TASK_TITLE_MAX, ZCreateTaskRequest } from '@filialportal/core/tasks';
import { useCan, useCurrentUser } from '../../shell-api/current-user.tsx';
import { DateField } from '../../ui/DateField.tsx';
import { allProblems } from '../../ui/form-problem.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { useLocationOptions, useTeams } from '../../shell-api/lookups.ts';
import { useCreateTask, useRecipientUsers, type CreateTaskBody } from './tasks.api.ts';

interface SubtaskDraft {
  key: number;
  name: string;
}

interface Values {
  title: string;
  deadline: string | null;
  priority: string;
  teams: string[];
  locations: string[];
  users: string[];
  multiTask: boolean;
  subtasks: SubtaskDraft[];
}

const EMPTY: Values = { title: '', deadline: null, priority: '2', teams: [], locations: [], users: [], multiTask: false, subtasks: [] };

/** Groups that hold nobody who works (deactivated accounts). */
const HIDDEN_GROUPS = new Set(['Ausgeblendet']);

let nextKey = 1;

export interface NewTaskModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Neue Aufgabe': title, deadline, priority, recipients (teams, locations, people), shared or
 * per person, subtasks. With only aufgaben_an_mitarbeiter_aus_eigenen_filiale_stellen the
 * location is the own branch and cannot be changed, and only its people are offered.
 */
export function NewTaskModal({ opened, onClose }: NewTaskModalProps) {
  const user = useCurrentUser();
  const can = useCan();
  const ownBranchOnly = !can('aufgaben_an_alle_stellen');
  const ownLocation = user.location?.id ?? '';
  const teams = useTeams();
  const locations = useLocationOptions();
  const people = useRecipientUsers(opened);
  const create = useCreateTask();
  const start = (): Values => ({ ...EMPTY, locations: ownBranchOnly && ownLocation ? [ownLocation] : [] });
  const { form, values, message, invalid, refused } = useCheckedForm<Values>({
    initialValues: start(),
    validate: (v) => allProblems(ZCreateTaskRequest, requestBody(v)),
  });
  const priorityLabelId = useId();

  const set = <K extends keyof Values>(key: K, value: Values[K]) => form.setFieldValue(key, value as never);

  const teamOptions = useMemo(
    () => (teams.data ?? []).filter((t) => !HIDDEN_GROUPS.has(t.name)).map((t) => ({ value: t.name, label: t.label })),
    [teams.data],
  );
  const locationOptions = useMemo(() => (locations.data ?? []).map((l) => ({ value: l.id, label: l.label })), [locations.data]);
  const peopleOptions = useMemo(() => {
    const list = (people.data ?? []).filter((p) => !ownBranchOnly || p.location === ownLocation);
    if (ownBranchOnly) return list.map((p) => ({ value: p.id, label: p.fullName }));
    const byLocation = new Map<string, { value: string; label: string }[]>();
    for (const p of list) {
      const group = byLocation.get(p.locationLabel) ?? [];
      group.push({ value: p.id, label: p.fullName });
      byLocation.set(p.locationLabel, group);
    }
    return [...byLocation.entries()].sort(([a], [b]) => a.localeCompare(b, 'de')).map(([group, items]) => ({ group, items }));
  }, [people.data, ownBranchOnly, ownLocation]);
  const teamOf = useMemo(() => new Map((people.data ?? []).map((p) => [p.id, p.teamLabel])), [people.data]);

  function requestBody(v: Values): CreateTaskBody {
    // A fixed own branch means "everyone there" only while no single people are picked; picked
    // people alone are addressed alone (teams are always those of the own branch).
    const locationsSent = ownBranchOnly ? (v.users.length > 0 && v.teams.length === 0 ? [] : [ownLocation]) : v.locations;
    return {
      title: v.title,
      deadline: v.deadline ?? '',
      priority: Number(v.priority),
      multiTask: v.multiTask,
      teams: v.teams,
      locations: locationsSent,
      users: v.users,
      // Rows left empty are not meant as subtasks.
      subtasks: v.subtasks.filter((s) => s.name.trim() !== '').map((s) => ({ name: s.name })),
    };
  }

  const submit = form.onSubmit((v) => {
    const body = requestBody(v);
    create.mutate(body, {
      onSuccess: () => {
        notifications.show({ message: `Aufgabe '${body.title.trim()}' erstellt`, color: 'teal', icon: <IconCircleCheck size={18} /> });
        form.setValues(start());
        form.clearErrors();
        onClose();
      },
      onError: (error) => refused(error),
    });
  });

  const addSubtask = () => set('subtasks', [...values.subtasks, { key: nextKey++, name: '' }]);
  const setSubtask = (key: number, name: string) => set('subtasks', values.subtasks.map((s) => (s.key === key ? { ...s, name } : s)));
  const removeSubtask = (key: number) => set('subtasks', values.subtasks.filter((s) => s.key !== key));

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Neue Aufgabe"
      submitLabel="Erstellen"
      onSubmit={submit}
      loading={create.isPending}
      error={message}
      size={1000}
    >
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <TextInput
              label="Titel"
              value={values.title}
              onChange={(e) => set('title', e.currentTarget.value)}
              error={invalid('title')}
              maxLength={TASK_TITLE_MAX}
              required
              data-autofocus
            />
            <Group gap="md" align="flex-start" grow wrap="wrap">
              <DateField
                label="Fällig am"
                value={values.deadline}
                onChange={(deadline) => set('deadline', deadline)}
                error={invalid('deadline')}
                minDate={todayIso()}
                clearable
                required
                miw={170}
              />
              <Stack gap={2} miw={240}>
                <Input.Label labelElement="div" id={priorityLabelId}>Priorität</Input.Label>
                <SegmentedControl
                  aria-labelledby={priorityLabelId}
                  value={values.priority}
                  onChange={(priority) => set('priority', priority)}
                  data={TASK_PRIORITIES.map((p) => ({ value: String(p.value), label: p.label }))}
                  fullWidth
                />
              </Stack>
            </Group>

            <Stack gap={6}>
              <Input.Label labelElement="div">Unteraufgaben</Input.Label>
              {values.subtasks.length === 0 && (
                <Text size="sm" c="dimmed">
                  Keine Unteraufgaben. Mit Unteraufgaben lässt sich eine Aufgabe Schritt für Schritt abhaken.
                </Text>
              )}
              {values.subtasks.map((s, i) => (
                <Group key={s.key} gap="xs" wrap="nowrap">
                  <TextInput
                    aria-label={`Unteraufgabe ${i + 1}`}
                    placeholder={`Unteraufgabe ${i + 1}`}
                    value={s.name}
                    onChange={(e) => setSubtask(s.key, e.currentTarget.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') {
                        e.preventDefault();
                        addSubtask();
                      }
                    }}
                    maxLength={TASK_TITLE_MAX}
                    style={{ flex: 1 }}
                    autoFocus={i === values.subtasks.length - 1 && s.name === ''}
                  />
                  <Tooltip label="Unteraufgabe entfernen">
                    <ActionIcon variant="subtle" color="red" onClick={() => removeSubtask(s.key)} aria-label={`Unteraufgabe ${i + 1} entfernen`}>
                      <IconTrash size={17} stroke={1.7} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              ))}
              <div>
                <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={15} />} onClick={addSubtask}>
                  Unteraufgabe hinzufügen
                </Button>
              </div>
            </Stack>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <div>
              <Title order={3} fz="sm" fw={600}>
                Empfänger
              </Title>
              <Text size="xs" c="dimmed">
                {ownBranchOnly
                  ? 'Aufgaben gehen an Mitarbeiter Ihrer Filiale: an die gewählten Teams und Mitarbeiter, ohne Auswahl an alle.'
                  : 'Die gewählten Mitarbeiter und alle, die zu den gewählten Teams und Standorten gehören.'}
              </Text>
            </div>
            <MultiSelect
              label="Teams"
              placeholder={values.teams.length ? undefined : 'Teams wählen'}
              data={teamOptions}
              value={values.teams}
              onChange={(v) => set('teams', v)}
              error={invalid('teams', 'users')}
              searchable
              clearable
              hidePickedOptions
              nothingFoundMessage="Kein Team gefunden"
              comboboxProps={{ withinPortal: true }}
            />
            <MultiSelect
              label="Standorte"
              placeholder={values.locations.length ? undefined : 'Standorte wählen'}
              description={ownBranchOnly ? 'Festgelegt auf Ihre Filiale.' : undefined}
              data={locationOptions}
              value={values.locations}
              onChange={(v) => set('locations', v)}
              error={invalid('locations', 'users')}
              disabled={ownBranchOnly}
              searchable
              clearable={!ownBranchOnly}
              hidePickedOptions
              nothingFoundMessage="Kein Standort gefunden"
              comboboxProps={{ withinPortal: true }}
            />
            <MultiSelect
              label="Mitarbeiter"
              placeholder={values.users.length ? undefined : 'Namen suchen'}
              data={peopleOptions}
              value={values.users}
              onChange={(v) => set('users', v)}
              error={invalid('users')}
              renderOption={({ option }) => (
                <div>
                  <Text size="sm">{option.label}</Text>
                  <Text size="xs" c="dimmed">
                    {teamOf.get(option.value)}
                  </Text>
                </div>
              )}
              searchable
              clearable
              hidePickedOptions
              limit={100}
              maxDropdownHeight={280}
              nothingFoundMessage={people.isPending ? 'Wird geladen …' : 'Niemand gefunden'}
              comboboxProps={{ withinPortal: true }}
            />
            <Switch
              label="Für jeden einzeln"
              description={
                values.multiTask
                  ? 'Jeder Empfänger erledigt seine eigene Aufgabe.'
                  : 'Gemeinsame Aufgabe: erledigt, sobald einer der Empfänger sie abhakt.'
              }
              checked={values.multiTask}
              onChange={(e) => set('multiTask', e.currentTarget.checked)}
              mt={4}
            />
          </Stack>
        </Grid.Col>
      </Grid>
    </FormModal>
  );
}
