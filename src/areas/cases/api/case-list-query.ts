// POST /api/cases/list: pages of the case list. The virtual table asks for the pages its visible
// rows fall in (src/ui/VirtualTable.paging.ts), so a long list is read a page at a time.
import type { components } from '../../../../openapi/schema';
import { api, unwrap } from '../../../api/client';
import { caseKeys } from '../../../api/keys';

/** The list's filters and order; paging is added per page. */
export type CaseListRequest = Omit<components['schemas']['CaseListRequest'], 'limit' | 'offset'>;
export type CaseListItem = components['schemas']['CaseListItem'];
export type CaseSortColumn = components['schemas']['CaseSortColumn'];
export type CaseStatus = components['schemas']['CaseStatus'];

/** Rows per request; the contract allows up to 200. */
export const CASE_PAGE_SIZE = 100;

export interface CaseListPage {
  count: number;
  cases: CaseListItem[];
}

export function fetchCaseList(body: components['schemas']['CaseListRequest']): Promise<CaseListPage> {
  return unwrap(api.POST('/api/cases/list', { body }));
}

/** One page of the list for a filter set, as a query the paged table observes. */
export function casePageQuery(request: CaseListRequest, page: number) {
  return {
    queryKey: caseKeys.list({ ...request, page }),
    queryFn: () => fetchCaseList({ ...request, limit: CASE_PAGE_SIZE, offset: page * CASE_PAGE_SIZE }),
    staleTime: 15_000,
  };
}
