// Replays a rule's condition tree against the variable snapshot of one alert hit (spec part 2,
// section 3 "Rule condition tree": composite AND/OR nodes with operands and evaluation_result; leaf
// nodes with operator, operands and snapshot_value). Pure, so the condition cards, the explanation
// dialog and their tests share one evaluator, and the demo rules the server seeds (server/seed/rules.ts)
// are written with its operators. Malformed trees and snapshots that lack a variable
// throw RuleConditionError: the dialog then says "Error evaluating rule condition".

export class RuleConditionError extends Error {}

export const COMPARISON_OPERATORS = ['>', '>=', '<', '<=', '==', '!=', 'between', 'in', 'not_in'] as const;
export type ComparisonOperator = (typeof COMPARISON_OPERATORS)[number];
export type CompositeOperator = 'AND' | 'OR';

/** A leaf operand as the rule spec writes it: a variable of the rule, or a literal value. */
export type LeafOperandSpec = { variable: string } | { value: unknown };

export interface ResolvedOperand {
  /** The rule variable read from the snapshot; null for a literal. */
  variable: string | null;
  /** The variable's label from the rule spec, when it has one. */
  label: string | null;
  value: unknown;
}

export interface EvaluatedLeaf {
  type: 'leaf';
  operator: ComparisonOperator;
  operands: ResolvedOperand[];
  /** The value of the leaf's (first) variable in the snapshot. */
  snapshot_value: unknown;
  evaluation_result: boolean;
}

export interface EvaluatedComposite {
  type: 'composite';
  operator: CompositeOperator;
  operands: EvaluatedNode[];
  evaluation_result: boolean;
}

export type EvaluatedNode = EvaluatedLeaf | EvaluatedComposite;

export interface RuleVariable {
  name: string;
  label: string | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The rule's variables (name and label), in the spec's order; unknown shapes give none. */
export function ruleVariables(spec: unknown): RuleVariable[] {
  if (!isRecord(spec) || !Array.isArray(spec.variables)) return [];
  return spec.variables.flatMap((v) =>
    isRecord(v) && typeof v.name === 'string' ? [{ name: v.name, label: typeof v.label === 'string' ? v.label : null }] : [],
  );
}

/** The condition tree of a rule spec: `spec.condition`, or the spec itself when it is a node. */
export function conditionOf(spec: unknown): unknown {
  if (isRecord(spec) && 'condition' in spec) return spec.condition;
  return spec;
}

/** Every variable a condition tree reads (malformed parts are skipped, not thrown). */
export function conditionVariables(node: unknown, into: Set<string> = new Set()): Set<string> {
  if (!isRecord(node) || !Array.isArray(node.operands)) return into;
  for (const operand of node.operands) {
    if (isRecord(operand) && typeof operand.variable === 'string') into.add(operand.variable);
    else conditionVariables(operand, into);
  }
  return into;
}

/**
 * The snapshot a rule's tree is replayed against: the newest (snapshots are oldest first) that holds
 * every variable the tree reads, so an alert raised by several rules pairs each rule with its own
 * hit. Null when no snapshot fits.
 */
export function snapshotForRule(spec: unknown, snapshots: readonly unknown[]): Record<string, unknown> | null {
  const wanted = [...conditionVariables(conditionOf(spec))];
  for (let i = snapshots.length - 1; i >= 0; i -= 1) {
    const snapshot = snapshots[i];
    if (isRecord(snapshot) && wanted.every((name) => name in snapshot)) return snapshot;
  }
  return null;
}

/** Which rule, at which version of its spec, produced a hit (an alert's hit_rules, index for index with its snapshots). */
export interface HitRule {
  rule_id: number | null;
  rule_version: number | null;
}

/**
 * The newest hit of rule `ruleId` among an alert's hits (snapshots and their rules are oldest first,
 * index for index): its snapshot and the version of the rule's spec that judged it, so the hit is
 * replayed against that spec and editing a live rule does not change how old hits read. Null when no
 * hit names the rule (hits recorded without their rule): the caller then pairs the rule with a
 * snapshot by its variables (snapshotForRule) and its current spec.
 */
export function newestHitOf(
  ruleId: number,
  snapshots: readonly unknown[],
  hitRules: readonly HitRule[],
): { snapshot: Record<string, unknown>; version: number | null } | null {
  for (let i = Math.min(snapshots.length, hitRules.length) - 1; i >= 0; i -= 1) {
    const snapshot = snapshots[i];
    if (hitRules[i].rule_id === ruleId && isRecord(snapshot)) return { snapshot, version: hitRules[i].rule_version };
  }
  return null;
}

function asNumber(value: unknown, operator: string): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(n)) throw new RuleConditionError(`"${operator}" needs numbers, got ${JSON.stringify(value)}`);
  return n;
}

function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' || typeof b === 'number') {
    const x = typeof a === 'string' ? Number(a) : a;
    const y = typeof b === 'string' ? Number(b) : b;
    return x === y;
  }
  return a === b;
}

/** Applies one comparison; `args` are the operands after the first (the subject). */
export function compare(operator: ComparisonOperator, subject: unknown, args: readonly unknown[]): boolean {
  const first = args[0];
  // A variable with no value (a customer's first event has no previous one; a value filtered out)
  // meets no numeric comparison; it is not an error.
  if (subject === null && (operator === '>' || operator === '>=' || operator === '<' || operator === '<=' || operator === 'between')) return false;
  switch (operator) {
    case '>':
      return asNumber(subject, operator) > asNumber(first, operator);
    case '>=':
      return asNumber(subject, operator) >= asNumber(first, operator);
    case '<':
      return asNumber(subject, operator) < asNumber(first, operator);
    case '<=':
      return asNumber(subject, operator) <= asNumber(first, operator);
    case '==':
      return same(subject, first);
    case '!=':
      return !same(subject, first);
    case 'between': {
      // Either [low, high] as one literal or two literals; both bounds inclusive.
      const [low, high] = Array.isArray(first) ? first : args;
      const n = asNumber(subject, operator);
      return n >= asNumber(low, operator) && n <= asNumber(high, operator);
    }
    case 'in':
    case 'not_in': {
      const list = Array.isArray(first) ? first : args;
      const found = list.some((item) => same(subject, item));
      return operator === 'in' ? found : !found;
    }
  }
}

function isComparison(operator: unknown): operator is ComparisonOperator {
  return typeof operator === 'string' && (COMPARISON_OPERATORS as readonly string[]).includes(operator);
}

function evaluateLeaf(node: Record<string, unknown>, snapshot: Record<string, unknown>, labels: Map<string, string | null>): EvaluatedLeaf {
  const { operator, operands } = node;
  if (!isComparison(operator)) throw new RuleConditionError(`Unknown operator ${JSON.stringify(operator)}`);
  if (!Array.isArray(operands) || operands.length < 2) throw new RuleConditionError(`"${operator}" needs at least two operands`);
  const resolved: ResolvedOperand[] = operands.map((operand) => {
    if (isRecord(operand) && typeof operand.variable === 'string') {
      if (!(operand.variable in snapshot)) throw new RuleConditionError(`The snapshot has no value for ${operand.variable}`);
      return { variable: operand.variable, label: labels.get(operand.variable) ?? null, value: snapshot[operand.variable] };
    }
    if (isRecord(operand) && 'value' in operand) return { variable: null, label: null, value: operand.value };
    throw new RuleConditionError('An operand is neither a variable nor a value');
  });
  const [subject, ...args] = resolved;
  const firstVariable = resolved.find((o) => o.variable !== null);
  return {
    type: 'leaf',
    operator,
    operands: resolved,
    snapshot_value: firstVariable ? firstVariable.value : undefined,
    evaluation_result: compare(
      operator,
      subject.value,
      args.map((a) => a.value),
    ),
  };
}

function evaluateNode(node: unknown, snapshot: Record<string, unknown>, labels: Map<string, string | null>, depth: number): EvaluatedNode {
  if (depth > 50) throw new RuleConditionError('The condition is nested too deeply');
  if (!isRecord(node)) throw new RuleConditionError('A condition node is not an object');
  const composite = node.type === 'composite' || node.operator === 'AND' || node.operator === 'OR';
  if (!composite) return evaluateLeaf(node, snapshot, labels);
  const { operator, operands } = node;
  if (operator !== 'AND' && operator !== 'OR') throw new RuleConditionError(`Unknown composite operator ${JSON.stringify(operator)}`);
  if (!Array.isArray(operands) || operands.length === 0) throw new RuleConditionError(`${operator} has no operands`);
  // Every child is evaluated (no short circuit): the cards show each node's result.
  const children = operands.map((child) => evaluateNode(child, snapshot, labels, depth + 1));
  const results = children.map((c) => c.evaluation_result);
  return {
    type: 'composite',
    operator,
    operands: children,
    evaluation_result: operator === 'AND' ? results.every(Boolean) : results.some(Boolean),
  };
}

type Predicate = (snapshot: Record<string, unknown>) => boolean;

function compileLeaf(node: Record<string, unknown>): Predicate {
  const { operator, operands } = node;
  if (!isComparison(operator)) throw new RuleConditionError(`Unknown operator ${JSON.stringify(operator)}`);
  if (!Array.isArray(operands) || operands.length < 2) throw new RuleConditionError(`"${operator}" needs at least two operands`);
  const read = operands.map((operand): ((snapshot: Record<string, unknown>) => unknown) => {
    if (isRecord(operand) && typeof operand.variable === 'string') {
      const name = operand.variable;
      return (snapshot) => {
        if (!(name in snapshot)) throw new RuleConditionError(`The snapshot has no value for ${name}`);
        return snapshot[name];
      };
    }
    if (isRecord(operand) && 'value' in operand) {
      const value = operand.value;
      return () => value;
    }
    throw new RuleConditionError('An operand is neither a variable nor a value');
  });
  const [subject, ...rest] = read;
  return (snapshot) => {
    const first = subject(snapshot);
    return compare(
      operator,
      first,
      rest.map((r) => r(snapshot)),
    );
  };
}

function compileNode(node: unknown, depth: number): Predicate {
  if (depth > 50) throw new RuleConditionError('The condition is nested too deeply');
  if (!isRecord(node)) throw new RuleConditionError('A condition node is not an object');
  const composite = node.type === 'composite' || node.operator === 'AND' || node.operator === 'OR';
  if (!composite) return compileLeaf(node);
  const { operator, operands } = node;
  if (operator !== 'AND' && operator !== 'OR') throw new RuleConditionError(`Unknown composite operator ${JSON.stringify(operator)}`);
  if (!Array.isArray(operands) || operands.length === 0) throw new RuleConditionError(`${operator} has no operands`);
  const children = operands.map((child) => compileNode(child, depth + 1));
  // every child is evaluated, as evaluateNode does, so an error anywhere in the tree is raised
  return (snapshot) => {
    let all = true;
    let any = false;
    for (const child of children) {
      const result = child(snapshot);
      all &&= result;
      any ||= result;
    }
    return operator === 'AND' ? all : any;
  };
}

const predicates = new WeakMap<object, Predicate>();

/**
 * Whether a rule spec's condition tree holds for a snapshot: what `evaluateRule(spec,
 * snapshot).evaluation_result` answers, with the same errors, but compiled once per spec and
 * building no explanation (the detection engine judges millions of events with it). A tree that
 * cannot compile is left to evaluateRule, which raises its error where it would.
 */
export function conditionHolds(spec: object, snapshot: Record<string, unknown>): boolean {
  let predicate = predicates.get(spec);
  if (!predicate) {
    try {
      predicate = compileNode(conditionOf(spec), 0);
    } catch (error) {
      if (!(error instanceof RuleConditionError)) throw error;
      predicate = (s) => evaluateRule(spec, s).evaluation_result;
    }
    predicates.set(spec, predicate);
  }
  return predicate(snapshot);
}

/** Evaluates a rule spec's condition tree against one snapshot; throws RuleConditionError. */
export function evaluateRule(spec: unknown, snapshot: Record<string, unknown>): EvaluatedNode {
  const labels = new Map(ruleVariables(spec).map((v) => [v.name, v.label]));
  return evaluateNode(conditionOf(spec), snapshot, labels, 0);
}

export type RuleEvaluation =
  { state: 'evaluated'; tree: EvaluatedNode; snapshot: Record<string, unknown> } | { state: 'no-snapshots' } | { state: 'error'; message: string };

/** The outcome shown for one rule of an alert: evaluated, unavailable without snapshots, or an error. */
export function explainRule(spec: unknown, snapshots: readonly unknown[]): RuleEvaluation {
  if (snapshots.length === 0) return { state: 'no-snapshots' };
  try {
    const snapshot = snapshotForRule(spec, snapshots);
    if (!snapshot) throw new RuleConditionError('No snapshot of this alert holds the variables of this rule');
    return { state: 'evaluated', tree: evaluateRule(spec, snapshot), snapshot };
  } catch (error) {
    return { state: 'error', message: error instanceof Error ? error.message : String(error) };
  }
}

const OPERATOR_WORDS: Record<ComparisonOperator, string> = {
  '>': '>',
  '>=': '≥',
  '<': '<',
  '<=': '≤',
  '==': '=',
  '!=': '≠',
  between: 'between',
  in: 'is one of',
  not_in: 'is not one of',
};

/** How an operator reads on a card ("≥", "is one of"). */
export function operatorText(operator: ComparisonOperator): string {
  return OPERATOR_WORDS[operator];
}

/** A snapshot or literal value as text: numbers grouped, lists joined. */
export function valueText(value: unknown): string {
  if (value === undefined) return '—';
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toLocaleString('en-US') : value.toLocaleString('en-US', { maximumFractionDigits: 4 });
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  return JSON.stringify(value);
}
