// Query keys of transaction events: the data explorer's list pages (per filter set, all under
// lists()), one event and what is read beside it (its score explanation, its rule evaluations).
export const transactionKeys = {
  all: ['transactions'] as const,
  lists: () => [...transactionKeys.all, 'list'] as const,
  /** The filter object is the list's request without paging, opaque here. */
  list: (filters: object, page: number) => [...transactionKeys.lists(), { ...filters, page }] as const,
  details: () => [...transactionKeys.all, 'detail'] as const,
  detail: (id: number) => [...transactionKeys.details(), id] as const,
  shap: (id: number) => [...transactionKeys.all, 'shap', id] as const,
  evaluations: (externalId: string) => [...transactionKeys.all, 'evaluations', externalId] as const,
};
