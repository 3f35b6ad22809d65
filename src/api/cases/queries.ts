// Case reads: pages of the case list (POST /api/cases/list), one case with its linked objects
// (POST /api/investigations/retrieve/case, or with cold storage on GET /api/cases/cached/{id} with
// its data_loader) and its PDF.
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { ApiError } from '../errors';
import { listPageQuery, useRecordQuery, type ListPage } from '../reads';
import { caseKeys } from './keys';

export type Case = components['schemas']['Case'];
/** The list's filters and order; paging is added per page. */
export type CaseListRequest = Omit<components['schemas']['CaseListRequest'], 'limit' | 'offset'>;
export type CaseListItem = components['schemas']['CaseListItem'];
export type CaseSortColumn = components['schemas']['CaseSortColumn'];
export type CaseStatus = components['schemas']['CaseStatus'];

/** Rows per request; the contract allows up to 200. */
export const CASE_PAGE_SIZE = 100;
/** Spec part 2, section 9: case cached data is stale after 1 s. */
export const CASE_STALE_MS = 1_000;

export type CaseListPage = ListPage<'cases', CaseListItem>;

export function fetchCaseList(body: components['schemas']['CaseListRequest']): Promise<CaseListPage> {
  return unwrap(api.POST('/api/cases/list', { body }));
}

/** One page of the list for a filter set, as a query the paged table observes. */
export function casePageQuery(request: CaseListRequest, page: number) {
  return listPageQuery(caseKeys.list({ ...request, page }), { index: page, size: CASE_PAGE_SIZE, staleTime: 15_000 }, (range) =>
    fetchCaseList({ ...request, ...range }),
  );
}

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

export function useCaseQuery(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useRecordQuery(
    caseKeys.detail(id),
    { live: () => fetchCase(id), cached: () => fetchCachedCase(id) },
    { staleTime: CASE_STALE_MS, enabled: enabled && Number.isInteger(id) && id > 0 },
  );
}

export async function fetchCasePdf(id: number): Promise<Blob> {
  // The contract types the body as a string; the client hands back what parseAs asks for.
  const body: unknown = await unwrap(api.GET('/api/cases/{id}/pdf', { params: { path: { id } }, parseAs: 'blob' }));
  if (!(body instanceof Blob)) throw new Error('The PDF did not arrive as a file');
  return body;
}

/** The PDF is generated on each request; it is kept only while the page shows it. */
export function useCasePdfQuery(id: number) {
  return useQuery({ queryKey: caseKeys.pdf(id), queryFn: () => fetchCasePdf(id), staleTime: 0, gcTime: 0, retry: false });
}
