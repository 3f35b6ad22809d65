/** Rule specs (GET /api/detection-models/{id}), read by the alert's condition cards and explanations. */
export const ruleKeys = {
  all: ['rules'] as const,
  detail: (id: number) => [...ruleKeys.all, 'detail', id] as const,
};
