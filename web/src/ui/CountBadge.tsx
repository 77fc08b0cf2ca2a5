import { Badge } from '@mantine/core';

/** A red counter beside a navigation entry; nothing at zero, '99+' beyond. `label` names it for screen readers. */
export function CountBadge({ count, label }: { count: number; label: string }) {
  if (count === 0) return null;
  return (
    <Badge size="sm" variant="filled" color="red" circle={count < 10} aria-label={label} title={label}>
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
