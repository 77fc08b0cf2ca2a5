import { countOf } from '@filialportal/core/plural';
import { CountBadge } from '../../ui/CountBadge.tsx';
import { useAdvertisingCounter } from './advertising.api.ts';

/** New advertising since the last visit beside 'Werbung' in the navigation (the list's `new`). */
export function AdvertisingCountBadge() {
  const count = useAdvertisingCounter().data ?? 0;
  return <CountBadge count={count} label={countOf(count, 'neue Werbung', 'neue Werbungen')} />;
}
