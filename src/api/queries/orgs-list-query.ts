import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { orgKeys } from '../keys';

export type Org = components['schemas']['Org'];

export function fetchOrgs(): Promise<Org[]> {
  return unwrap(api.GET('/api/orgs/list')).then((r) => r.orgs);
}

/** Organisations the agent can switch to (account popover). */
export function useOrgsQuery(enabled: boolean) {
  return useQuery({ queryKey: orgKeys.list(), queryFn: fetchOrgs, enabled, staleTime: 60_000 });
}
