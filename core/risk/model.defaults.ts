import type { components } from '../../openapi/schema';
import {
  ALERTS_COUNTED,
  CASES_COUNTED,
  DEFAULT_HIGH_RISK_FLOOR,
  DEFAULT_LOW_RISK_CEILING,
  DEFAULT_WEIGHT,
  LOOKBACK_MONTHS,
  METRICS,
  SAR_STATUSES_COUNTED,
} from './constants';

/**
 * What a new risk model starts with (spec part 2 section 9), so a fresh draft scores something
 * useful before anyone edits it: thresholds low 40 and high 80; one segment taking every entity;
 * address, new member (age of record), suspicious activity and alert and case parameters at the
 * default weight 0.5. Pure: the server creates drafts from it and the editor adds parameters from it.
 */

type S = components['schemas'];

/** The engine's metric names (METRICS) that the defaults use. */
export const DEFAULT_METRICS = {
  address: METRICS.address_region,
  ageOfRecord: METRICS.account_age_months,
  sars: METRICS.sar_count_12m,
  alerts: METRICS.alert_count_12m,
  cases: METRICS.case_count_12m,
} as const;

/** Unknown risk: 100 for address and registration (age of record) metrics, 0 otherwise. */
export function defaultUnknownRisk(type: S['RiskParameterType']): number {
  return type === 'address_risk' || type === 'new_member_risk' ? 100 : 0;
}

const under = (months: number, risk: number): S['RiskMapping'] => ({ method: 'numeric_comparison', risk, content: { operator: 'less_than', value: months } });
const anyInPastYear = (): S['RiskMapping'] => ({ method: 'numeric_comparison', risk: 100, content: { operator: 'greater_than', value: 0 } });

function metric(type: S['RiskParameterType'], name: string, metricType: S['RiskMetricType'], mappings: S['RiskMapping'][]): S['RiskMetric'] {
  return {
    metric: name,
    metric_type: metricType,
    unknown_risk: defaultUnknownRisk(type),
    // a known value that no mapping takes adds no risk
    unscored_risk: 0,
    risk_mappings: mappings,
    custom_data_setting_id: null,
  };
}

/** The metrics a parameter of this type starts with in the editor. */
export function defaultMetrics(type: S['RiskParameterType']): S['RiskMetric'][] {
  switch (type) {
    case 'address_risk':
      // no address on record is the risk; which regions are risky is the organisation's to map
      return [metric(type, DEFAULT_METRICS.address, 'text', [])];
    case 'new_member_risk':
      // age of record: under 3 months 100, under 6 80, under 9 60, under 12 40 (the highest match wins)
      return [metric(type, DEFAULT_METRICS.ageOfRecord, 'number', [under(3, 100), under(6, 80), under(9, 60), under(12, 40)])];
    case 'suspicious_activity_risk':
      return [metric(type, DEFAULT_METRICS.sars, 'number', [anyInPastYear()])];
    case 'alert_and_case_risk':
      return [metric(type, DEFAULT_METRICS.alerts, 'number', [anyInPastYear()]), metric(type, DEFAULT_METRICS.cases, 'number', [anyInPastYear()])];
    case 'rule_risk':
      return [metric(type, METRICS.rule_alert_count_12m, 'number', [anyInPastYear()])];
    default:
      // customer information and custom data metrics read a data setting the agent picks
      return [metric(type, '', 'text', [])];
  }
}

/** The arguments a parameter of this type starts with (what its counts include). */
export function defaultParameterArgs(type: S['RiskParameterType']): Record<string, unknown> {
  switch (type) {
    case 'suspicious_activity_risk':
      return { sar_statuses: [...SAR_STATUSES_COUNTED], lookback_months: LOOKBACK_MONTHS };
    case 'alert_and_case_risk':
      return {
        alerts: { statuses: [...ALERTS_COUNTED.statuses], dispositions: [...ALERTS_COUNTED.dispositions], alert_types: [...ALERTS_COUNTED.alert_types] },
        cases: { statuses: [...CASES_COUNTED.statuses], dispositions: [...CASES_COUNTED.dispositions] },
        lookback_months: LOOKBACK_MONTHS,
      };
    case 'rule_risk':
      return { rule_ids: [], lookback_months: LOOKBACK_MONTHS };
    default:
      return {};
  }
}

export function defaultParameter(id: number, type: S['RiskParameterType']): S['RiskParameter'] {
  return { id, parameter_type: type, weight: DEFAULT_WEIGHT, parameter_args: defaultParameterArgs(type), metrics: defaultMetrics(type) };
}

/** The parameters a new model's segment starts with. */
export const DEFAULT_PARAMETER_TYPES: readonly S['RiskParameterType'][] = [
  'address_risk',
  'new_member_risk',
  'suspicious_activity_risk',
  'alert_and_case_risk',
];

export const DEFAULT_SEGMENT_TITLE = 'All customers';

export function defaultSegments(): S['EntityRiskSegment'][] {
  return [{ id: 1, title: DEFAULT_SEGMENT_TITLE, filters: [], parameters: DEFAULT_PARAMETER_TYPES.map((type, i) => defaultParameter(i + 1, type)) }];
}

/** A new draft's editable fields. */
export function defaultRiskModel(title: string) {
  return {
    title,
    description: null as string | null,
    high_risk_floor: DEFAULT_HIGH_RISK_FLOOR,
    low_risk_ceiling: DEFAULT_LOW_RISK_CEILING,
    entity_risk_segments: defaultSegments(),
  };
}
