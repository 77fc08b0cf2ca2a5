import { Badge } from '@mantine/core';
import { countOf } from '@filialportal/core/plural';
import { useTaskCount } from './tasks.api.ts';

/** The number of the user's open tasks beside 'Aufgaben' in the navigation; none at zero. */
export function TaskCountBadge() {
  const count = useTaskCount();
  if (!count.data) return null;
  const label = countOf(count.data, 'offene Aufgabe', 'offene Aufgaben');
  return (
    <Badge size="sm" circle={count.data < 10} variant="filled" color="oak" role="status" aria-label={label} title={label}>
      {count.data > 99 ? '99+' : count.data}
    </Badge>
  );
}
