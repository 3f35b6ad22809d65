// The condition cards of an alert: one per rule, showing the rule's condition tree with each
// node's evaluation result and the snapshot values of the alert's hit, as the version of the rule
// that produced the hit reads (named on the card).
import { Link } from 'wouter';
import { useAgent } from '../../../app/auth/auth-context';
import { hasPermission } from '../../../lib/permissions';
import { LoadingState } from '../../../ui/LoadingState';
import { textLink } from '../../../ui/recipes';
import { ConditionTree, ResultPill } from './ConditionTree';
import * as s from './conditions.styles';
import { EVALUATION_ERROR, NO_SNAPSHOTS, RULE_LOAD_ERROR, RULES_FORBIDDEN, type RuleExplanation, type RuleExplanations } from './use-rule-explanations';

function CardBody({ explanation }: { explanation: RuleExplanation }) {
  switch (explanation.state) {
    case 'loading':
      return <LoadingState label="Loading the rule" />;
    case 'load-error':
      return (
        <p className={s.cardError} role="alert">
          {RULE_LOAD_ERROR}{' '}
          <button type="button" className={textLink()} onClick={explanation.retry}>
            Retry
          </button>
        </p>
      );
    case 'no-snapshots':
      return <p className={s.cardNote}>{NO_SNAPSHOTS}</p>;
    case 'error':
      return (
        <p className={s.cardError} title={explanation.message}>
          {EVALUATION_ERROR}
        </p>
      );
    case 'evaluated':
      return <ConditionTree tree={explanation.tree} />;
  }
}

export function ConditionCards({ explanations }: { explanations: RuleExplanations }) {
  const agent = useAgent();
  if (explanations.rules.length === 0) return <p className={s.cardNote}>This alert was not raised by a rule, so it has no rule conditions.</p>;
  if (explanations.forbidden) return <p className={s.cardNote}>{RULES_FORBIDDEN}</p>;
  const linkRules = hasPermission(agent, 'read_rules');
  return (
    <div className={s.cards}>
      {explanations.rules.map((e) => (
        <article key={e.rule.id} className={s.card} aria-label={`Condition card: ${e.rule.title}`}>
          <header className={s.cardHeader}>
            <h3 className={s.cardTitle}>
              {linkRules ? (
                <Link href={`/rules/${e.rule.id}`} className={textLink()}>
                  {e.rule.title}
                </Link>
              ) : (
                e.rule.title
              )}
            </h3>
            {e.version !== null ? <span className={s.cardVersion} title="The version of the rule that produced the hit">{`Version ${e.version}`}</span> : null}
            {e.state === 'evaluated' ? <ResultPill value={e.tree.evaluation_result} /> : null}
          </header>
          <div className={s.cardBody}>
            <CardBody explanation={e} />
          </div>
        </article>
      ))}
    </div>
  );
}
