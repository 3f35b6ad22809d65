// Creating, changing and deleting teams. The team's own cache takes the answer; the team list, the
// managed agents (their teams) and, when membership moves, the signed-in agent are read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { agentKeys } from '../agents/keys';
import { api, unwrap } from '../client';
import { peopleKeys } from '../people/keys';
import { teamKeys } from './keys';

export type TeamCreate = components['schemas']['TeamCreate'];

export function useCreateTeamMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamCreate) => unwrap(api.POST('/api/user-management/teams', { body })),
    onSuccess: (team) => {
      client.setQueryData(teamKeys.detail(team.id), team);
      void client.invalidateQueries({ queryKey: teamKeys.lists() });
      void client.invalidateQueries({ queryKey: peopleKeys.agents() });
    },
  });
}

export function useUpdateTeamMutation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamCreate) => unwrap(api.PUT('/api/user-management/teams/{id}', { params: { path: { id } }, body })),
    onSuccess: (team) => {
      client.setQueryData(teamKeys.detail(team.id), team);
      void client.invalidateQueries({ queryKey: teamKeys.lists() });
      void client.invalidateQueries({ queryKey: peopleKeys.agents() });
      // the signed-in agent may be among the members who joined or left
      void client.invalidateQueries({ queryKey: agentKeys.me() });
    },
  });
}

export function useDeleteTeamMutation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/user-management/teams/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      client.removeQueries({ queryKey: teamKeys.detail(id) });
      void client.invalidateQueries({ queryKey: teamKeys.lists() });
      void client.invalidateQueries({ queryKey: peopleKeys.agents() });
      void client.invalidateQueries({ queryKey: agentKeys.me() });
    },
  });
}
