// Each rule of an alert and its condition tree replayed against the alert's newest hit of that rule,
// with the spec of the rule version that produced the hit (alert.hit_rules; GET /api/rules/{id}/versions,
// needs read_rules), so editing a live rule does not change how its old hits read. A hit recorded
// without its rule is paired with the rule by its variables and replayed against the rule's current
// spec (GET /api/detection-models/{id}). The condition cards and the explanation dialog read the same
// answers.
import { useDetectionModelsQueries, useRuleVersionsQueries } from '../../../api/rules/queries';
import { useAgent } from '../../../app/auth/auth-context';
import { hasPermission } from '../../../lib/permissions';
import { explainRule, newestHitOf, type RuleEvaluation } from '../../../../core/rule-conditions';
import type { Alert } from '../../../api/alerts/queries';

export type RuleExplanation = {
  rule: Alert['rules'][number];
  /** The version of the rule's spec the hit is replayed against; null when the hit did not record it (the current spec). */
  version: number | null;
} & ({ state: 'loading' } | { state: 'load-error'; retry: () => void } | RuleEvaluation);

export interface RuleExplanations {
  /** The agent may not read rules: their conditions cannot be shown. */
  forbidden: boolean;
  rules: RuleExplanation[];
}

export function useRuleExplanations(alert: Pick<Alert, 'rules' | 'variable_snapshots'> & Partial<Pick<Alert, 'hit_rules'>>): RuleExplanations {
  const agent = useAgent();
  const allowed = hasPermission(agent, 'read_rules');
  const hits = alert.rules.map((rule) => newestHitOf(rule.id, alert.variable_snapshots, alert.hit_rules ?? []));
  const versioned = alert.rules.filter((_, i) => hits[i]?.version != null).map((r) => r.id);
  const current = alert.rules.filter((_, i) => hits[i]?.version == null).map((r) => r.id);
  const versions = useRuleVersionsQueries(versioned, allowed);
  const specs = useDetectionModelsQueries(current, allowed);
  return {
    forbidden: !allowed,
    rules: alert.rules.map((rule, i): RuleExplanation => {
      const hit = hits[i];
      const version = hit?.version ?? null;
      const snapshots = hit ? [hit.snapshot] : alert.variable_snapshots;
      if (version !== null) {
        const q = versions[versioned.indexOf(rule.id)];
        if (q.isError) return { rule, version, state: 'load-error', retry: () => void q.refetch() };
        if (!q.data) return { rule, version, state: 'loading' };
        const spec = q.data.find((v) => v.version === version)?.spec;
        if (!spec) return { rule, version, state: 'error', message: `Version ${version} of the rule is not kept` };
        return { rule, version, ...explainRule(spec, snapshots) };
      }
      const q = specs[current.indexOf(rule.id)];
      if (q.isError) return { rule, version, state: 'load-error', retry: () => void q.refetch() };
      if (!q.data) return { rule, version, state: 'loading' };
      return { rule, version, ...explainRule(q.data.spec, snapshots) };
    }),
  };
}

/** Spec part 2, section 8 ("Alert dialog"). */
export const EVALUATION_ERROR = 'Error evaluating rule condition';
export const NO_SNAPSHOTS = 'Rule conditions are unavailable because this alert has no snapshots.';
export const RULES_FORBIDDEN = "Rule conditions are hidden: you don't have permission to read rules.";
export const RULE_LOAD_ERROR = 'The rule could not be loaded.';
