// Rule specs (GET /api/detection-models/{id}): an alert's condition cards and explanations replay
// a rule's condition tree against the alert. Rules change rarely while an alert is read.
import { useQueries, useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { ruleKeys } from './keys';

export type DetectionModel = components['schemas']['DetectionModel'];

const RULE_STALE_MS = 5 * 60_000;

export function fetchDetectionModel(id: number): Promise<DetectionModel> {
  return unwrap(api.GET('/api/detection-models/{id}', { params: { path: { id } } }));
}

/** A rule's spec (its condition tree). */
export function useDetectionModelQuery(ruleId: number, enabled = true) {
  return useQuery({ queryKey: ruleKeys.detail(ruleId), queryFn: () => fetchDetectionModel(ruleId), staleTime: RULE_STALE_MS, enabled });
}

/** The specs of several rules, in the order asked (one query each, shared with useDetectionModelQuery). */
export function useDetectionModelsQueries(ruleIds: readonly number[], enabled = true) {
  return useQueries({
    queries: ruleIds.map((id) => ({ queryKey: ruleKeys.detail(id), queryFn: () => fetchDetectionModel(id), staleTime: RULE_STALE_MS, enabled })),
  });
}
