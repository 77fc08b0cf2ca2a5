import { useQuery } from '@tanstack/react-query';
import type { CurrentUser, CurrentUserResponse } from '@filialportal/core/users';
import { api } from '../../api/client.ts';
import { useCurrentUserUpdate } from '../../shell-api/current-user.tsx';
import { vacationAccount } from './vacation-ring.ts';

export const vacationAccountKey = ['dashboard', 'vacation'] as const;

/**
 * The own vacation account from GET /user, asked afresh whenever the dashboard opens so a
 * vacation approved meanwhile shows at once. Until the answer the logged-in user's numbers
 * stand in. The answer also refreshes the app's current user. A query of its own rather than a
 * refetch of the login gate's: a failed refresh here must not count as a lost session.
 */
export function useVacationAccount(user: CurrentUser) {
  const updateUser = useCurrentUserUpdate();
  return useQuery({
    queryKey: vacationAccountKey,
    queryFn: async ({ signal }) => {
      const data = await api<CurrentUserResponse>('/api/user', { signal });
      updateUser(data);
      return data.user;
    },
    initialData: user,
    initialDataUpdatedAt: 0,
    staleTime: 0,
    select: vacationAccount,
  });
}
