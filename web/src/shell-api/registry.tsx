import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { DashboardCard, SettingsSection } from './feature.ts';
import { useCurrentUser } from './current-user.tsx';
import { visibleNavigation, type NavItem } from './navigation.ts';

/**
 * What the shell composed from every feature's `routes.tsx`, for the views that show the
 * contributions of others: the settings view its sections, the dashboard its cards, task links
 * the views that exist. Provided by the shell, so no feature imports another or the shell.
 */
export interface Registry {
  /** The whole main navigation, before permissions. */
  navigation: readonly NavItem[];
  /** The settings sections in the spec's order. */
  settings: readonly SettingsSection[];
  /** The dashboard cards, each column in its order. */
  dashboard: readonly DashboardCard[];
  /** Parts of the user settings other features add (notifications), below the personal data. */
  userSettings: readonly ReactNode[];
}

export const RegistryContext = createContext<Registry | null>(null);

export function useRegistry(): Registry {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('useRegistry outside the shell');
  return registry;
}

/** The navigation entries the logged-in user sees. */
export function useVisibleNavigation(): NavItem[] {
  const { navigation } = useRegistry();
  const { permissions, role } = useCurrentUser();
  return useMemo(() => visibleNavigation(permissions, navigation, role), [permissions, navigation, role]);
}
