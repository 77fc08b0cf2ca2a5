import { MultiSelect, Switch, Text } from '@mantine/core';
import { countOf, formatCount } from '@filialportal/core/plural';
import { ZRegisterUsersRequest } from '@filialportal/core/trainings';
import { zodResolver } from '../../ui/form-problem.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { runRegistration } from './register-flow.ts';
import { useRegisterUsers, useUsersForTraining, type Training } from './trainings.api.ts';

type Values = { users: string[]; directRegistration: boolean };

/**
 * 'Mitarbeiter anmelden' (spec 3 §4): the people the actor may register (all, or the own
 * location's); who finds no free place goes on the waiting list. Approvers may confirm at once.
 */
export function RegisterUsersModal({ training, onClose }: { training: Training | null; onClose: () => void }) {
  if (!training) return null;
  return <RegisterUsersForm key={training.id} training={training} onClose={onClose} />;
}

function RegisterUsersForm({ training, onClose }: { training: Training; onClose: () => void }) {
  const people = useUsersForTraining(true);
  const register = useRegisterUsers();
  const { form, message } = useCheckedForm<Values>({
    initialValues: { users: [], directRegistration: false },
    validate: zodResolver(ZRegisterUsersRequest),
    oneAtATime: true,
  });

  const taken = new Set(training.appointments.map((a) => a.userId));
  const options = (people.data?.users ?? []).filter((u) => u.registrable && !taken.has(u.id)).map((u) => ({ value: u.id, label: `${u.fullName} (${u.locationLabel})` }));

  const submit = form.onSubmit((body) => void runRegistration((force) => register.mutateAsync({ id: training.id, body, force }), onClose));

  return (
    <FormModal opened onClose={onClose} title={training.free > 0 ? 'Mitarbeiter anmelden' : 'Mitarbeiter auf Warteliste setzen'} submitLabel="Anmelden" onSubmit={submit} loading={register.isPending} error={message}>
      <Text size="sm">
        {training.title} · {training.dateFormated}, {training.time} Uhr · {formatCount(training.free)} von {countOf(training.contingent, 'Platz', 'Plätzen')} frei
      </Text>
      <MultiSelect
        label="Mitarbeiter"
        placeholder="Name suchen"
        searchable
        data={options}
        {...form.getInputProps('users')}
        nothingFoundMessage="Keine Person gefunden"
        comboboxProps={{ withinPortal: true }}
        data-autofocus
      />
      <Switch label="Gleich bestätigen" {...form.getInputProps('directRegistration', { type: 'checkbox' })} />
    </FormModal>
  );
}
