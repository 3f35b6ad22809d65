import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components, paths } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { auditKeys } from './keys';

export type AuditEntry = components['schemas']['AuditEntry'];
export type AuditObjectType = components['schemas']['InvestigationObjectType'];
export type AuditLogPage = components['schemas']['AuditLogPage'];
export type AuditLogQuery = NonNullable<paths['/api/audit-log/entries']['get']['parameters']['query']>;

export async function fetchAuditEntries(objectType: AuditObjectType, objectId: number): Promise<AuditEntry[]> {
  const body = await unwrap(api.GET('/api/audit-log', { params: { query: { object_type: objectType, object_id: objectId } } }));
  return body.entries;
}

/** The recorded changes of an alert or case, newest first (the server caps them at 200). */
export function useAuditQuery(objectType: AuditObjectType, objectId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: auditKeys.list(objectType, objectId),
    queryFn: () => fetchAuditEntries(objectType, objectId),
    enabled,
  });
}

/** One page of the organisation's audit log; the previous page stays on screen while the next loads. */
export function useAuditLogEntriesQuery(query: AuditLogQuery) {
  return useQuery({
    queryKey: auditKeys.entries(query),
    queryFn: () => unwrap(api.GET('/api/audit-log/entries', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}
