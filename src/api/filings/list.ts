// The Filings list (POST /api/filings/grouped with include_filings): a page of batches of one
// report type with their SARs (or FINTRAC reports), and those not yet in a batch; one batch for the filings batch
// panel; and a batch's file (GET /api/filings/batch/{id}/download: 201 the file, 202 pending).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { filingKeys } from './keys';

export type ReportType = components['schemas']['ReportType'];
export type FilingBatch = components['schemas']['FilingBatch'];
export type SarFilingRow = components['schemas']['SarFilingRow'];
export type SarStatus = components['schemas']['SarStatus'];
export type FintracStatus = components['schemas']['FintracStatus'];
/** A status the list filters by: a SAR's, or a FINTRAC report's when the report type is FINTRAC. */
export type FilingStatus = SarStatus | FintracStatus;

export interface FilingListFilters {
  reportType: ReportType;
  statuses: FilingStatus[];
  queueId: number | null;
  reviewerId: number | null;
  /** ISO instants: from included, to excluded */
  createdFrom: string | null;
  createdTo: string | null;
}

/** Batches on a page of the Filings list. */
export const FILING_BATCHES_PAGE = 10;

const listKey = (f: FilingListFilters, page: number) => [...filingKeys.all, 'grouped', f, page] as const;

export function useGroupedFilingsQuery(filters: FilingListFilters, page: number) {
  return useQuery({
    queryKey: listKey(filters, page),
    queryFn: () =>
      unwrap(
        api.POST('/api/filings/grouped', {
          body: {
            report_type: filters.reportType,
            include_filings: true,
            limit: FILING_BATCHES_PAGE,
            offset: page * FILING_BATCHES_PAGE,
            filters: {
              statuses: filters.statuses,
              queue_id: filters.queueId,
              reviewer_id: filters.reviewerId,
              created_from: filters.createdFrom,
              created_to: filters.createdTo,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** One batch by id, whatever its report type: each type the agent may read is asked for it. */
export function useFilingBatchQuery(id: number, types: readonly ReportType[]) {
  return useQuery({
    queryKey: [...filingKeys.all, 'batch', id, types] as const,
    queryFn: async (): Promise<FilingBatch | null> => {
      const found = await Promise.all(
        types.map((report_type) => unwrap(api.POST('/api/filings/grouped', { body: { report_type, limit: 1, filters: { batch_id: id } } }))),
      );
      return found.flatMap((f) => f.batches)[0] ?? null;
    },
    enabled: id > 0 && types.length > 0,
  });
}

export type BatchDownloadOutcome = 'saved' | 'pending' | 'failed';

const FILE_NAME = /filename="([^"]+)"/;

/** Saves the batch's file (201), or says it is still being generated (202); anything else failed. */
export async function downloadFilingBatch(id: number): Promise<BatchDownloadOutcome> {
  let answer: { data?: unknown; response: Response };
  try {
    answer = await api.GET('/api/filings/batch/{id}/download', { params: { path: { id } }, parseAs: 'blob' });
  } catch {
    return 'failed';
  }
  const { data, response } = answer;
  if (response.status === 202) return 'pending';
  if (response.status !== 201 || !data) return 'failed';
  const name = FILE_NAME.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `CtrBatch${id}.xml`;
  const url = URL.createObjectURL(data as Blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // the browser has taken the file once click() returns; a moment later the URL can go
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return 'saved';
}
