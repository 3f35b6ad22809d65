// A SAR's filing content (GET /api/sars/{id}/filing): what is filed, its status, the prefiling
// validation's problems, and what the agent may do with it now. Read again every second while a
// prefiling validation is pending or in process.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { filingKeys } from './keys';

export type SarFiling = components['schemas']['SarFiling'];
export type SarFilingInput = components['schemas']['SarFilingInput'];
export type SarSubject = components['schemas']['SarSubject'];
export type SarCategory = components['schemas']['SarCategory'];
export type FieldProblem = components['schemas']['FieldProblem'];

export const SAR_VALIDATION_POLL_MS = 1_000;

const validating = (status: string | undefined) => status === 'PREFILING_VALIDATION_PENDING' || status === 'PREFILING_VALIDATION_IN_PROCESS';

export function useSarFilingQuery(id: number) {
  return useQuery({
    queryKey: filingKeys.sar(id),
    queryFn: () => unwrap(api.GET('/api/sars/{id}/filing', { params: { path: { id } } })),
    refetchInterval: (query) => (validating(query.state.data?.status) ? SAR_VALIDATION_POLL_MS : false),
  });
}

export type Sar = components['schemas']['Sar'];

/** A SAR's summary with its case, comments, alerts and related SARs (GET /api/sars/{id}). */
export function useSarQuery(id: number) {
  return useQuery({
    queryKey: [...filingKeys.sar(id), 'summary'],
    queryFn: () => unwrap(api.GET('/api/sars/{id}', { params: { path: { id } } })),
    enabled: id > 0,
  });
}

/** The transactions a SAR reports, 100 at a time, oldest first. */
export const SAR_TRANSACTIONS_PAGE = 100;

export function useSarTransactionsQuery(id: number, offset: number) {
  return useQuery({
    queryKey: [...filingKeys.sar(id), 'transactions', offset],
    queryFn: () =>
      unwrap(
        api.POST('/api/txn-events/list', {
          body: {
            sar_ids: [id],
            direction: 'ANY',
            hide_placeholder: false,
            hide_spooled: false,
            limit: SAR_TRANSACTIONS_PAGE,
            offset,
            sort_column: 'event_time',
            sort_direction: 'ascending',
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}
