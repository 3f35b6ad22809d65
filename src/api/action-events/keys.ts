// Query keys of action events: the data explorer's list pages (per filter set, all under lists()),
// one event and its device signals.
export const actionEventKeys = {
  all: ['action-events'] as const,
  lists: () => [...actionEventKeys.all, 'list'] as const,
  /** The filter object is the list's request without paging, opaque here. */
  list: (filters: object, page: number) => [...actionEventKeys.lists(), { ...filters, page }] as const,
  details: () => [...actionEventKeys.all, 'detail'] as const,
  detail: (id: number) => [...actionEventKeys.details(), id] as const,
  signals: (id: number) => [...actionEventKeys.all, 'device-signals', id] as const,
};
