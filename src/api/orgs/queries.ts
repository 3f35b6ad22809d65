import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { orgKeys } from './keys';

export type Org = components['schemas']['Org'];
export type OrgSettings = components['schemas']['AgentSettings'];

export function fetchOrgs(): Promise<Org[]> {
  return unwrap(api.GET('/api/orgs/list')).then((r) => r.orgs);
}

/** Organisations the agent can switch to (account popover). */
export function useOrgsQuery(enabled: boolean) {
  return useQuery({ queryKey: orgKeys.list(), queryFn: fetchOrgs, enabled, staleTime: 60_000 });
}

/** The agents of an organisation (GET /api/orgs/{id}/agents), for the impersonation form. */
export function useOrgAgentsQuery(orgId: number | null) {
  return useQuery({
    queryKey: orgKeys.agents(orgId),
    queryFn: async () => (await unwrap(api.GET('/api/orgs/{id}/agents', { params: { path: { id: orgId! } } }))).agents,
    enabled: orgId !== null,
  });
}

/** The settings of the agent's organisation: the inactivity logout policy and the home route. */
export function useOrgSettingsQuery() {
  return useQuery({ queryKey: orgKeys.settings(), queryFn: () => unwrap(api.GET('/api/orgs/settings')) });
}
