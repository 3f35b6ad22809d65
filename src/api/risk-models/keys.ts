// Query keys of the risk models (openapi/paths/risk.yaml): the list and one model. Lifecycle calls
// invalidate the list and the one model.
export const riskModelKeys = {
  all: ['risk-models'] as const,
  list: () => [...riskModelKeys.all, 'list'] as const,
  detail: (id: number) => [...riskModelKeys.all, 'detail', id] as const,
};
