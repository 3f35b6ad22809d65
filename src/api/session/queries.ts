// The session's reads: the signed-in agent (permissions, feature flags, settings).
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { agentKeys } from '../agents/keys';
import { api, unwrap } from '../client';

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

/**
 * Whether detail reads use the cached (cold-storage) calls: the organisation's cold_storage flag on
 * the signed-in agent. It only watches the agent the session keeps loaded (never fetches it), so a
 * query hook may also run where no agent is signed in (tests of a single view): then it is off.
 */
export function useColdStorageEnabled(): boolean {
  const flag = useQuery({
    queryKey: agentKeys.me(),
    queryFn: fetchCurrentAgent,
    enabled: false,
    select: (agent: CurrentAgent) => agent.feature_flags.includes('cold_storage'),
  });
  return flag.data ?? false;
}
