// The condition tree: groups that need all (AND) or any (OR) of their parts, nested up to the
// spec's depth, and conditions that compare a variable with a value (or another variable) by
// every operator of core/rule-conditions.ts: > ≥ < ≤ = ≠, between two numbers, one of and not one
// of a comma-separated list. Every part is added, removed and changed with ordinary controls.
import { button } from '../../../ui/recipes';
import { COMPARISON_OPERATORS, operatorText, type ComparisonOperator, type CompositeOperator } from '../../../../core/rule-conditions';
import { MAX_CONDITION_DEPTH } from '../../../../core/rule-spec';
import { fieldId, useRuleEditorContext } from './editor-context';
import * as s from './editor.styles';
import { PartError, RangeField, SelectField, TextField } from './fields';
import { newGroup, newLeaf, type FormGroup, type FormLeaf, type FormNode, type RuleForm } from './rule.form';

/** The form's path of a node: the indexes from the root group. */
type NodePath = readonly number[];

const errorPathOf = (path: NodePath) => ['spec/condition', ...path.map((i) => `operands/${i}`)].join('/');
const numberOf = (path: NodePath) => path.map((i) => i + 1).join('.');

function replaceAt(root: FormGroup, path: NodePath, change: (node: FormNode) => FormNode | null): FormGroup {
  if (path.length === 0) return change(root) as FormGroup;
  const [head, ...rest] = path;
  const operands = root.operands.flatMap((child, i) => {
    if (i !== head) return [child];
    const next = rest.length === 0 ? change(child) : child.type === 'composite' ? replaceAt(child, rest, change) : child;
    return next ? [next] : [];
  });
  return { ...root, operands };
}

function useNode(path: NodePath) {
  const { update } = useRuleEditorContext();
  return (change: (node: FormNode) => FormNode | null, errorPath?: string) =>
    update((f: RuleForm) => ({ ...f, condition: replaceAt(f.condition, path, change) }), errorPath);
}

const OPERATOR_OPTIONS = COMPARISON_OPERATORS.map((o) => ({
  value: o,
  label: o === 'between' || o === 'in' || o === 'not_in' ? operatorText(o) : `${operatorText(o)} (${o})`,
}));

export function ConditionEditor() {
  const { form } = useRuleEditorContext();
  return <GroupEditor node={form.condition} path={[]} />;
}

function GroupEditor({ node, path }: { node: FormGroup; path: NodePath }) {
  const { form, specLocked } = useRuleEditorContext();
  const change = useNode(path);
  const at = errorPathOf(path);
  const name = path.length === 0 ? 'All conditions' : `Group ${numberOf(path)}`;
  const firstVariable = form.variables.find((v) => v.aggregation && v.name.trim())?.name ?? '';
  const add = (child: FormNode) => change((n) => ({ ...(n as FormGroup), operands: [...(n as FormGroup).operands, child] }), `${at}/operands`);
  return (
    <fieldset className={s.conditionGroup} id={fieldId(at)} tabIndex={-1} aria-label={name}>
      <div className={s.groupHeader}>
        <legend className={s.legend}>{name}</legend>
        <div>
          <SelectField<CompositeOperator>
            at={`${at}/operator`}
            label={`Match (${name.toLowerCase()})`}
            value={node.operator}
            options={[
              { value: 'AND', label: 'All of these (AND)' },
              { value: 'OR', label: 'Any of these (OR)' },
            ]}
            onChange={(operator) => operator && change((n) => ({ ...(n as FormGroup), operator }), `${at}/operator`)}
          />
        </div>
        <span className={s.grow} />
        {path.length > 0 && !specLocked ? (
          <button
            type="button"
            className={button({ variant: 'ghost', size: 'sm' })}
            aria-label={`Remove ${name.toLowerCase()}`}
            onClick={() => change(() => null)}
          >
            Remove group
          </button>
        ) : null}
      </div>
      <PartError at={at} />
      <PartError at={`${at}/operands`} />
      {node.operands.length === 0 ? <p className={s.note}>No condition yet: add one.</p> : null}
      {node.operands.map((child, i) =>
        child.type === 'composite' ? (
          <GroupEditor key={child.key} node={child} path={[...path, i]} />
        ) : (
          <LeafEditor key={child.key} node={child} path={[...path, i]} />
        ),
      )}
      {specLocked ? null : (
        <div className={s.row}>
          <button
            type="button"
            className={button({ size: 'sm' })}
            aria-label={`Add condition to ${name.toLowerCase()}`}
            onClick={() => add(newLeaf(firstVariable))}
          >
            Add condition
          </button>
          {path.length + 1 < MAX_CONDITION_DEPTH ? (
            <button
              type="button"
              className={button({ size: 'sm' })}
              aria-label={`Add group to ${name.toLowerCase()}`}
              onClick={() => add(newGroup(node.operator === 'AND' ? 'OR' : 'AND', [newLeaf(firstVariable)]))}
            >
              Add group
            </button>
          ) : null}
        </div>
      )}
    </fieldset>
  );
}

function LeafEditor({ node, path }: { node: FormLeaf; path: NodePath }) {
  const { form, specLocked } = useRuleEditorContext();
  const change = useNode(path);
  const at = errorPathOf(path);
  const name = `Condition ${numberOf(path)}`;
  const set = (patch: Partial<FormLeaf>, errorPath: string) => change((n) => ({ ...(n as FormLeaf), ...patch }), errorPath);
  const variables = form.variables.filter((v) => v.name.trim()).map((v) => ({ value: v.name, label: v.label ? `${v.name} (${v.label})` : v.name }));
  const listOperator = node.operator === 'between' || node.operator === 'in' || node.operator === 'not_in';
  const value = `${at}/operands/1`;
  return (
    <div className={s.leaf} role="group" id={fieldId(at)} tabIndex={-1} aria-label={name}>
      <SelectField
        at={`${at}/operands/0`}
        label="Variable"
        value={node.variable || null}
        options={variables}
        onChange={(v) => set({ variable: v ?? '' }, `${at}/operands/0`)}
      />
      <SelectField<ComparisonOperator>
        at={`${at}/operator`}
        label="Operator"
        value={node.operator}
        options={OPERATOR_OPTIONS}
        onChange={(operator) =>
          operator && set({ operator, against: operator === 'between' || operator === 'in' || operator === 'not_in' ? '' : node.against }, `${at}/operator`)
        }
      />
      {listOperator ? null : (
        <SelectField
          at={`${at}/against`}
          label="Compared with"
          value={node.against || '__value'}
          options={[
            { value: '__value', label: 'A value' },
            ...variables.filter((v) => v.value !== node.variable).map((v) => ({ ...v, label: `Variable ${v.label}` })),
          ]}
          onChange={(against) => set({ against: against === '__value' || against === null ? '' : against }, value)}
        />
      )}
      {node.against ? (
        <PartError at={value} />
      ) : node.operator === 'between' ? (
        <RangeField
          at={value}
          label="Bounds (both included)"
          lowLabel="Lower bound"
          highLabel="Upper bound"
          low={node.low}
          high={node.high}
          onChange={(low, high) => set({ low, high }, value)}
        />
      ) : (
        <TextField
          at={value}
          label={listOperator ? 'Values' : 'Value'}
          numeric={!listOperator && node.operator !== '==' && node.operator !== '!='}
          maxLength={2000}
          hint={listOperator ? 'Separate values with commas: IR, KP, 25.' : undefined}
          value={node.value}
          onChange={(v) => set({ value: v }, value)}
        />
      )}
      {specLocked ? null : (
        <button
          type="button"
          className={`${button({ variant: 'ghost', size: 'sm' })} ${s.rowEnd}`}
          aria-label={`Remove ${name.toLowerCase()}`}
          onClick={() => change(() => null)}
        >
          Remove
        </button>
      )}
      <PartError at={at} />
    </div>
  );
}
