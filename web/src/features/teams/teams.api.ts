import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** A user group of GET /team; the detail fields come only with einstellungen_benutzergruppen_sehen. */
export interface Team {
  id: string;
  name: string;
  label: string;
  sortingIndex: number;
  count: number;
  rights?: string;
  permissions?: string[];
  parentLabel?: string;
  loginTimeForDesktop?: number;
  loginTimeForTablet?: number;
}

export const teamKeys = {
  all: ['team'] as const,
};

/** GET /team: all user groups in their sorting order. */
export function useTeams() {
  return useQuery({
    queryKey: teamKeys.all,
    queryFn: ({ signal }) => api<{ teams: Team[] }>('/api/team', { signal }),
    select: (data) => data.teams,
  });
}
