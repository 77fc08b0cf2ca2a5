import { useCan, useCurrentUser } from '../../shell-api/current-user.tsx';

/**
 * The locations whose claims a person sees and records (spec 2 §6): every location with the
 * all-locations permissions, else the account's allowed claim locations, else where the person
 * works now. The server applies the same rule.
 */
export function useClaimLocations(): { all: boolean; only: string[] | undefined } {
  const can = useCan();
  const user = useCurrentUser();
  if (can('beanstandungen_offene_alle_sehen') || can('beanstandungen_abgeschlossene_und_nicht_gebuchte_alle_als_offene_sehen')) return { all: true, only: undefined };
  if (user.allowedLocationsClaim.length > 0) return { all: false, only: user.allowedLocationsClaim };
  const here = user.currentLocation?.id ?? user.location?.id;
  return { all: false, only: here ? [here] : [] };
}
