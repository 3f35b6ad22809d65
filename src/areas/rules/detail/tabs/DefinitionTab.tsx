// The Definition tab: what the rule judges, its variables in words (aggregation, field, filters,
// window, whose events) and its condition tree with the operators' words of
// core/rule-conditions.ts, then the alert it raises (title template and score).
import { operatorText, valueText, type ComparisonOperator } from '../../../../../core/rule-conditions';
import { DEFAULT_TITLE_TEMPLATE, type Aggregation, type DistinctField, type VariableGroup } from '../../../../../core/rule-spec';
import type { DataSetting } from '../../../../api/data-settings/queries';
import type { Rule } from '../../../../api/rules/queries';
import {
  AGGREGATION_LABELS,
  DISTINCT_LABELS,
  EVENT_TYPE_LABELS,
  FLOW_LABELS,
  GROUP_LABELS,
  SUBJECT_LABELS,
  typeLabel,
  windowText,
} from '../../rules.constants';
import { DEFAULT_SCORE } from '../../editor/rule.form';
import { Fact } from '../../../../ui/Facts';
import { listText as t, PageIntro } from '../../../../ui/WholeList';
import { Section } from '../../../../ui/Section';
import * as s from '../../rules.styles';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const money = (v: unknown) => (typeof v === 'number' ? v.toLocaleString('en-US', { maximumFractionDigits: 2 }) : valueText(v));

/** A variable's filter in words ("Cash deposit; amount 9,000 to 9,999.99; received"). */
export function filterText(filter: unknown): string | null {
  if (!isRecord(filter)) return null;
  const parts: string[] = [];
  const list = (v: unknown) => (Array.isArray(v) ? v.map((t) => typeLabel(String(t))).join(', ') : '');
  if (filter.internal_txn_type) parts.push(list(filter.internal_txn_type));
  if (filter.action_type) parts.push(list(filter.action_type));
  if (Array.isArray(filter.amount_between)) parts.push(`amount ${money(filter.amount_between[0])} to ${money(filter.amount_between[1])}`);
  if (filter.amount_below !== undefined) parts.push(`amount below ${money(filter.amount_below)}`);
  if (filter.amount_above !== undefined) parts.push(`amount above ${money(filter.amount_above)}`);
  if (filter.amount_multiple_of !== undefined) parts.push(`round amounts (multiples of ${money(filter.amount_multiple_of)})`);
  if (filter.flow === 'INBOUND' || filter.flow === 'OUTBOUND') parts.push(FLOW_LABELS[filter.flow].toLowerCase());
  return parts.length ? parts.join('; ') : null;
}

function VariableItem({ variable, settings }: { variable: Record<string, unknown>; settings: readonly DataSetting[] }) {
  const aggregation = variable.aggregation as Aggregation;
  const filter = filterText(variable.filter);
  const setting = typeof variable.data_setting_id === 'number' ? settings.find((d) => d.id === variable.data_setting_id) : undefined;
  const details: string[] = [];
  if (aggregation === 'count_distinct') details.push(`of ${(DISTINCT_LABELS[variable.field as DistinctField] ?? String(variable.field)).toLowerCase()}`);
  if (aggregation === 'value')
    details.push(
      typeof variable.data_setting_id === 'number' ? `custom field ${setting ? setting.user_facing_label : `#${variable.data_setting_id}`}` : 'the amount',
    );
  if (aggregation === 'ratio' && Array.isArray(variable.of)) details.push(`${String(variable.of[0])} ÷ ${String(variable.of[1])}`);
  if (variable.window_minutes !== undefined && aggregation !== 'ratio') details.push(`over ${windowText(variable.window_minutes)}`);
  if (typeof variable.group_by === 'string') details.push(GROUP_LABELS[variable.group_by as VariableGroup]?.toLowerCase() ?? variable.group_by);
  return (
    <li className={s.variable}>
      <div>
        <code className={s.code}>{String(variable.name)}</code> {typeof variable.label === 'string' ? variable.label : null}
      </div>
      <div className={t.muted}>
        {AGGREGATION_LABELS[aggregation] ?? String(aggregation)}
        {details.length ? ` ${details.join(', ')}` : ''}
        {filter ? ` — ${filter}` : ''}
      </div>
    </li>
  );
}

function Condition({ node, labels }: { node: unknown; labels: Map<string, string> }) {
  if (!isRecord(node)) return <span>—</span>;
  if (node.type === 'composite') {
    const operands: unknown[] = Array.isArray(node.operands) ? node.operands : [];
    return (
      <div>
        <span className={s.treeOperator}>{node.operator === 'OR' ? 'Any of (OR)' : 'All of (AND)'}</span>
        <ul className={s.tree}>
          {operands.map((child, i) => (
            <li key={i}>
              <Condition node={child} labels={labels} />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const [subject, against] = Array.isArray(node.operands) ? (node.operands as unknown[]) : [];
  const name = (operand: unknown) => (isRecord(operand) && typeof operand.variable === 'string' ? operand.variable : null);
  const left = name(subject);
  const right = name(against);
  const value = isRecord(against) ? against.value : undefined;
  const operator = node.operator as ComparisonOperator;
  const text = right ?? (operator === 'between' && Array.isArray(value) ? `${valueText(value[0])} and ${valueText(value[1])}` : valueText(value));
  return (
    <span>
      <code className={s.code}>{left ?? '—'}</code>
      {left && labels.get(left) ? <span className={t.muted}> ({labels.get(left)})</span> : null} <strong>{operatorText(operator) ?? String(operator)}</strong>{' '}
      {right ? <code className={s.code}>{right}</code> : text}
    </span>
  );
}

export function DefinitionTab({ rule, settings }: { rule: Rule; settings: readonly DataSetting[] }) {
  const spec = rule.spec;
  const variables = Array.isArray(spec.variables) ? spec.variables.filter(isRecord) : [];
  const labels = new Map(variables.flatMap((v) => (typeof v.label === 'string' && typeof v.name === 'string' ? [[v.name, v.label] as const] : [])));
  const eventType = spec.event_type === 'ACTION_EVENT' ? 'ACTION_EVENT' : 'TRANSACTION';
  const subject = spec.subject === 'INSTRUMENT' ? 'INSTRUMENT' : 'ENTITY';
  return (
    <div className={s.column}>
      <Section id="rule-def-what" title="What it judges">
        {rule.description ? <PageIntro>{rule.description}</PageIntro> : null}
        <dl className={s.facts}>
          <Fact label="Event type">{EVENT_TYPE_LABELS[eventType]}</Fact>
          <Fact label="Subject">{SUBJECT_LABELS[subject]}</Fact>
          <Fact label="Alert title">{typeof spec.alert_title === 'string' ? spec.alert_title : DEFAULT_TITLE_TEMPLATE}</Fact>
          <Fact label="Score">{typeof spec.score === 'number' ? spec.score : DEFAULT_SCORE}</Fact>
        </dl>
      </Section>
      <Section id="rule-def-variables" title="Variables">
        <ul className={s.variables}>
          {variables.map((v, i) => (
            <VariableItem key={i} variable={v} settings={settings} />
          ))}
        </ul>
      </Section>
      <Section id="rule-def-condition" title="Condition">
        <Condition node={spec.condition} labels={labels} />
      </Section>
    </div>
  );
}
