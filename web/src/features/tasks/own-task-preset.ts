import type { CurrentUser } from '@filialportal/core/users';
import { ALL, type TaskFilter } from './tasks.api.ts';

/**
 * The filter the own-tasks page starts with: with aufgaben_alle_sehen the own location and
 * group, otherwise everything (the server then answers the own tasks only). The dashboard asks
 * with the same filter, so both views share one cached list.
 */
export function ownTaskPreset(user: CurrentUser, seesAll: boolean): TaskFilter {
  return seesAll ? { location: user.location?.id ?? ALL, team: user.team || ALL } : { location: ALL, team: ALL };
}
