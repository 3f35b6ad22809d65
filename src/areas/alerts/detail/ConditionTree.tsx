// One rule's evaluated condition tree: AND/OR nodes with their result, leaves with the variable,
// the operator, the threshold, the snapshot value read for this hit and the leaf's result.
import { cx } from '../../../../styled-system/css';
import { operatorText, valueText, type EvaluatedLeaf, type EvaluatedNode } from '../../../../core/rule-conditions';
import * as s from './conditions.styles';

export function ResultPill({ value }: { value: boolean }) {
  return (
    <span className={s.result({ outcome: value })} data-result={String(value)}>
      <span aria-hidden="true">{value ? '✓' : '✕'}</span>
      {value ? 'Met' : 'Not met'}
    </span>
  );
}

function Leaf({ node }: { node: EvaluatedLeaf }) {
  const [subject, ...rest] = node.operands;
  const subjectName = subject?.label ?? subject?.variable ?? valueText(subject?.value);
  const threshold = rest.map((o) => (o.variable ? (o.label ?? o.variable) : valueText(o.value))).join(node.operator === 'between' ? ' and ' : ', ');
  const variable = node.operands.find((o) => o.variable !== null);
  return (
    <div className={cx(s.leaf, node.evaluation_result && s.leafMatched)} data-testid="condition-leaf">
      <span className={s.expression}>
        <span className={s.variable}>{subjectName}</span>
        {subject?.label && subject.variable ? <span className={s.variableName}>{subject.variable}</span> : null}
        <span className={s.operator}>{operatorText(node.operator)}</span>
        <span className={s.literal}>{threshold}</span>
      </span>
      <ResultPill value={node.evaluation_result} />
      {variable ? (
        <span className={s.snapshot}>
          Snapshot value: <span className={s.snapshotValue}>{valueText(node.snapshot_value)}</span>
        </span>
      ) : null}
    </div>
  );
}

function Node({ node }: { node: EvaluatedNode }) {
  if (node.type === 'leaf') return <Leaf node={node} />;
  return (
    <div>
      <span className={s.composite}>
        {node.operator === 'AND' ? 'All of' : 'Any of'} ({node.operator})
        <ResultPill value={node.evaluation_result} />
      </span>
      <ul className={s.children}>
        {node.operands.map((child, i) => (
          <li key={i}>
            <Node node={child} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ConditionTree({ tree }: { tree: EvaluatedNode }) {
  return (
    <ul className={s.tree} aria-label="Rule condition">
      <li>
        <Node node={tree} />
      </li>
    </ul>
  );
}
