import { countOf } from '@filialportal/core/plural';
import { CountBadge } from '../../ui/CountBadge.tsx';
import { useTrainingCounter } from './trainings.api.ts';

/** New trainings beside 'Veranstaltungen' in the navigation (the list's `new`). */
export function TrainingCountBadge() {
  const count = useTrainingCounter().data?.new ?? 0;
  return <CountBadge count={count} label={countOf(count, 'neue Veranstaltung', 'neue Veranstaltungen')} />;
}
