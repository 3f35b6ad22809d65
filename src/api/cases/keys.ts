// Query keys of cases. The list screen reads pages per filter set; the detail page and the case
// panel read one case (POST /api/investigations/retrieve/case). Assignment, queue moves, deadline,
// status, tag, comment and alert changes invalidate caseKeys.detail(id) and caseKeys.lists().
export const caseKeys = {
  all: ['cases'] as const,
  lists: () => [...caseKeys.all, 'list'] as const,
  /** The filter object is the list's request, opaque here. */
  list: (filters: object) => [...caseKeys.lists(), filters] as const,
  details: () => [...caseKeys.all, 'detail'] as const,
  detail: (id: number) => [...caseKeys.details(), id] as const,
  pdf: (id: number) => [...caseKeys.all, 'pdf', id] as const,
};
