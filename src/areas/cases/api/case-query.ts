// One case with its linked objects (POST /api/investigations/retrieve/case, object_type CASE, or
// with cold storage on GET /api/cases/cached/{id} with its data_loader), and adding alerts to it
// (POST /api/cases/{id}/alerts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../openapi/schema';
import { api, ApiError, unwrap } from '../../../api/client';
import { useColdStorageEnabled } from '../../../api/cold-storage';
import { alertKeys, auditKeys, caseKeys, queueKeys } from '../../../api/keys';

export type Case = components['schemas']['Case'];

/**
 * The case, or null when the server does not answer it: retrieve leaves out ids the caller may not
 * see (another organisation, or a restricted queue they are not a member of), exactly as it leaves
 * out ids that do not exist, so the page cannot tell the two apart and does not try.
 */
export async function fetchCase(id: number): Promise<Case | null> {
  const body = await unwrap(api.POST('/api/investigations/retrieve/case', { body: { short: false, object_type: 'CASE', object_ids: [id] } }));
  const found = body.results[0];
  return found && 'alerts' in found ? found : null;
}

/** The case through the cold-storage cache; null when it is not the caller's to see (404). */
export async function fetchCachedCase(id: number): Promise<Case | null> {
  try {
    return await unwrap(api.GET('/api/cases/cached/{id}', { params: { path: { id } } }));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** Spec part 2, section 9: case cached data is stale after 1 s. */
export const CASE_STALE_MS = 1_000;

export function useCaseQuery(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  const cached = useColdStorageEnabled();
  return useQuery({
    queryKey: caseKeys.detail(id),
    queryFn: () => (cached ? fetchCachedCase(id) : fetchCase(id)),
    staleTime: CASE_STALE_MS,
    enabled: enabled && Number.isInteger(id) && id > 0,
  });
}

/** Adds alerts (and their entities) to the case; the case, the lists, the alerts and queue counts change. */
export function useAddCaseAlertsMutation(caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertIds: number[]) => unwrap(api.POST('/api/cases/{id}/alerts', { params: { path: { id: caseId } }, body: { alert_ids: alertIds } })),
    onSuccess: (updated) => {
      queryClient.setQueryData(caseKeys.detail(caseId), updated);
      void queryClient.invalidateQueries({ queryKey: caseKeys.detail(caseId) });
      void queryClient.invalidateQueries({ queryKey: caseKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: alertKeys.all });
      void queryClient.invalidateQueries({ queryKey: queueKeys.list() });
      void queryClient.invalidateQueries({ queryKey: auditKeys.list('CASE', caseId) });
    },
  });
}
