import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { agentKeys } from './keys';

export type AgentOption = components['schemas']['AgentOption'];

/** Agent id meaning "nobody": the assignee pickers offer it as "Unassigned" (spec: agent_id -1 unassigns). */
export const UNASSIGNED_AGENT_ID = -1;

export async function fetchAgents(includeInactive = false): Promise<AgentOption[]> {
  const body = await unwrap(api.GET('/api/agents', { params: { query: { include_inactive: includeInactive } } }));
  return body.agents;
}

/**
 * The organisation's agents by name, for assignee pickers and @mentions. Agents change rarely, so
 * the list is kept fresh for a few minutes across every picker on the page.
 */
export function useAgentsQuery({ includeInactive = false, enabled = true }: { includeInactive?: boolean; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: agentKeys.list(includeInactive),
    queryFn: () => fetchAgents(includeInactive),
    staleTime: 5 * 60_000,
    enabled,
  });
}
