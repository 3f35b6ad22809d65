// Rule reads (openapi/paths/rules.yaml): the list with its filters, one rule, its validation runs
// (followed while one is queued or in progress), versions, audited history and hits; and the rule
// specs of GET /api/detection-models/{id} that an alert's condition cards and explanations replay
// (rules change rarely while an alert is read); and a customer's rule silences.
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { ruleKeys, type RuleListFilters } from './keys';

export type { RuleListFilters };

// Each read's types stand beside it.
type S = components['schemas'];
export type Rule = S['Rule'];
export type RuleStatus = S['RuleStatus'];
export type RuleInput = S['RuleInput'];

const RULE_STALE_MS = 5 * 60_000;
/** How often a rule whose validation is queued or in progress is read again. */
export const RULE_VALIDATION_POLL_MS = 1000;
/** The list follows its rules' runs more calmly: a page of rules is a bigger read. */
export const RULE_LIST_POLL_MS = 5000;
/** Rules per call; an organisation has tens of rules, the contract allows 500 a page. */
export const RULE_LIST_LIMIT = 500;
export const RULE_HITS_PAGE = 50;

export type RuleValidation = S['RuleValidationSummary'];
export type RuleValidationStatus = RuleValidation['status'];
export type RuleValidationWindow = S['RuleValidationWindow'];

export const isRunPending = (run: Pick<RuleValidation, 'status'> | null | undefined) => run?.status === 'queued' || run?.status === 'in_progress';

export function useRulesQuery(filters: RuleListFilters) {
  return useQuery({
    queryKey: ruleKeys.list(filters),
    queryFn: () =>
      unwrap(
        api.GET('/api/rules', {
          params: {
            query: {
              status: filters.statuses.length ? filters.statuses : undefined,
              queue_id: filters.queueId ?? undefined,
              q: filters.q.trim() || undefined,
              limit: RULE_LIST_LIMIT,
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    // a validation under way moves on the server: the list follows it
    refetchInterval: (query) => (query.state.data?.rules.some((r) => isRunPending(r.last_validation)) ? RULE_LIST_POLL_MS : false),
  });
}

export function useRuleQuery(id: number) {
  return useQuery({
    queryKey: ruleKeys.detail(id),
    queryFn: () => unwrap(api.GET('/api/rules/{id}', { params: { path: { id } } })),
    refetchInterval: (query) => (isRunPending(query.state.data?.last_validation) ? RULE_VALIDATION_POLL_MS : false),
  });
}

/** The rule's runs, newest first; read again every second while the newest is queued or in progress. */
export function useRuleValidationsQuery(id: number) {
  return useQuery({
    queryKey: ruleKeys.validations(id),
    queryFn: async () => (await unwrap(api.GET('/api/rules/{id}/validations', { params: { path: { id } } }))).validations,
    refetchInterval: (query) => (query.state.data?.some(isRunPending) ? RULE_VALIDATION_POLL_MS : false),
  });
}

export type RuleVersion = S['RuleVersion'];

async function fetchRuleVersions(id: number): Promise<RuleVersion[]> {
  return (await unwrap(api.GET('/api/rules/{id}/versions', { params: { path: { id } } }))).versions;
}

export function useRuleVersionsQuery(id: number) {
  return useQuery({ queryKey: ruleKeys.versions(id), queryFn: () => fetchRuleVersions(id) });
}

/**
 * Every version of several rules, in the order asked (one query each, shared with
 * useRuleVersionsQuery): the specs an alert's hits are replayed against. A version never changes, so
 * they are kept as long as the detection models.
 */
export function useRuleVersionsQueries(ruleIds: readonly number[], enabled = true) {
  return useQueries({
    queries: ruleIds.map((id) => ({ queryKey: ruleKeys.versions(id), queryFn: () => fetchRuleVersions(id), staleTime: RULE_STALE_MS, enabled })),
  });
}

export type RuleHistoryEntry = S['RuleHistoryEntry'];

export function useRuleHistoryQuery(id: number) {
  return useQuery({
    queryKey: ruleKeys.history(id),
    queryFn: async () => (await unwrap(api.GET('/api/rules/{id}/history', { params: { path: { id } } }))).entries,
  });
}

export type RuleHit = S['RuleHit'];
export type RuleHitList = S['RuleHitList'];

/** One page of the rule's hits: its shadow results with shadow, else its live failures. */
export function useRuleHitsQuery(id: number, page: { shadow: boolean; offset: number; limit?: number }) {
  const key = { shadow: page.shadow, offset: page.offset, limit: page.limit ?? RULE_HITS_PAGE };
  return useQuery({
    queryKey: ruleKeys.hits(id, key),
    queryFn: () => unwrap(api.GET('/api/rules/{id}/hits', { params: { path: { id }, query: key } })),
    placeholderData: keepPreviousData,
  });
}

export type DetectionModel = S['DetectionModel'];

export function fetchDetectionModel(id: number): Promise<DetectionModel> {
  return unwrap(api.GET('/api/detection-models/{id}', { params: { path: { id } } }));
}

/** A rule's spec (its condition tree). */
export function useDetectionModelQuery(ruleId: number, enabled = true) {
  return useQuery({ queryKey: ruleKeys.detectionModel(ruleId), queryFn: () => fetchDetectionModel(ruleId), staleTime: RULE_STALE_MS, enabled });
}

/** The specs of several rules, in the order asked (one query each, shared with useDetectionModelQuery). */
export function useDetectionModelsQueries(ruleIds: readonly number[], enabled = true) {
  return useQueries({
    queries: ruleIds.map((id) => ({ queryKey: ruleKeys.detectionModel(id), queryFn: () => fetchDetectionModel(id), staleTime: RULE_STALE_MS, enabled })),
  });
}

export type RulesAdminRow = S['RulesAdminRow'];

/** Every organisation's rules with their health over 7 days (GET /api/rules-admin, internal staff); filtered in the page. */
export function useRulesAdminQuery() {
  return useQuery({
    queryKey: ruleKeys.admin(),
    queryFn: async () => (await unwrap(api.GET('/api/rules-admin'))).rules,
  });
}

export type RuleSilence = S['RuleSilence'];
export type RuleSilenceInput = S['RuleSilenceInput'];

/** The customer's rule silences, those in force first, then the newest (GET /api/entities/{id}/rule-silences). */
export function useRuleSilencesQuery(entityId: number, enabled = true) {
  return useQuery({
    queryKey: ruleKeys.silences(entityId),
    queryFn: async () => (await unwrap(api.GET('/api/entities/{id}/rule-silences', { params: { path: { id: entityId } } }))).silences,
    enabled: enabled && entityId > 0,
  });
}
