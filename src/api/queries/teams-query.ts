import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { teamKeys } from '../keys';

export type Team = components['schemas']['Team'];

/**
 * The organisation's teams by name, for pickers that grant something to a team (read access to a
 * censored data setting). Teams change rarely: kept fresh for a few minutes across the page.
 */
export function useTeamsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: teamKeys.list(),
    queryFn: async () => (await unwrap(api.GET('/api/user-management/teams'))).teams,
    staleTime: 5 * 60_000,
    enabled,
  });
}
