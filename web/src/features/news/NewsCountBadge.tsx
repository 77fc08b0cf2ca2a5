import { Badge } from '@mantine/core';
import { useUnseenNews } from './news.api.ts';

/** Unseen news beside 'Neuigkeiten' in the navigation. */
export function NewsCountBadge() {
  const unseen = useUnseenNews();
  const count = unseen.data?.count ?? 0;
  if (count === 0) return null;
  const label = count === 1 ? '1 neue Neuigkeit' : `${count} neue Neuigkeiten`;
  return (
    <Badge size="sm" variant="filled" color="red" circle={count < 10} aria-label={label} title={label}>
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
