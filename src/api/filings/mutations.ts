// SAR writes, one per operation: write a SAR from a case, save it, send it to review, submit it,
// archive it. The SAR the server answers replaces its cached filing; the case it was written from
// is read again.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import { caseKeys } from '../cases/keys';
import { filingKeys } from './keys';
import type { SarFiling, SarFilingInput } from './queries';

function store(client: QueryClient, sar: SarFiling) {
  client.setQueryData(filingKeys.sar(sar.id), sar);
  return Promise.all([client.invalidateQueries({ queryKey: caseKeys.all })]);
}

export function useCreateSarMutation(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/cases/{id}/sars', { params: { path: { id: caseId } }, body: {} })),
    onSuccess: (sar) => store(client, sar),
  });
}

export function useUpdateSarFilingMutation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SarFilingInput) => unwrap(api.PUT('/api/sars/{id}/filing', { params: { path: { id } }, body })),
    onSuccess: (sar) => store(client, sar),
  });
}

export type SarStatusAction = 'review' | 'submit' | 'archive';

export function useSetSarStatusMutation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: SarStatusAction) => unwrap(api.POST('/api/sars/{id}/status', { params: { path: { id } }, body: { action } })),
    onSuccess: (sar) => store(client, sar),
  });
}
