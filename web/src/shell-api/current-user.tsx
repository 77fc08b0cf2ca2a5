import { createContext, useContext } from 'react';
import type { CurrentUser } from '@filialportal/core/users';
import { can, type PermissionRule } from './access.ts';

/** The logged-in user; provided by the login gate once GET /user has answered. */
export const CurrentUserContext = createContext<CurrentUser | null>(null);

export function useCurrentUser(): CurrentUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser outside the login gate');
  return user;
}

/** A checker bound to the current user's permissions. */
export function useCan(): (rule: PermissionRule) => boolean {
  const user = useCurrentUser();
  return (rule) => can(user.permissions, rule);
}
