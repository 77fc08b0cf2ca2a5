import { Badge } from '@mantine/core';
import { useTrainingCounter } from './trainings.api.ts';

/** New trainings beside 'Veranstaltungen' in the navigation (the list's `new`). */
export function TrainingCountBadge() {
  const counter = useTrainingCounter();
  const count = counter.data?.new ?? 0;
  if (count === 0) return null;
  const label = count === 1 ? '1 neue Veranstaltung' : `${count} neue Veranstaltungen`;
  return (
    <Badge size="sm" variant="filled" color="red" circle={count < 10} aria-label={label} title={label}>
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
