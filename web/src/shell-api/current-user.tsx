import { createContext, useContext } from 'react';
import type { CurrentUser, CurrentUserResponse } from '@filialportal/core/users';
import { can, type PermissionRule } from './access.ts';

/** The logged-in user; provided by the login gate once GET /user has answered. */
export const CurrentUserContext = createContext<CurrentUser | null>(null);

/**
 * Takes a fresher answer of GET /user (asked by a view for numbers of its own, the vacation
 * account) as the logged-in user everywhere; provided by the login gate, which keeps that user.
 */
export const CurrentUserUpdateContext = createContext<((data: CurrentUserResponse) => void) | null>(null);

export function useCurrentUser(): CurrentUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser outside the login gate');
  return user;
}

/** Replaces the logged-in user with a fresher answer of GET /user. */
export function useCurrentUserUpdate(): (data: CurrentUserResponse) => void {
  const update = useContext(CurrentUserUpdateContext);
  if (!update) throw new Error('useCurrentUserUpdate outside the login gate');
  return update;
}

/** A checker bound to the current user's permissions and role. */
export function useCan(): (rule: PermissionRule) => boolean {
  const user = useCurrentUser();
  return (rule) => can(user.permissions, rule, user.role);
}
