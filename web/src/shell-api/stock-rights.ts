import { useCan, useCurrentUser } from './current-user.tsx';

/**
 * Where the person may change stock (spec 2 §6), as the server decides it: every location with
 * sortiment_bei_allen_artikel_bestand_bearbeiten, else the own and the currently chosen one with
 * sortiment_artikel_bestand_in_eigener_filiale_bearbeiten.
 */
export function useStockRights() {
  const can = useCan();
  const user = useCurrentUser();
  const all = can('sortiment_bei_allen_artikel_bestand_bearbeiten');
  const own = can('sortiment_artikel_bestand_in_eigener_filiale_bearbeiten') ? [user.location?.id, user.currentLocation?.id].filter((id): id is string => !!id) : [];
  return { any: all || own.length > 0, all, own, mayChangeAt: (location: string) => all || own.includes(location) };
}
