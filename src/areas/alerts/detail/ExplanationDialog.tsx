// "Why did this alert flag?": each rule's verdict in words and the conditions behind it, read from
// the alert's snapshots. "Error evaluating rule condition" when a tree cannot be replayed; the
// conditions are unavailable when the alert has no snapshots (spec part 2, section 8).
import { Dialog } from '@ark-ui/react/dialog';
import { css } from '../../../../styled-system/css';
import { operatorText, valueText, type EvaluatedLeaf, type EvaluatedNode } from '../../../../core/rule-conditions';
import * as d from '../../../ui/dialog.styles';
import { LoadingState } from '../../../ui/LoadingState';
import { button } from '../../../ui/recipes';
import { ResultPill } from './ConditionTree';
import * as s from './conditions.styles';
import { EVALUATION_ERROR, NO_SNAPSHOTS, RULE_LOAD_ERROR, RULES_FORBIDDEN, type RuleExplanation, type RuleExplanations } from './use-rule-explanations';
import { Modal } from '../../../ui/Modal';

const ruleBlock = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  pb: '3',
  layerStyle: 'ruleBelow',
  _last: { borderBottomWidth: '0', pb: '0' },
});
const ruleTitle = css({ fontSize: 'md', fontWeight: 'semibold', m: '0', display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' });
const reasons = css({ m: '0', pl: '5', listStyle: 'disc', display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm', lineHeight: '1.5' });

function leaves(node: EvaluatedNode): EvaluatedLeaf[] {
  return node.type === 'leaf' ? [node] : node.operands.flatMap(leaves);
}

/** "Cash deposits in 7 days was 4, which is ≥ 3." */
export function leafSentence(leaf: EvaluatedLeaf): string {
  const [subject, ...rest] = leaf.operands;
  const name = subject?.label ?? subject?.variable ?? 'The value';
  const bound = rest.map((o) => (o.variable ? (o.label ?? o.variable) : valueText(o.value))).join(leaf.operator === 'between' ? ' and ' : ', ');
  return `${name} was ${valueText(subject?.value)}, which ${leaf.evaluation_result ? 'is' : 'is not'} ${operatorText(leaf.operator)} ${bound}.`;
}

function Verdict({ explanation }: { explanation: RuleExplanation }) {
  switch (explanation.state) {
    case 'loading':
      return <LoadingState label="Loading the rule" />;
    case 'load-error':
      return <p className={s.cardError}>{RULE_LOAD_ERROR}</p>;
    case 'no-snapshots':
      return <p className={s.cardNote}>{NO_SNAPSHOTS}</p>;
    case 'error':
      return (
        <p className={s.cardError} role="alert">
          {EVALUATION_ERROR}
        </p>
      );
    case 'evaluated': {
      const { tree } = explanation;
      const how = tree.type === 'composite' ? (tree.operator === 'AND' ? 'all of its conditions' : 'at least one of its conditions') : 'its condition';
      return (
        <>
          <p className={s.cardNote}>
            {tree.evaluation_result
              ? `This rule flagged the alert because ${how} held for the alert's latest hit:`
              : `On the alert's latest hit ${how} did not hold:`}
          </p>
          <ul className={reasons}>
            {leaves(tree).map((leaf, i) => (
              <li key={i}>{leafSentence(leaf)}</li>
            ))}
          </ul>
        </>
      );
    }
  }
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  explanations: RuleExplanations;
  /** The alert has no snapshots at all: its conditions cannot be replayed. */
  hasSnapshots: boolean;
}

export function ExplanationDialog({ open, onOpenChange, explanations, hasSnapshots }: Props) {
  return (
    <Modal open={open} onClose={() => onOpenChange(false)} wide title="Why did this alert flag?">
      {!hasSnapshots ? (
        <Dialog.Description className={d.description}>{NO_SNAPSHOTS}</Dialog.Description>
      ) : explanations.forbidden ? (
        <Dialog.Description className={d.description}>{RULES_FORBIDDEN}</Dialog.Description>
      ) : explanations.rules.length === 0 ? (
        <Dialog.Description className={d.description}>This alert was not raised by a rule.</Dialog.Description>
      ) : (
        explanations.rules.map((e) => (
          <section key={e.rule.id} className={ruleBlock} aria-label={e.rule.title}>
            <h3 className={ruleTitle}>
              {e.rule.title}
              {e.state === 'evaluated' ? <ResultPill value={e.tree.evaluation_result} /> : null}
            </h3>
            <Verdict explanation={e} />
          </section>
        ))
      )}
      <div className={d.actions}>
        <Dialog.CloseTrigger className={button({ variant: 'secondary' })}>Close</Dialog.CloseTrigger>
      </div>
    </Modal>
  );
}
