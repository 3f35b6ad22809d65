// User management's writes on agents: inviting, deactivating or reactivating, and notification
// settings. A changed agent replaces its copy in the profile cache; lists and pickers read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { agentKeys } from '../agents/keys';
import { api, unwrap } from '../client';
import { teamKeys } from '../teams/keys';
import { peopleKeys } from './keys';
import type { ManagedAgent, NotificationKind } from './queries';

export type AgentInvite = components['schemas']['AgentInvite'];

function useAgentSettled() {
  const client = useQueryClient();
  return (agent: ManagedAgent) => {
    client.setQueryData(peopleKeys.agent(agent.id), agent);
    void client.invalidateQueries({ queryKey: peopleKeys.agents() });
    void client.invalidateQueries({ queryKey: agentKeys.all });
  };
}

export function useInviteAgentMutation() {
  const settle = useAgentSettled();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentInvite) => unwrap(api.POST('/api/user-management/agents', { body })),
    onSuccess: (agent) => {
      settle(agent);
      // the teams they joined list one more member
      if (agent.teams.length) void client.invalidateQueries({ queryKey: teamKeys.lists() });
      for (const team of agent.teams) void client.invalidateQueries({ queryKey: teamKeys.detail(team.id) });
    },
  });
}

export function useAgentStatusMutation(id: number) {
  const settle = useAgentSettled();
  return useMutation({
    mutationFn: (to: 'active' | 'inactive') =>
      to === 'inactive'
        ? unwrap(api.POST('/api/user-management/agents/{id}/deactivate', { params: { path: { id } } }))
        : unwrap(api.POST('/api/user-management/agents/{id}/reactivate', { params: { path: { id } } })),
    onSuccess: settle,
  });
}

export function useSaveNotificationSettingsMutation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: { kind: NotificationKind; enabled: boolean }[]) =>
      unwrap(api.PUT('/api/user-management/agents/{id}/notification-settings', { params: { path: { id } }, body: { settings } })),
    onSuccess: (saved) => client.setQueryData(peopleKeys.notificationSettings(id), saved),
  });
}
