import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { agentKeys } from '../keys';

export type CurrentAgent = components['schemas']['CurrentAgent'];

export function fetchCurrentAgent(): Promise<CurrentAgent> {
  return unwrap(api.GET('/api/agents/me'));
}

/** The signed-in agent: permissions, feature flags, settings. Only runs with an access token. */
export function useCurrentAgentQuery(enabled: boolean) {
  return useQuery({
    queryKey: agentKeys.me(),
    queryFn: fetchCurrentAgent,
    enabled,
    staleTime: 5 * 60_000,
  });
}
