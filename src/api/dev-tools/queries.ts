// The developer tools' reads (openapi/paths/dev-tools.yaml).
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { devToolsKeys } from './keys';

export type FeatureFlagList = components['schemas']['FeatureFlagList'];
export type PermissionAudit = components['schemas']['PermissionAudit'];
export type AuditedAgent = components['schemas']['AuditedAgent'];
export type AuditedOperation = components['schemas']['AuditedOperation'];

export function useFeatureFlagsQuery(orgId: number | null) {
  return useQuery({
    queryKey: devToolsKeys.flags(orgId ?? 0),
    queryFn: () => unwrap(api.GET('/api/dev-tools/feature-flags', { params: { query: { org_id: orgId! } } })),
    enabled: orgId !== null,
  });
}

export function usePermissionAuditQuery(orgId: number | null) {
  return useQuery({
    queryKey: devToolsKeys.audit(orgId ?? 0),
    queryFn: () => unwrap(api.GET('/api/dev-tools/permission-audit', { params: { query: { org_id: orgId! } } })),
    enabled: orgId !== null,
    staleTime: 30_000,
  });
}
