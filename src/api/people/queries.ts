// User management's reads of agents: the organisation's agents, one agent's profile and their
// notification settings.
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { peopleKeys } from './keys';

export type ManagedAgent = components['schemas']['ManagedAgent'];
export type NotificationSettings = components['schemas']['NotificationSettings'];
export type NotificationKind = components['schemas']['NotificationKind'];

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

export function useNotificationSettingsQuery(id: number) {
  return useQuery({
    queryKey: peopleKeys.notificationSettings(id),
    queryFn: () => unwrap(api.GET('/api/user-management/agents/{id}/notification-settings', { params: { path: { id } } })),
  });
}
