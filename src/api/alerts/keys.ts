// Query keys of alerts. The list screen reads pages per filter set (every page of every filter set
// is under lists()); the detail page and the panel read one alert, and every read of one alert (its
// linked lists, hits, dispositions, PDF) is under detail(id), so a change to the alert refreshes its
// tabs too. Assignment, queue moves and status changes invalidate lists() and the alert's detail.
export const alertKeys = {
  all: ['alerts'] as const,
  lists: () => [...alertKeys.all, 'list'] as const,
  /** The filter object is the list's request (or a picker's), opaque here. */
  list: (filters: object) => [...alertKeys.lists(), filters] as const,
  details: () => [...alertKeys.all, 'detail'] as const,
  detail: (id: number) => [...alertKeys.details(), id] as const,
  transactions: (id: number, offset: number) => [...alertKeys.detail(id), 'transactions', offset] as const,
  entities: (id: number, offset: number) => [...alertKeys.detail(id), 'entities', offset] as const,
  actionEvents: (id: number, offset: number) => [...alertKeys.detail(id), 'action-events', offset] as const,
  instruments: (id: number, offset: number) => [...alertKeys.detail(id), 'instruments', offset] as const,
  hits: (id: number, offset: number) => [...alertKeys.detail(id), 'hits', offset] as const,
  dispositions: (id: number) => [...alertKeys.detail(id), 'dispositions'] as const,
  pdf: (id: number) => [...alertKeys.detail(id), 'pdf'] as const,
  /** The short shape of some alerts (title, queue), as the create-case dialog shows them. */
  summaries: (ids: readonly number[]) => [...alertKeys.details(), 'summaries', [...ids]] as const,
  /** The rules the list's rule filter offers (GET /api/alerts/rules). */
  rules: () => [...alertKeys.all, 'rules'] as const,
};
