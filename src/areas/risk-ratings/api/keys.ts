// Query keys of the risk ratings area: the model list, one model, and the data settings the editor
// offers to metrics and segment filters. Lifecycle calls invalidate the list and the one model.

export const riskModelKeys = {
  all: ['risk-models'] as const,
  list: () => [...riskModelKeys.all, 'list'] as const,
  detail: (id: number) => [...riskModelKeys.all, 'detail', id] as const,
  /** the organisation's data settings, as the editor's pickers read them */
  dataSettings: () => [...riskModelKeys.all, 'data-settings'] as const,
};
