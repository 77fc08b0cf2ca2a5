import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ZTeamRequest } from '@filialportal/core/teams';
import type { z } from 'zod';
import { api } from '../../api/client.ts';
import { teamKeys, type Team } from '../../shell-api/lookups.ts';

/** Body of POST /team and PUT /team/{id}: `{ team: { … } }`; without `assignableUserGroups` the server keeps the list. */
export type TeamSaveBody = z.input<typeof ZTeamRequest>;

/** POST /team (no id) or PUT /team/{id}. */
export function useSaveTeam(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamSaveBody) => api<{ team: Team }>(id ? `/api/team/${id}` : '/api/team', { method: id ? 'PUT' : 'POST', body }),
    // Group labels show in the user lists too; the current user's rights may have changed.
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: teamKeys.all }), client.invalidateQueries({ queryKey: ['user'] })]),
  });
}
