// Labels of the risk model editor: parameter families, mapping operators, metric types, segment
// filter columns, validation statuses, and the metric names the engine computes itself.
import type { components } from '../../../../openapi/schema';

type S = components['schemas'];

export const PARAMETER_TYPES: readonly S['RiskParameterType'][] = [
  'address_risk',
  'new_member_risk',
  'customer_information_risk',
  'suspicious_activity_risk',
  'alert_and_case_risk',
  'custom_data_risk',
  'rule_risk',
];

export { PARAMETER_LABELS } from '../../../features/risk/risk-trace.utils';

/** Spec part 2 section 9: greater than, less than, equal to, not equal to, in between. */
export const OPERATORS: readonly S['RiskMappingOperator'][] = ['greater_than', 'less_than', 'equal_to', 'not_equal_to', 'in_between'];
export const OPERATOR_LABELS: Record<S['RiskMappingOperator'], string> = {
  greater_than: 'Greater than',
  less_than: 'Less than',
  equal_to: 'Equal to',
  not_equal_to: 'Not equal to',
  in_between: 'In between',
};
/** Text metrics compare with equal to or not equal to only (core/risk/model.validation.ts). */
export const TEXT_OPERATORS: readonly S['RiskMappingOperator'][] = ['equal_to', 'not_equal_to'];

export const METRIC_TYPE_LABELS: Record<S['RiskMetricType'], string> = { text: 'Text', number: 'Number' };

export const FILTER_COLUMN_LABELS: Record<string, string> = {
  entity_type: 'Entity type',
  status: 'Status',
  internal_status: 'Internal status',
  org_type: 'Organisation type',
  name_readable: 'Name',
  external_id: 'External id',
};

export const STATUS_LABELS: Record<S['RiskModelStatus'], string> = { draft: 'Draft', active: 'Active', archived: 'Archived' };
export const STATUS_TONES: Record<S['RiskModelStatus'], 'success' | 'default' | 'neutral'> = { active: 'success', draft: 'default', archived: 'neutral' };

export const VALIDATION_LABELS: Record<S['ValidationStatus'], string> = {
  queued: 'Queued',
  in_progress: 'In progress',
  success: 'Success',
  failed: 'Failed',
};
export const VALIDATION_TONES: Record<S['ValidationStatus'], 'success' | 'error' | 'warning'> = {
  queued: 'warning',
  in_progress: 'warning',
  success: 'success',
  failed: 'error',
};
export const NOT_VALIDATED = 'Not validated';

/** Metric names the engine computes from the entity's own records (server/domain/risk/constants.ts). */
export const ENGINE_METRICS: readonly { name: string; label: string }[] = [
  { name: 'address_region', label: 'Region of the address (its last part)' },
  { name: 'address', label: 'Whole address' },
  { name: 'account_age_months', label: 'Age of record in months' },
  { name: 'account_age_days', label: 'Age of record in days' },
  { name: 'sar_count_12m', label: 'SARs in the past 12 months' },
  { name: 'alert_count_12m', label: 'Alerts in the past 12 months' },
  { name: 'case_count_12m', label: 'Cases in the past 12 months' },
  { name: 'rule_alert_count_12m', label: "Alerts of the parameter's rules in the past 12 months" },
];

/** The spec's texts, verbatim where it gives them. */
export const ONLY_ONE_ACTIVE_TEXT = 'Only one active risk model is allowed.';
export const SINGLE_ACTIVE_CODE = 'single_active_risk_model_error';
