import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZTeam, ZTeamRequest } from '@filialportal/core/teams';
import type { Wire } from '@filialportal/core/wire';
import type { z } from 'zod';
import { api } from '../../api/client.ts';

/**
 * A user group of GET /team; the detail fields come only with einstellungen_benutzergruppen_sehen.
 * `assignable` and `manageable` are in every answer to a logged-in user, so always here.
 */
export type Team = Wire<typeof ZTeam> & Required<Pick<Wire<typeof ZTeam>, 'assignable' | 'manageable'>>;

/** Body of POST /team and PUT /team/{id}: `{ team: { … } }`; without `assignableUserGroups` the server keeps the list. */
export type TeamSaveBody = z.input<typeof ZTeamRequest>;

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

/** POST /team (no id) or PUT /team/{id}. */
export function useSaveTeam(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamSaveBody) => api<{ team: Team }>(id ? `/api/team/${id}` : '/api/team', { method: id ? 'PUT' : 'POST', body }),
    // Group labels show in the user lists too; the current user's rights may have changed.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: teamKeys.all }), client.invalidateQueries({ queryKey: ['user'] })]),
  });
}
