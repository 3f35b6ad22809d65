// User management's server state: the organisation's agents and teams, one agent's profile and
// notification settings, and the writes on them. Writes refresh exactly what they change.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../openapi/schema';
import { api, unwrap } from '../../../api/client';
import { agentKeys } from '../../../api/keys';

export type ManagedAgent = components['schemas']['ManagedAgent'];
export type Team = components['schemas']['Team'];
export type NotificationSettings = components['schemas']['NotificationSettings'];
export type NotificationKind = components['schemas']['NotificationKind'];
export type AgentInvite = components['schemas']['AgentInvite'];
export type TeamCreate = components['schemas']['TeamCreate'];

export const peopleKeys = {
  all: ['people'] as const,
  agents: () => [...peopleKeys.all, 'agents'] as const,
  agent: (id: number) => [...peopleKeys.agents(), id] as const,
  notificationSettings: (id: number) => [...peopleKeys.all, 'notification-settings', id] as const,
  teams: () => [...peopleKeys.all, 'teams'] as const,
  team: (id: number) => [...peopleKeys.teams(), id] as const,
};

export function useManagedAgentsQuery(enabled = true) {
  return useQuery({
    queryKey: peopleKeys.agents(),
    queryFn: async () => (await unwrap(api.GET('/api/user-management/agents'))).agents,
    staleTime: 30_000,
    enabled,
  });
}

export function useManagedAgentQuery(id: number) {
  return useQuery({
    queryKey: peopleKeys.agent(id),
    queryFn: () => unwrap(api.GET('/api/user-management/agents/{id}', { params: { path: { id } } })),
    staleTime: 30_000,
  });
}

export function useTeamsQuery(enabled = true) {
  return useQuery({
    queryKey: peopleKeys.teams(),
    queryFn: async () => (await unwrap(api.GET('/api/user-management/teams'))).teams,
    staleTime: 30_000,
    enabled,
  });
}

export function useTeamQuery(id: number) {
  return useQuery({
    queryKey: peopleKeys.team(id),
    queryFn: () => unwrap(api.GET('/api/user-management/teams/{id}', { params: { path: { id } } })),
    staleTime: 30_000,
  });
}

/** A changed agent replaces its copy in the profile cache; lists and pickers read again. */
function useAgentSettled() {
  const client = useQueryClient();
  return (agent: ManagedAgent) => {
    client.setQueryData(peopleKeys.agent(agent.id), agent);
    void client.invalidateQueries({ queryKey: peopleKeys.agents() });
    void client.invalidateQueries({ queryKey: agentKeys.all });
  };
}

export function useInviteAgent() {
  const settle = useAgentSettled();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AgentInvite) => unwrap(api.POST('/api/user-management/agents', { body })),
    onSuccess: (agent) => {
      settle(agent);
      if (agent.teams.length) void client.invalidateQueries({ queryKey: peopleKeys.teams() });
    },
  });
}

export function useAgentStatusChange(id: number) {
  const settle = useAgentSettled();
  return useMutation({
    mutationFn: (to: 'active' | 'inactive') =>
      to === 'inactive'
        ? unwrap(api.POST('/api/user-management/agents/{id}/deactivate', { params: { path: { id } } }))
        : unwrap(api.POST('/api/user-management/agents/{id}/reactivate', { params: { path: { id } } })),
    onSuccess: settle,
  });
}

export function useNotificationSettingsQuery(id: number) {
  return useQuery({
    queryKey: peopleKeys.notificationSettings(id),
    queryFn: () => unwrap(api.GET('/api/user-management/agents/{id}/notification-settings', { params: { path: { id } } })),
  });
}

export function useSaveNotificationSettings(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: { kind: NotificationKind; enabled: boolean }[]) =>
      unwrap(api.PUT('/api/user-management/agents/{id}/notification-settings', { params: { path: { id } }, body: { settings } })),
    onSuccess: (saved) => client.setQueryData(peopleKeys.notificationSettings(id), saved),
  });
}

export function useCreateTeam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamCreate) => unwrap(api.POST('/api/user-management/teams', { body })),
    onSuccess: (team) => {
      client.setQueryData(peopleKeys.team(team.id), team);
      void client.invalidateQueries({ queryKey: peopleKeys.teams() });
      void client.invalidateQueries({ queryKey: peopleKeys.agents() });
    },
  });
}

export function useUpdateTeam(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamCreate) => unwrap(api.PUT('/api/user-management/teams/{id}', { params: { path: { id } }, body })),
    onSuccess: (team) => {
      client.setQueryData(peopleKeys.team(team.id), team);
      void client.invalidateQueries({ queryKey: peopleKeys.teams(), exact: true });
      void client.invalidateQueries({ queryKey: peopleKeys.agents() });
      // the signed-in agent may be among the members who joined or left
      void client.invalidateQueries({ queryKey: agentKeys.me() });
    },
  });
}

export function useDeleteTeam(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/user-management/teams/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      client.removeQueries({ queryKey: peopleKeys.team(id) });
      void client.invalidateQueries({ queryKey: peopleKeys.teams(), exact: true });
      void client.invalidateQueries({ queryKey: peopleKeys.agents() });
      void client.invalidateQueries({ queryKey: agentKeys.me() });
    },
  });
}
