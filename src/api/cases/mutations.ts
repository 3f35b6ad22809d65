// Case writes: rolling alerts into a new case (POST /api/cases; the alert list's bulk action and
// the case list's "New case") and adding alerts to a case (POST /api/cases/{id}/alerts). Both change
// the case lists, the alerts taken in (their case), their activity and the queues' open-case counts.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { components, paths } from '../../../openapi/schema';
import { alertKeys } from '../alerts/keys';
import { auditKeys } from '../audit/keys';
import { api, unwrap } from '../client';
import { queueKeys } from '../queues/keys';
import { caseKeys } from './keys';

export type CreateCaseBody = paths['/api/cases']['post']['requestBody']['content']['application/json'];
export type CreatedCase = components['schemas']['Case'];

export function createCase(body: CreateCaseBody): Promise<CreatedCase> {
  return unwrap(api.POST('/api/cases', { body }));
}

function refreshAlertsTakenIn(queryClient: QueryClient, alertIds: readonly number[]) {
  void queryClient.invalidateQueries({ queryKey: alertKeys.lists() });
  for (const id of alertIds) {
    void queryClient.invalidateQueries({ queryKey: alertKeys.detail(id) });
    void queryClient.invalidateQueries({ queryKey: auditKeys.list('ALERT', id) });
  }
}

/** Creates the case: the case lists, the alerts it takes in and the queues' counts are read again. */
export function useCreateCaseMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCase,
    onSuccess: (_created, body) => {
      refreshAlertsTakenIn(queryClient, body.alert_ids);
      return Promise.all([queryClient.invalidateQueries({ queryKey: caseKeys.lists() }), queryClient.invalidateQueries({ queryKey: queueKeys.list() })]);
    },
  });
}

/** Adds alerts (and their entities) to the case; the answer replaces the cached case. */
export function useAddCaseAlertsMutation(caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertIds: number[]) => unwrap(api.POST('/api/cases/{id}/alerts', { params: { path: { id: caseId } }, body: { alert_ids: alertIds } })),
    onSuccess: (updated, alertIds) => {
      queryClient.setQueryData(caseKeys.detail(caseId), updated);
      void queryClient.invalidateQueries({ queryKey: caseKeys.detail(caseId) });
      void queryClient.invalidateQueries({ queryKey: caseKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: auditKeys.list('CASE', caseId) });
      void queryClient.invalidateQueries({ queryKey: queueKeys.list() });
      refreshAlertsTakenIn(queryClient, alertIds);
    },
  });
}
