import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, CurrentUserResponse } from '@filialportal/core/users';
import { api } from '../../api/client.ts';
import { ALL, type TaskFilter } from '../tasks/tasks.api.ts';
import { userKeys } from '../users/users.api.ts';
import { vacationAccount } from './vacation-ring.ts';

export const dashboardKeys = {
  vacation: ['dashboard', 'vacation'] as const,
};

/**
 * The own vacation account from GET /user, asked afresh whenever the dashboard opens so a
 * vacation approved meanwhile shows at once. Until the answer the logged-in user's numbers
 * stand in. The answer also refreshes the app's current user. A query of its own rather than a
 * refetch of the login gate's: a failed refresh here must not count as a lost session.
 */
export function useVacationAccount(user: CurrentUser) {
  const client = useQueryClient();
  return useQuery({
    queryKey: dashboardKeys.vacation,
    queryFn: async ({ signal }) => {
      const data = await api<CurrentUserResponse>('/api/user', { signal });
      client.setQueryData(userKeys.current, data);
      return data.user;
    },
    initialData: user,
    initialDataUpdatedAt: 0,
    staleTime: 0,
    select: vacationAccount,
  });
}

/**
 * The filter the own-tasks page starts with (OwnTasksPage): with aufgaben_alle_sehen the own
 * location and group, otherwise everything (the server then answers the own tasks only). The
 * dashboard asks with the same filter, so both views share one cached list.
 */
export function ownTaskPreset(user: CurrentUser, seesAll: boolean): TaskFilter {
  return seesAll ? { location: user.location?.id ?? ALL, team: user.team || ALL } : { location: ALL, team: ALL };
}
