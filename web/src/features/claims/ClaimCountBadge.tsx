import { countOf } from '@filialportal/core/plural';
import { CountBadge } from '../../ui/CountBadge.tsx';
import { useClaimCounter } from './claims.api.ts';

/** New claims since the last visit beside 'Beanstandung' in the navigation (the list's `new`). */
export function ClaimCountBadge() {
  const count = useClaimCounter().data ?? 0;
  return <CountBadge count={count} label={countOf(count, 'neue Beanstandung', 'neue Beanstandungen')} />;
}
