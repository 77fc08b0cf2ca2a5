import { useEffect, useState } from 'react';
import { MultiSelect, Switch, Text } from '@mantine/core';
import { MSG } from '@filialportal/core/messages';
import { countOf, formatCount } from '@filialportal/core/plural';
import { FormModal } from '../../ui/FormModal.tsx';
import { runRegistration } from './register-flow.ts';
import { useRegisterUsers, useUsersForTraining, type Training } from './trainings.api.ts';

/**
 * 'Mitarbeiter anmelden' (spec 3 §4): the people the actor may register (all, or the own
 * location's); who finds no free place goes on the waiting list. Approvers may confirm at once.
 */
export function RegisterUsersModal({ training, onClose }: { training: Training | null; onClose: () => void }) {
  const people = useUsersForTraining(training !== null);
  const register = useRegisterUsers();
  const [chosen, setChosen] = useState<string[]>([]);
  const [direct, setDirect] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setChosen([]);
    setDirect(false);
    setError(null);
  }, [training]);

  if (!training) return null;
  const taken = new Set(training.appointments.map((a) => a.userId));
  const options = (people.data?.users ?? []).filter((u) => u.registrable && !taken.has(u.id)).map((u) => ({ value: u.id, label: `${u.fullName} (${u.locationLabel})` }));

  const submit = () => {
    if (chosen.length === 0) return setError(MSG.trainingEmployeeRequired);
    setError(null);
    void runRegistration((force) => register.mutateAsync({ id: training.id, users: chosen, direct, force }), onClose);
  };

  return (
    <FormModal opened onClose={onClose} title={training.free > 0 ? 'Mitarbeiter anmelden' : 'Mitarbeiter auf Warteliste setzen'} submitLabel="Anmelden" onSubmit={submit} loading={register.isPending} error={error}>
      <Text size="sm">
        {training.title} · {training.dateFormated}, {training.time} Uhr · {formatCount(training.free)} von {countOf(training.contingent, 'Platz', 'Plätzen')} frei
      </Text>
      <MultiSelect
        label="Mitarbeiter"
        placeholder="Name suchen"
        searchable
        data={options}
        value={chosen}
        onChange={setChosen}
        nothingFoundMessage="Keine Person gefunden"
        comboboxProps={{ withinPortal: true }}
        data-autofocus
      />
      <Switch label="Gleich bestätigen" checked={direct} onChange={(e) => setDirect(e.currentTarget.checked)} />
    </FormModal>
  );
}
