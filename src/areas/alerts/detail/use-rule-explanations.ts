// Each rule of an alert, its spec (GET /api/detection-models/{id}, needs read_rules) and its
// condition tree replayed against the alert's snapshots. The condition cards and the explanation
// dialog read the same answers.
import { useDetectionModelsQueries } from '../../../api/rules/queries';
import { useAgent } from '../../../app/auth/auth-context';
import { hasPermission } from '../../../lib/permissions';
import { explainRule, type RuleEvaluation } from '../../../../core/rule-conditions';
import type { Alert } from '../../../api/alerts/queries';

export type RuleExplanation = { rule: Alert['rules'][number] } & ({ state: 'loading' } | { state: 'load-error'; retry: () => void } | RuleEvaluation);

export interface RuleExplanations {
  /** The agent may not read rules: their conditions cannot be shown. */
  forbidden: boolean;
  rules: RuleExplanation[];
}

export function useRuleExplanations(alert: Pick<Alert, 'rules' | 'variable_snapshots'>): RuleExplanations {
  const agent = useAgent();
  const allowed = hasPermission(agent, 'read_rules');
  const specs = useDetectionModelsQueries(
    alert.rules.map((rule) => rule.id),
    allowed,
  );
  return {
    forbidden: !allowed,
    rules: alert.rules.map((rule, i): RuleExplanation => {
      const spec = specs[i];
      if (spec.isError) return { rule, state: 'load-error', retry: () => void spec.refetch() };
      if (!spec.data) return { rule, state: 'loading' };
      return { rule, ...explainRule(spec.data.spec, alert.variable_snapshots) };
    }),
  };
}

/** Spec part 2, section 8 ("Alert dialog"). */
export const EVALUATION_ERROR = 'Error evaluating rule condition';
export const NO_SNAPSHOTS = 'Rule conditions are unavailable because this alert has no snapshots.';
export const RULES_FORBIDDEN = "Rule conditions are hidden: you don't have permission to read rules.";
export const RULE_LOAD_ERROR = 'The rule could not be loaded.';
