import { countOf } from '@filialportal/core/plural';
import { CountBadge } from '../../ui/CountBadge.tsx';
import { useUnseenNews } from './news.api.ts';

/** Unseen news beside 'Neuigkeiten' in the navigation. */
export function NewsCountBadge() {
  const count = useUnseenNews().data?.count ?? 0;
  return <CountBadge count={count} label={countOf(count, 'neue Neuigkeit', 'neue Neuigkeiten')} />;
}
