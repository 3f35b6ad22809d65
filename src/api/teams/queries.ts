import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { teamKeys } from './keys';

export type Team = components['schemas']['Team'];

/**
 * The organisation's teams by name: user management's list and the pickers that grant something to
 * a team (read access to a censored data setting) read the same cache.
 */
export function useTeamsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: teamKeys.lists(),
    queryFn: async () => (await unwrap(api.GET('/api/user-management/teams'))).teams,
    staleTime: 30_000,
    enabled,
  });
}

export function useTeamQuery(id: number) {
  return useQuery({
    queryKey: teamKeys.detail(id),
    queryFn: () => unwrap(api.GET('/api/user-management/teams/{id}', { params: { path: { id } } })),
    staleTime: 30_000,
  });
}
