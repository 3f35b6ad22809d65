// A score's trace (spec part 2, section 3 "Risk score result") as the risk tab reads it: one row per
// parameter with its weight, risk score and share of the score, the metric's raw value, and the
// mapping that matched or the default that applied. Mapped once here so the components take plain
// rows (the wire keeps two recorded mapping shapes, see the contract's RiskMatchedMapping).
import type { components } from '../../../openapi/schema';

type S = components['schemas'];
export type EntityRiskScore = S['EntityRiskScore'];
export type RiskScoreResult = S['RiskScoreResult'];
type TraceItem = S['RiskTraceItem'];
type MatchedMapping = S['RiskMatchedMapping'];

export type ScoredBy = { kind: 'mapping'; text: string } | { kind: 'default'; which: 'unknown_risk' | 'unscored_risk'; text: string; high: boolean };

export interface TraceRow {
  parameterId: number;
  parameter: string;
  weight: number;
  risk: number;
  /** Points this parameter adds to the score: its weight times its risk, over the segment's weights. */
  contribution: number;
  metric: string;
  rawValue: string;
  scoredBy: ScoredBy;
}

/** The risk parameters in words (the trace here, the model editor). */
export const PARAMETER_LABELS: Record<S['RiskParameterType'], string> = {
  address_risk: 'Address risk',
  new_member_risk: 'New member risk',
  customer_information_risk: 'Customer information risk',
  suspicious_activity_risk: 'Suspicious activity risk',
  alert_and_case_risk: 'Alert and case risk',
  custom_data_risk: 'Custom data risk',
  rule_risk: 'Rule risk',
};

/** The engine's own metrics (server/domain/risk/constants.ts METRICS) in words. */
const METRIC_LABELS: Record<string, string> = {
  address: 'Address',
  address_region: 'Address region',
  address_region_risk: 'Address region risk',
  account_age_months: 'Age of record (months)',
  account_age_days: 'Age of record (days)',
  sar_count_12m: 'SARs in the past 12 months',
  alert_count_12m: 'Alerts in the past 12 months',
  case_count_12m: 'Cases in the past 12 months',
  rule_alert_count_12m: 'Rule alerts in the past 12 months',
  kyc_level: 'KYC level',
};

const OPERATOR_LABELS: Record<string, string> = {
  greater_than: 'greater than',
  less_than: 'less than',
  equal_to: 'equal to',
  not_equal_to: 'not equal to',
  in_between: 'in between',
};

export const parameterLabel = (type: S['RiskParameterType']) => PARAMETER_LABELS[type] ?? type;

export function metricLabel(name: string): string {
  if (!name) return '—';
  const known = METRIC_LABELS[name];
  if (known) return known;
  const words = name.replace(/[_.]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const formatNumber = (n: number) => numberFormat.format(n);

export function formatRawValue(value: string | number | boolean | null): string {
  if (value === null) return 'Unknown';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return formatNumber(value);
  return value === '' ? 'Unknown' : value;
}

const quote = (v: number | string) => (typeof v === 'number' ? formatNumber(v) : `“${v}”`);

/** "greater than 60", "in between 3 and 6", "equal to “BASIC”", from either recorded shape. */
export function describeMapping(m: MatchedMapping): string {
  const operator = (m.operator ?? m.content?.operator ?? '').toLowerCase();
  const value = m.value ?? m.content?.value;
  const start = m.start ?? m.content?.start;
  const end = m.end ?? m.content?.end;
  const label = OPERATOR_LABELS[operator] ?? operator.replace(/_/g, ' ');
  if (operator === 'in_between' && start !== undefined && end !== undefined) return `${label} ${quote(start)} and ${quote(end)}`;
  return value === undefined ? label : `${label} ${quote(value)}`;
}

function scoredBy(item: TraceItem): ScoredBy {
  const trace = item.parameter_trace.risk_metric_trace;
  const mapping = trace.risk_mapping_trace;
  if (mapping.matched_mapping) return { kind: 'mapping', text: describeMapping(mapping.matched_mapping) };
  // traces written before default_used was recorded: no value means the unknown risk applied
  const which = mapping.default_used ?? (trace.raw_value === null ? 'unknown_risk' : 'unscored_risk');
  const text = which === 'unknown_risk' ? 'No value: unknown risk' : 'No mapping matched: unscored risk';
  return { kind: 'default', which, text, high: mapping.default_high };
}

export function traceRows(result: RiskScoreResult): TraceRow[] {
  const items = result.snapshot.trace;
  const weights = items.reduce((sum, t) => sum + t.weight, 0);
  return items.map((item) => ({
    parameterId: item.parameter_trace.parameter_id,
    parameter: parameterLabel(item.parameter),
    weight: item.weight,
    risk: item.parameter_trace.parameter_risk_score,
    contribution: weights > 0 ? (item.weight * item.parameter_trace.parameter_risk_score) / weights : 0,
    metric: metricLabel(item.parameter_trace.risk_metric),
    rawValue: formatRawValue(item.parameter_trace.risk_metric_trace.raw_value),
    scoredBy: scoredBy(item),
  }));
}

export { formatNumber };
