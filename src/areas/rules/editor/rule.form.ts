// The rule editor's form: the rule as typed (numbers kept as the text of their inputs, so a refused
// save keeps exactly what was typed), turned into the spec of core/rule-spec.ts on save. Every list
// item has a key of its own for React. Errors are keyed by the spec's own paths
// ("spec/variables/0/window_minutes", the server's detail path without "body/"), so a message of
// validateRuleSpec and one of the server land on the same field.
import {
  DEFAULT_TITLE_TEMPLATE,
  validateRuleSpec,
  WINDOWED,
  type Aggregation,
  type RuleEventType,
  type RuleSubject,
  type VariableGroup,
} from '../../../../core/rule-spec';
import type { ComparisonOperator, CompositeOperator } from '../../../../core/rule-conditions';
import type { Rule, RuleInput } from '../../../api/rules/queries';

export type Flow = '' | 'INBOUND' | 'OUTBOUND';

export interface FormFilter {
  txnTypes: string[];
  actionTypes: string[];
  /** amount_between, both bounds included; both empty for none */
  amountLow: string;
  amountHigh: string;
  /** amount_below and amount_above, strict; empty for none */
  amountBelow: string;
  amountAbove: string;
  /** amount_multiple_of: round amounts */
  amountMultipleOf: string;
  flow: Flow;
}

export interface FormVariable {
  key: string;
  name: string;
  label: string;
  aggregation: Aggregation;
  /** count_distinct: what is counted; value: 'amount' or `setting:<id>` */
  field: string;
  /** ratio: numerator and denominator */
  of: [string, string];
  window: string;
  groupBy: '' | VariableGroup;
  filter: FormFilter;
}

export interface FormLeaf {
  key: string;
  type: 'leaf';
  operator: ComparisonOperator;
  variable: string;
  /** '' compares with a value; else the name of another variable */
  against: string;
  value: string;
  low: string;
  high: string;
}

export interface FormGroup {
  key: string;
  type: 'composite';
  operator: CompositeOperator;
  operands: FormNode[];
}

export type FormNode = FormLeaf | FormGroup;

export interface RuleForm {
  title: string;
  description: string;
  queueId: number | null;
  eventType: RuleEventType;
  subject: RuleSubject;
  variables: FormVariable[];
  condition: FormGroup;
  alertTitle: string;
  score: string;
  /** FinCEN suspicious activity subtype codes a SAR about the rule's alerts starts with */
  sarCategories: number[];
}

/** Messages by error path (title, queue_id, spec/variables/0/name, spec/condition/operands/1/operands/1). */
export type FormErrors = Record<string, string>;

export const DEFAULT_SCORE = 50;

let counter = 0;
export const newKey = () => `r${++counter}`;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' ? String(v) : '');
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export const emptyFilter = (): FormFilter => ({
  txnTypes: [],
  actionTypes: [],
  amountLow: '',
  amountHigh: '',
  amountBelow: '',
  amountAbove: '',
  amountMultipleOf: '',
  flow: '',
});

function filterForm(raw: unknown): FormFilter {
  const f = emptyFilter();
  if (!isRecord(raw)) return f;
  f.txnTypes = strings(raw.internal_txn_type);
  f.actionTypes = strings(raw.action_type);
  if (Array.isArray(raw.amount_between)) {
    f.amountLow = text(raw.amount_between[0]);
    f.amountHigh = text(raw.amount_between[1]);
  }
  f.amountBelow = text(raw.amount_below);
  f.amountAbove = text(raw.amount_above);
  f.amountMultipleOf = text(raw.amount_multiple_of);
  f.flow = raw.flow === 'INBOUND' || raw.flow === 'OUTBOUND' ? raw.flow : '';
  return f;
}

export function newVariable(n: number): FormVariable {
  return {
    key: newKey(),
    name: `variable_${n}`,
    label: '',
    aggregation: 'count',
    field: '',
    of: ['', ''],
    window: '1440',
    groupBy: '',
    filter: emptyFilter(),
  };
}

function variableForm(raw: unknown): FormVariable {
  const v = isRecord(raw) ? raw : {};
  const setting = v.data_setting_id;
  return {
    key: newKey(),
    name: text(v.name),
    label: text(v.label),
    aggregation: (v.aggregation as Aggregation) ?? 'count',
    field: typeof setting === 'number' ? `setting:${setting}` : text(v.field),
    of: Array.isArray(v.of) ? [text(v.of[0]), text(v.of[1])] : ['', ''],
    window: text(v.window_minutes),
    groupBy: v.group_by === 'device_fingerprint' || v.group_by === 'ip_address' ? v.group_by : '',
    filter: filterForm(v.filter),
  };
}

export function newLeaf(variable = ''): FormLeaf {
  return { key: newKey(), type: 'leaf', operator: '>=', variable, against: '', value: '', low: '', high: '' };
}

export function newGroup(operator: CompositeOperator = 'AND', operands: FormNode[] = []): FormGroup {
  return { key: newKey(), type: 'composite', operator, operands };
}

function leafForm(raw: Record<string, unknown>): FormLeaf {
  const leaf = newLeaf();
  leaf.operator = (raw.operator as ComparisonOperator) ?? '>=';
  const operands: unknown[] = Array.isArray(raw.operands) ? raw.operands : [];
  const [subject, against] = operands;
  leaf.variable = isRecord(subject) ? text(subject.variable) : '';
  if (isRecord(against) && typeof against.variable === 'string') leaf.against = against.variable;
  else if (isRecord(against)) {
    const value = against.value;
    if (leaf.operator === 'between' && Array.isArray(value)) {
      leaf.low = text(value[0]);
      leaf.high = text(value[1]);
    } else if (Array.isArray(value)) leaf.value = value.map(text).join(', ');
    else leaf.value = text(value);
  }
  return leaf;
}

function nodeForm(raw: unknown): FormNode {
  if (isRecord(raw) && raw.type === 'composite') {
    return newGroup(raw.operator === 'OR' ? 'OR' : 'AND', Array.isArray(raw.operands) ? raw.operands.map(nodeForm) : []);
  }
  return leafForm(isRecord(raw) ? raw : {});
}

/** A new rule: transactions of customers, one count over a day, one condition on it. */
export function blankForm(): RuleForm {
  const first = newVariable(1);
  first.name = 'transaction_count_24h';
  first.label = 'Transactions in 24 hours';
  return {
    title: '',
    description: '',
    queueId: null,
    eventType: 'TRANSACTION',
    subject: 'ENTITY',
    variables: [first],
    condition: newGroup('AND', [{ ...newLeaf(first.name), value: '10' }]),
    alertTitle: DEFAULT_TITLE_TEMPLATE,
    score: String(DEFAULT_SCORE),
    sarCategories: [],
  };
}

export function formFromRule(rule: Rule): RuleForm {
  const spec = rule.spec;
  const root = nodeForm(spec.condition);
  return {
    title: rule.title,
    description: rule.description ?? '',
    queueId: rule.queue?.id ?? null,
    eventType: spec.event_type === 'ACTION_EVENT' ? 'ACTION_EVENT' : 'TRANSACTION',
    subject: spec.subject === 'INSTRUMENT' ? 'INSTRUMENT' : 'ENTITY',
    variables: Array.isArray(spec.variables) ? spec.variables.map(variableForm) : [],
    // the editor edits groups: a lone condition becomes the one condition of an AND group
    condition: root.type === 'composite' ? root : newGroup('AND', [root]),
    alertTitle: typeof spec.alert_title === 'string' ? spec.alert_title : DEFAULT_TITLE_TEMPLATE,
    score: spec.score === undefined ? String(DEFAULT_SCORE) : text(spec.score),
    sarCategories: Array.isArray(spec.sar_categories) ? spec.sar_categories.filter((c): c is number => Number.isInteger(c)) : [],
  };
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;
/** A typed number as a number; anything else as typed, for the checks to name. */
const num = (typed: string): unknown => (NUMBER.test(typed.trim()) ? Number(typed.trim()) : typed.trim() === '' ? undefined : typed);
/** A typed scalar: a number when it reads as one, else the text. */
const scalar = (typed: string): string | number => (NUMBER.test(typed.trim()) ? Number(typed.trim()) : typed.trim());

function filterSpec(f: FormFilter, eventType: RuleEventType): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  if (eventType === 'TRANSACTION') {
    if (f.txnTypes.length) out.internal_txn_type = f.txnTypes;
    if (f.amountLow.trim() || f.amountHigh.trim()) out.amount_between = [num(f.amountLow) ?? null, num(f.amountHigh) ?? null];
    if (f.amountBelow.trim()) out.amount_below = num(f.amountBelow);
    if (f.amountAbove.trim()) out.amount_above = num(f.amountAbove);
    if (f.amountMultipleOf.trim()) out.amount_multiple_of = num(f.amountMultipleOf);
    if (f.flow) out.flow = f.flow;
  } else if (f.actionTypes.length) out.action_type = f.actionTypes;
  return Object.keys(out).length ? out : undefined;
}

function variableSpec(v: FormVariable, eventType: RuleEventType): Record<string, unknown> {
  const out: Record<string, unknown> = { name: v.name.trim(), aggregation: v.aggregation };
  if (v.label.trim()) out.label = v.label.trim();
  const a = v.aggregation;
  if (a === 'sum') out.field = 'amount';
  if (a === 'count_distinct') out.field = v.field || undefined;
  if (a === 'value') {
    if (v.field.startsWith('setting:')) out.data_setting_id = Number(v.field.slice('setting:'.length));
    else out.field = v.field || undefined;
  }
  if (a === 'ratio') out.of = v.of;
  if (WINDOWED.includes(a) || (a === 'ratio' && v.window.trim() !== '')) out.window_minutes = num(v.window) ?? null;
  if (a !== 'ratio' && a !== 'days_since_previous') {
    const filter = filterSpec(v.filter, eventType);
    if (filter) out.filter = filter;
  }
  if ((a === 'count' || a === 'count_distinct') && v.groupBy) out.group_by = v.groupBy;
  return JSON.parse(JSON.stringify(out)) as Record<string, unknown>;
}

const LIST = /\s*,\s*/;

function nodeSpec(node: FormNode): Record<string, unknown> {
  if (node.type === 'composite') return { type: 'composite', operator: node.operator, operands: node.operands.map(nodeSpec) };
  let against: Record<string, unknown>;
  if (node.against) against = { variable: node.against };
  else if (node.operator === 'between') against = { value: [num(node.low) ?? null, num(node.high) ?? null] };
  else if (node.operator === 'in' || node.operator === 'not_in')
    against = { value: node.value.trim() === '' ? [] : node.value.trim().split(LIST).filter(Boolean).map(scalar) };
  else if (node.operator === '==' || node.operator === '!=') against = node.value.trim() === '' ? {} : { value: scalar(node.value) };
  else against = node.value.trim() === '' ? {} : { value: num(node.value) };
  return { type: 'leaf', operator: node.operator, operands: [{ variable: node.variable }, against] };
}

/** The spec the form describes, in the vocabulary of core/rule-spec.ts. */
export function specOf(form: RuleForm): Record<string, unknown> {
  const spec: Record<string, unknown> = {
    event_type: form.eventType,
    subject: form.subject,
    variables: form.variables.map((v) => variableSpec(v, form.eventType)),
    condition: nodeSpec(form.condition),
  };
  if (form.alertTitle.trim() !== '') spec.alert_title = form.alertTitle;
  const score = num(form.score);
  if (score !== undefined) spec.score = score;
  if (form.sarCategories.length) spec.sar_categories = form.sarCategories;
  return spec;
}

/** JSON with object keys sorted: two specs that say the same compare equal. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) => (isRecord(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));

/**
 * The body of a save. When the definition is as it was loaded, the stored spec goes back as it is:
 * the form writes defaults out (subject, alert title, score), and a spec that differs only by them
 * would still count as a change of what a live rule detects (a new version, activate_live_rules).
 */
export function bodyOf(form: RuleForm, loaded?: { form: RuleForm; spec: Record<string, unknown> }): RuleInput {
  const spec = specOf(form);
  const unchanged = loaded !== undefined && canonical(spec) === canonical(specOf(loaded.form));
  return { title: form.title.trim(), description: form.description.trim() || null, queue_id: form.queueId, spec: unchanged ? loaded.spec : spec };
}

export const TITLE_REQUIRED = 'A title is required.';

/** The shared checks (core/rule-spec.ts) and the title, by error path. */
export function checkForm(form: RuleForm): FormErrors {
  const problems = validateRuleSpec(specOf(form)).map((p) => ({ path: p.path ? `body/spec/${p.path}` : 'body/spec', message: p.message }));
  if (!form.title.trim()) problems.unshift({ path: 'body/title', message: TITLE_REQUIRED });
  return errorsByPath(problems, form);
}

/** The first message of each error path; server details name fields as body/spec/variables/0/name. */
export function errorsByPath(details: readonly { path?: string; message: string }[], form: RuleForm): FormErrors {
  const out: FormErrors = {};
  for (const d of details) {
    const path = errorSlot((d.path ?? '').replace(/^body\/?/, ''), form);
    if (!(path in out)) out[path] = d.message;
  }
  return out;
}

const TOP = new Set([
  'title',
  'description',
  'queue_id',
  'spec/event_type',
  'spec/subject',
  'spec/alert_title',
  'spec/score',
  'spec/variables',
  'spec/condition',
]);
const VARIABLE_FIELDS = new Set(['name', 'label', 'aggregation', 'field', 'data_setting_id', 'of', 'window_minutes', 'group_by', 'filter']);
const FILTER_FIELDS = new Set(['internal_txn_type', 'action_type', 'amount_between', 'amount_below', 'amount_above', 'amount_multiple_of', 'flow']);

/**
 * The path of the field that shows an error at `path`: the field itself when the editor has one,
 * else the nearest part that does (a variable, a condition); '' for what no field shows (the
 * summary above the form lists it). Under the condition, "operands/i" is a child of a group or, in
 * a leaf, the variable (0) or the value (1): the form's tree tells which.
 */
export function errorSlot(path: string, form: RuleForm): string {
  if (TOP.has(path)) return path;
  const parts = path.split('/');
  if (parts[0] !== 'spec') return '';
  if (parts[1] === 'variables' && /^\d+$/.test(parts[2] ?? '')) {
    const at = `spec/variables/${parts[2]}`;
    const field = parts[3];
    if (field === undefined || !VARIABLE_FIELDS.has(field)) return at;
    if (field === 'data_setting_id') return `${at}/field`;
    if (field === 'of' && (parts[4] === '0' || parts[4] === '1')) return `${at}/of/${parts[4]}`;
    if (field === 'filter' && parts[4] !== undefined) return FILTER_FIELDS.has(parts[4]) ? `${at}/filter/${parts[4]}` : `${at}/filter`;
    return `${at}/${field}`;
  }
  if (parts[1] === 'condition') {
    let node: FormNode | undefined = form.condition;
    let at = 'spec/condition';
    let i = 2;
    while (i < parts.length) {
      const part = parts[i];
      if (part === 'operands' && i + 1 < parts.length && node) {
        const index = Number(parts[i + 1]);
        if (node.type === 'leaf') return index === 0 || index === 1 ? `${at}/operands/${index}` : at;
        node = node.operands[index];
        if (!node) return at;
        at = `${at}/operands/${index}`;
        i += 2;
        continue;
      }
      if (part === 'operator') return `${at}/operator`;
      if (part === 'operands') return `${at}/operands`;
      return at;
    }
    return at;
  }
  return '';
}

/** The form without its React keys: two forms with the same content compare equal. */
export function formContent(form: RuleForm): string {
  return JSON.stringify(form, (k, v: unknown) => (k === 'key' ? undefined : v));
}
