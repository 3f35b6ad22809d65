// Rolling alerts into a case (POST /api/cases): used by the alert list's bulk action, the case
// list's "New case" flow and nowhere else, so it lives with the shared queries, not in an area.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components, paths } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { alertKeys, caseKeys, queueKeys } from '../keys';

export type AlertSummary = components['schemas']['AlertSummary'];
export type CreateCaseBody = paths['/api/cases']['post']['requestBody']['content']['application/json'];
export type CreatedCase = components['schemas']['Case'];

export function createCase(body: CreateCaseBody): Promise<CreatedCase> {
  return unwrap(api.POST('/api/cases', { body }));
}

/**
 * Creates the case. The new case changes the case lists, the alerts (their case), and the queue's
 * open-case count, so exactly those are refetched.
 */
export function useCreateCaseMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCase,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: caseKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: alertKeys.all }),
        queryClient.invalidateQueries({ queryKey: queueKeys.list() }),
      ]),
  });
}

/** The short shape of some alerts (title, queue), in the order asked; alerts not visible are left out. */
export async function fetchAlertSummaries(ids: readonly number[]): Promise<AlertSummary[]> {
  const body = await unwrap(api.POST('/api/investigations/retrieve/alert', { body: { short: true, object_type: 'ALERT', object_ids: [...ids] } }));
  return body.results as AlertSummary[];
}

export function useAlertSummariesQuery(ids: readonly number[], { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...alertKeys.all, 'summaries', [...ids]] as const,
    queryFn: () => fetchAlertSummaries(ids),
    enabled: enabled && ids.length > 0,
    staleTime: 10_000,
  });
}
