import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { fileExportKeys } from './keys';

type S = components['schemas'];

export type ExportRequest =
  | { list: 'alerts'; body: S['AlertExportRequest'] }
  | { list: 'cases'; body: S['CaseExportRequest'] }
  | { list: 'transactions'; body: S['TransactionExportRequest'] }
  | { list: 'action-events'; body: S['ActionEventExportRequest'] }
  | { list: 'rules'; body: S['RuleExportRequest'] }
  | { list: 'sar-filings'; body: S['SarFilingExportRequest'] }
  | { list: 'entities'; body: S['EntityExportRequest'] }
  | { list: 'instruments'; body: S['InstrumentExportRequest'] }
  | { list: 'rule-validations'; body: S['RuleValidationExportRequest'] }
  | { list: 'risk-ratings'; body: S['RiskRatingExportRequest'] };

function post(request: ExportRequest) {
  switch (request.list) {
    case 'alerts':
      return api.POST('/api/file-exports/alerts', { body: request.body });
    case 'cases':
      return api.POST('/api/file-exports/cases', { body: request.body });
    case 'transactions':
      return api.POST('/api/file-exports/transactions', { body: request.body });
    case 'action-events':
      return api.POST('/api/file-exports/action-events', { body: request.body });
    case 'rules':
      return api.POST('/api/file-exports/rules', { body: request.body });
    case 'sar-filings':
      return api.POST('/api/file-exports/sar-filings', { body: request.body });
    case 'entities':
      return api.POST('/api/file-exports/entities', { body: request.body });
    case 'instruments':
      return api.POST('/api/file-exports/instruments', { body: request.body });
    case 'rule-validations':
      return api.POST('/api/file-exports/rule-validations', { body: request.body });
    case 'risk-ratings':
      return api.POST('/api/file-exports/risk-ratings', { body: request.body });
  }
}

/** Asks for an export of a list with its filters and columns; the file exports list is refetched. */
export function useRequestExportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ExportRequest) => unwrap(post(request)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileExportKeys.lists() }),
  });
}

/** Cancels a requested or generating export. */
export function useCancelExportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.POST('/api/file-exports/{id}/cancel', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileExportKeys.lists() }),
  });
}
