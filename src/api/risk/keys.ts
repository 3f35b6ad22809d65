// Query keys of the risk reads every screen shares: the active risk model and entities' latest
// scores. Screens that change which model is active invalidate riskKeys.all, so thresholds and
// scores are read again.
export const riskKeys = {
  all: ['risk'] as const,
  activeModel: () => [...riskKeys.all, 'active-model'] as const,
  scores: () => [...riskKeys.all, 'score'] as const,
  score: (externalId: string) => [...riskKeys.scores(), externalId] as const,
};
