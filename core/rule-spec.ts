import { COMPARISON_OPERATORS, type ComparisonOperator, type CompositeOperator } from './rule-conditions';

/**
 * A detection rule's spec: the vocabulary the rule editor writes, the server validates and the
 * detection engine (server/domain/detection) runs. A rule aggregates variables over a subject's
 * events (a customer's or an instrument's) in windows ending at the event being evaluated, and a
 * condition tree over the variables decides whether the event fails the rule (an alert). The
 * condition tree is the one core/rule-conditions.ts replays on the alert page.
 */

export const RULE_EVENT_TYPES = ['TRANSACTION', 'ACTION_EVENT'] as const;
export type RuleEventType = (typeof RULE_EVENT_TYPES)[number];

/** Whose events a rule's variables aggregate, and whom its alerts are about. */
export const RULE_SUBJECTS = ['ENTITY', 'INSTRUMENT'] as const;
export type RuleSubject = (typeof RULE_SUBJECTS)[number];

export const AGGREGATIONS = ['count', 'sum', 'ratio', 'count_distinct', 'days_since_previous', 'value'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

export const TXN_TYPES = ['ACH', 'WIRE', 'CARD', 'CASH_DEPOSIT', 'CASH_WITHDRAWAL', 'CHECK_DEPOSIT', 'P2P', 'INTERNAL_TRANSFER'] as const;
export const ACTION_TYPES = ['LOGIN', 'FAILED_LOGIN', 'PASSWORD_RESET', 'CHANGE_EMAIL', 'CHANGE_PHONE', 'ADD_PAYEE', 'ADD_DEVICE', 'PROFILE_UPDATE'] as const;
export const FLOWS = ['INBOUND', 'OUTBOUND'] as const;

/** What `count_distinct` counts. */
export const DISTINCT_FIELDS = ['entity_id', 'instrument_id', 'counterparty_entity_id', 'device', 'ip_address'] as const;
export type DistinctField = (typeof DISTINCT_FIELDS)[number];

/**
 * A variable may look past its subject at everyone sharing the event's device or address (the
 * shared-device typology): its events are those with the same value of this field.
 */
export const VARIABLE_GROUPS = ['device_fingerprint', 'ip_address'] as const;
export type VariableGroup = (typeof VARIABLE_GROUPS)[number];

/** The editor's window presets; any whole number of minutes up to a year is allowed. */
export const WINDOW_PRESETS = [
  { label: '1 day', minutes: 1440 },
  { label: '7 days', minutes: 10080 },
] as const;
export const MAX_WINDOW_MINUTES = 525_600;

export const MAX_VARIABLES = 20;
export const MAX_CONDITION_NODES = 50;
export const MAX_CONDITION_DEPTH = 6;
export const MAX_TITLE_TEMPLATE = 200;
/** Placeholders an alert title template may use. */
export const TITLE_PLACEHOLDERS = ['{rule}', '{subject}', '{subject_external_id}'] as const;
export const DEFAULT_TITLE_TEMPLATE = '{rule}: {subject}';

export interface RuleFilter {
  internal_txn_type?: string[];
  action_type?: string[];
  /** both bounds inclusive */
  amount_between?: [number, number];
  /** strictly below */
  amount_below?: number;
  /** strictly above */
  amount_above?: number;
  /** round amounts: a whole multiple of this (100, 1000) */
  amount_multiple_of?: number;
  /** relative to the subject: money it received (INBOUND) or sent (OUTBOUND) */
  flow?: 'INBOUND' | 'OUTBOUND';
}

export interface RuleVariableSpec {
  name: string;
  label?: string;
  aggregation: Aggregation;
  /** sum and value: 'amount'; count_distinct: one of DISTINCT_FIELDS */
  field?: string;
  /** value: a custom field of the event, by its data setting */
  data_setting_id?: number | null;
  /** ratio: numerator and denominator, two other variables */
  of?: [string, string];
  filter?: RuleFilter;
  window_minutes?: number;
  group_by?: VariableGroup;
}

export type RuleLeafOperand = { variable: string } | { value: unknown };
export interface RuleLeafSpec {
  type: 'leaf';
  operator: ComparisonOperator;
  operands: RuleLeafOperand[];
}
export interface RuleCompositeSpec {
  type: 'composite';
  operator: CompositeOperator;
  operands: RuleConditionSpec[];
}
export type RuleConditionSpec = RuleLeafSpec | RuleCompositeSpec;

export interface RuleSpec {
  event_type: RuleEventType;
  /** ENTITY unless said */
  subject?: RuleSubject;
  variables: RuleVariableSpec[];
  condition: RuleConditionSpec;
  /** the alert's title; DEFAULT_TITLE_TEMPLATE unless said */
  alert_title?: string;
  /** the alert's score, 0 to 100 */
  score?: number;
  /** the suspicious activity categories (FinCEN SuspiciousActivitySubtypeIDs) a SAR about its alerts is prefilled with */
  sar_categories?: number[];
}

/** One problem with a spec, at a path below the spec (`variables/0/window_minutes`). */
export interface SpecProblem {
  path: string;
  message: string;
}

/** Aggregations that read a window of events (the others read the event itself or other variables). */
export const WINDOWED: readonly Aggregation[] = ['count', 'sum', 'count_distinct'];

const NAME = /^[a-z][a-z0-9_]{0,62}$/;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isScalar = (v: unknown) => typeof v === 'string' || isNumber(v) || typeof v === 'boolean';

function checkTypes(list: unknown, allowed: readonly string[], path: string, what: string, out: SpecProblem[]) {
  if (!Array.isArray(list) || list.length === 0 || list.some((t) => typeof t !== 'string' || !allowed.includes(t)))
    out.push({ path, message: `Choose one or more ${what}.` });
}

function checkFilter(filter: unknown, eventType: unknown, path: string, out: SpecProblem[]) {
  if (filter === undefined || filter === null) return;
  if (!isRecord(filter)) {
    out.push({ path, message: 'The filter is not valid.' });
    return;
  }
  const txn = eventType === 'TRANSACTION';
  for (const key of Object.keys(filter)) {
    const at = `${path}/${key}`;
    const value = filter[key];
    switch (key) {
      case 'internal_txn_type':
        if (!txn) out.push({ path: at, message: 'Transaction types filter transaction rules only.' });
        else checkTypes(value, TXN_TYPES, at, 'transaction types', out);
        break;
      case 'action_type':
        if (txn) out.push({ path: at, message: 'Action types filter action event rules only.' });
        else checkTypes(value, ACTION_TYPES, at, 'action types', out);
        break;
      case 'amount_between':
        if (!txn) out.push({ path: at, message: 'Amounts filter transaction rules only.' });
        else if (!Array.isArray(value) || value.length !== 2 || !value.every(isNumber)) out.push({ path: at, message: 'Enter both amounts.' });
        else if (value[0] > value[1]) out.push({ path: at, message: 'The first amount must not be above the second.' });
        break;
      case 'amount_below':
      case 'amount_above':
        if (!txn) out.push({ path: at, message: 'Amounts filter transaction rules only.' });
        else if (!isNumber(value)) out.push({ path: at, message: 'Enter an amount.' });
        break;
      case 'amount_multiple_of':
        if (!txn) out.push({ path: at, message: 'Amounts filter transaction rules only.' });
        else if (!isNumber(value) || value < 0.01 || Math.round(value * 100) !== value * 100)
          out.push({ path: at, message: 'Enter an amount of at least 0.01.' });
        break;
      case 'flow':
        if (!txn) out.push({ path: at, message: 'Direction filters transaction rules only.' });
        else if (!FLOWS.includes(value as never)) out.push({ path: at, message: 'Choose received (INBOUND) or sent (OUTBOUND).' });
        break;
      default:
        out.push({ path: at, message: `Unknown filter "${key}".` });
    }
  }
}

function checkVariable(v: unknown, i: number, eventType: unknown, before: Map<string, Aggregation>, out: SpecProblem[]): void {
  const path = `variables/${i}`;
  if (!isRecord(v)) {
    out.push({ path, message: 'The variable is not valid.' });
    return;
  }
  const name = v.name;
  if (typeof name !== 'string' || !NAME.test(name)) {
    out.push({ path: `${path}/name`, message: 'A name is lowercase letters, digits and underscores, starting with a letter (at most 63).' });
  } else if (before.has(name)) {
    out.push({ path: `${path}/name`, message: `Another variable is named ${name}.` });
  }
  if (v.label !== undefined && (typeof v.label !== 'string' || v.label.length > 200))
    out.push({ path: `${path}/label`, message: 'A label is at most 200 characters.' });
  const aggregation = v.aggregation as Aggregation;
  if (!AGGREGATIONS.includes(aggregation)) {
    out.push({ path: `${path}/aggregation`, message: 'Choose an aggregation.' });
    return;
  }
  if (WINDOWED.includes(aggregation)) {
    const w = v.window_minutes;
    if (!Number.isInteger(w) || (w as number) < 1 || (w as number) > MAX_WINDOW_MINUTES)
      out.push({ path: `${path}/window_minutes`, message: 'Choose a window between 1 minute and 365 days.' });
  } else if (v.window_minutes !== undefined && v.window_minutes !== null && aggregation !== 'ratio') {
    out.push({ path: `${path}/window_minutes`, message: `A ${aggregation} variable has no window.` });
  }
  if (aggregation === 'sum' && v.field !== 'amount') out.push({ path: `${path}/field`, message: 'A sum adds up the amount.' });
  if (aggregation === 'sum' && eventType !== 'TRANSACTION') out.push({ path: `${path}/aggregation`, message: 'Only transactions have amounts to add up.' });
  if (aggregation === 'count_distinct' && !DISTINCT_FIELDS.includes(v.field as DistinctField))
    out.push({ path: `${path}/field`, message: 'Choose what to count.' });
  if (aggregation === 'value') {
    const setting = v.data_setting_id;
    if (setting !== undefined && setting !== null) {
      if (!Number.isInteger(setting) || (setting as number) < 1) out.push({ path: `${path}/data_setting_id`, message: 'Choose a custom field.' });
    } else if (v.field !== 'amount' || eventType !== 'TRANSACTION') {
      out.push({ path: `${path}/field`, message: 'Choose the amount or a custom field.' });
    }
  }
  if (aggregation === 'ratio') {
    const of = v.of;
    if (!Array.isArray(of) || of.length !== 2 || of[0] === of[1]) {
      out.push({ path: `${path}/of`, message: 'Choose two different variables.' });
    } else {
      of.forEach((other, k) => {
        const agg = typeof other === 'string' ? before.get(other) : undefined;
        if (!agg) out.push({ path: `${path}/of/${k}`, message: 'Choose a variable defined above this one.' });
        else if (agg === 'ratio') out.push({ path: `${path}/of/${k}`, message: 'A ratio cannot divide another ratio.' });
      });
    }
    if (v.filter !== undefined) out.push({ path: `${path}/filter`, message: 'A ratio takes the filters of its two variables.' });
  } else if (aggregation === 'days_since_previous') {
    if (v.filter !== undefined) out.push({ path: `${path}/filter`, message: 'Days since the previous event look at every event of the subject.' });
  } else {
    checkFilter(v.filter, eventType, `${path}/filter`, out);
  }
  if (v.group_by !== undefined && v.group_by !== null) {
    if (!VARIABLE_GROUPS.includes(v.group_by as VariableGroup)) out.push({ path: `${path}/group_by`, message: 'Choose the device or the IP address.' });
    else if (aggregation !== 'count' && aggregation !== 'count_distinct')
      out.push({ path: `${path}/group_by`, message: 'Only counts look at everyone on a device or address.' });
  }
  if (typeof name === 'string' && NAME.test(name) && !before.has(name)) before.set(name, aggregation);
}

const NUMERIC: readonly ComparisonOperator[] = ['>', '>=', '<', '<='];

function checkNode(node: unknown, path: string, depth: number, variables: Map<string, Aggregation>, counter: { nodes: number }, out: SpecProblem[]) {
  counter.nodes += 1;
  if (counter.nodes === MAX_CONDITION_NODES + 1) out.push({ path, message: `A condition has at most ${MAX_CONDITION_NODES} parts.` });
  if (!isRecord(node)) {
    out.push({ path, message: 'The condition is not valid.' });
    return;
  }
  if (node.type === 'composite') {
    if (depth >= MAX_CONDITION_DEPTH) {
      out.push({ path, message: `Groups nest at most ${MAX_CONDITION_DEPTH} deep.` });
      return;
    }
    if (node.operator !== 'AND' && node.operator !== 'OR') out.push({ path: `${path}/operator`, message: 'Choose AND or OR.' });
    if (!Array.isArray(node.operands) || node.operands.length === 0) {
      out.push({ path: `${path}/operands`, message: 'A group needs at least one condition.' });
      return;
    }
    node.operands.forEach((child, i) => checkNode(child, `${path}/operands/${i}`, depth + 1, variables, counter, out));
    return;
  }
  if (node.type !== 'leaf') {
    out.push({ path: `${path}/type`, message: 'The condition is not valid.' });
    return;
  }
  const operator = node.operator as ComparisonOperator;
  if (!COMPARISON_OPERATORS.includes(operator)) {
    out.push({ path: `${path}/operator`, message: 'Choose an operator.' });
    return;
  }
  const operands = node.operands;
  if (!Array.isArray(operands) || operands.length !== 2) {
    out.push({ path: `${path}/operands`, message: 'A condition compares a variable with a value.' });
    return;
  }
  const [subject, against] = operands as unknown[];
  if (!isRecord(subject) || typeof subject.variable !== 'string' || !variables.has(subject.variable))
    out.push({ path: `${path}/operands/0`, message: 'Choose one of the rule’s variables.' });
  const at = `${path}/operands/1`;
  if (isRecord(against) && typeof against.variable === 'string') {
    if (!variables.has(against.variable)) out.push({ path: at, message: 'Choose one of the rule’s variables.' });
    else if (operator === 'between' || operator === 'in' || operator === 'not_in') out.push({ path: at, message: 'Compare with a list of values.' });
    return;
  }
  if (!isRecord(against) || !('value' in against)) {
    out.push({ path: at, message: 'Enter a value.' });
    return;
  }
  const value = against.value;
  if (NUMERIC.includes(operator) && !isNumber(value)) out.push({ path: at, message: 'Enter a number.' });
  else if (operator === 'between') {
    if (!Array.isArray(value) || value.length !== 2 || !value.every(isNumber)) out.push({ path: at, message: 'Enter both bounds.' });
    else if (value[0] > value[1]) out.push({ path: at, message: 'The lower bound must not be above the upper.' });
  } else if (operator === 'in' || operator === 'not_in') {
    if (!Array.isArray(value) || value.length === 0 || value.length > 500 || !value.every(isScalar))
      out.push({ path: at, message: 'Enter one or more values.' });
  } else if ((operator === '==' || operator === '!=') && !isScalar(value)) out.push({ path: at, message: 'Enter a value.' });
}

/** Every problem of a spec, each at its path; an empty list means the engine can run it. */
export function validateRuleSpec(spec: unknown): SpecProblem[] {
  const out: SpecProblem[] = [];
  if (!isRecord(spec)) return [{ path: '', message: 'The rule has no definition.' }];
  if (!RULE_EVENT_TYPES.includes(spec.event_type as RuleEventType)) out.push({ path: 'event_type', message: 'Choose transactions or action events.' });
  if (spec.subject !== undefined && !RULE_SUBJECTS.includes(spec.subject as RuleSubject))
    out.push({ path: 'subject', message: 'Choose customers or instruments.' });
  const variables = new Map<string, Aggregation>();
  if (!Array.isArray(spec.variables) || spec.variables.length === 0) out.push({ path: 'variables', message: 'Add at least one variable.' });
  else if (spec.variables.length > MAX_VARIABLES) out.push({ path: 'variables', message: `A rule has at most ${MAX_VARIABLES} variables.` });
  else spec.variables.forEach((v, i) => checkVariable(v, i, spec.event_type, variables, out));
  if (spec.condition === undefined || spec.condition === null) out.push({ path: 'condition', message: 'Add a condition.' });
  else checkNode(spec.condition, 'condition', 0, variables, { nodes: 0 }, out);
  if (spec.alert_title !== undefined) {
    if (typeof spec.alert_title !== 'string' || spec.alert_title.trim() === '' || spec.alert_title.length > MAX_TITLE_TEMPLATE)
      out.push({ path: 'alert_title', message: `Enter an alert title of at most ${MAX_TITLE_TEMPLATE} characters.` });
    else {
      const unknown = (spec.alert_title.match(/\{[^}]*\}/g) ?? []).find((p) => !(TITLE_PLACEHOLDERS as readonly string[]).includes(p));
      if (unknown) out.push({ path: 'alert_title', message: `Unknown placeholder ${unknown}; use ${TITLE_PLACEHOLDERS.join(', ')}.` });
    }
  }
  if (spec.score !== undefined && (!Number.isInteger(spec.score) || (spec.score as number) < 0 || (spec.score as number) > 100))
    out.push({ path: 'score', message: 'The score is a whole number from 0 to 100.' });
  if (
    spec.sar_categories !== undefined &&
    (!Array.isArray(spec.sar_categories) ||
      spec.sar_categories.length > 20 ||
      spec.sar_categories.some((c) => !Number.isInteger(c) || (c as number) < 100 || (c as number) > 9999))
  )
    out.push({ path: 'sar_categories', message: 'SAR categories are up to 20 FinCEN suspicious activity subtype codes.' });
  const known = new Set(['event_type', 'subject', 'variables', 'condition', 'alert_title', 'score', 'sar_categories']);
  for (const key of Object.keys(spec)) if (!known.has(key)) out.push({ path: key, message: `Unknown part "${key}".` });
  return out;
}

/** The alert title a spec's template gives for a rule and subject. */
export function alertTitle(template: string | undefined, rule: string, subject: string, subjectExternalId: string): string {
  return (template ?? DEFAULT_TITLE_TEMPLATE)
    .replaceAll('{rule}', rule)
    .replaceAll('{subject_external_id}', subjectExternalId)
    .replaceAll('{subject}', subject)
    .slice(0, 500);
}

/** The longest window a spec's variables read, in minutes (0 when none reads a window). */
export function longestWindow(spec: RuleSpec): number {
  return Math.max(0, ...spec.variables.map((v) => (WINDOWED.includes(v.aggregation) ? (v.window_minutes ?? 0) : 0)));
}
