// The developer tools' calls (openapi/paths/dev-tools.yaml) and their query keys.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../../api/client';
import { agentKeys } from '../../api/keys';

export type FeatureFlagList = components['schemas']['FeatureFlagList'];
export type PermissionAudit = components['schemas']['PermissionAudit'];
export type AuditedAgent = components['schemas']['AuditedAgent'];
export type AuditedOperation = components['schemas']['AuditedOperation'];

export const devToolsKeys = {
  all: ['dev-tools'] as const,
  flags: (orgId: number) => [...devToolsKeys.all, 'flags', orgId] as const,
  audit: (orgId: number) => [...devToolsKeys.all, 'audit', orgId] as const,
};

export function useFeatureFlags(orgId: number | null) {
  return useQuery({
    queryKey: devToolsKeys.flags(orgId ?? 0),
    queryFn: () => unwrap(api.GET('/api/dev-tools/feature-flags', { params: { query: { org_id: orgId! } } })),
    enabled: orgId !== null,
  });
}

/**
 * Turns a flag on or off. The answer replaces the organisation's list; when the organisation is the
 * one the console works in, the agent is refetched so guards and flag-driven screens follow at once.
 */
export function useSetFeatureFlag(currentOrgId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: components['schemas']['FeatureFlagUpdate']) => unwrap(api.PUT('/api/dev-tools/feature-flags', { body })),
    onSuccess: async (list) => {
      client.setQueryData(devToolsKeys.flags(list.org_id), list);
      void client.invalidateQueries({ queryKey: devToolsKeys.audit(list.org_id) });
      if (list.org_id === currentOrgId) await client.invalidateQueries({ queryKey: agentKeys.me() });
    },
  });
}

export function usePermissionAudit(orgId: number | null) {
  return useQuery({
    queryKey: devToolsKeys.audit(orgId ?? 0),
    queryFn: () => unwrap(api.GET('/api/dev-tools/permission-audit', { params: { query: { org_id: orgId! } } })),
    enabled: orgId !== null,
    staleTime: 30_000,
  });
}
