import { useState } from 'react';
import { Checkbox, Loader, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../api/client.ts';
import { useSetSubtask, useSubtasks, type OwnTask } from './tasks.api.ts';
import { alertError } from '../../ui/alert-error.ts';

export interface SubtaskListProps {
  task: OwnTask;
  /** Whether the user may tick them (own, open, not locked task). */
  editable: boolean;
  id: string;
}

/** The subtasks of one task, ticked one by one. */
export function SubtaskList({ task, editable, id }: SubtaskListProps) {
  const subtasks = useSubtasks(task.id, true);
  const setSubtask = useSetSubtask(task);
  // The tick shows at once, before the server answers.
  const [ticking, setTicking] = useState<Record<string, boolean>>({});

  if (subtasks.isPending)
    return (
      <Loader size="xs" my={6} ml={4} aria-label="Unteraufgaben werden geladen" id={id} />
    );
  if (subtasks.isError)
    return (
      <Text size="sm" c="red.8" id={id}>
        {errorMessage(subtasks.error)}
      </Text>
    );

  return (
    <Stack gap={6} id={id} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={`Unteraufgaben von ${task.title}`}>
      {subtasks.data.map((s) => {
        const checked = ticking[s.id] ?? s.completed;
        return (
        <li key={s.id}>
          <Checkbox
            size="sm"
            label={
              <Text size="sm" td={checked ? 'line-through' : undefined} c={checked ? 'dimmed' : undefined}>
                {s.name}
              </Text>
            }
            aria-label={s.name}
            checked={checked}
            disabled={!editable}
            onChange={(e) => {
              const completed = e.currentTarget.checked;
              setTicking((t) => ({ ...t, [s.id]: completed }));
              setSubtask.mutate(
                { subtaskId: s.id, completed },
                {
                  onError: alertError,
                  onSettled: () =>
                    setTicking((t) => {
                      const { [s.id]: _done, ...rest } = t;
                      return rest;
                    }),
                },
              );
            }}
          />
        </li>
        );
      })}
    </Stack>
  );
}
