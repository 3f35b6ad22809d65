import type { MappingOperator, ParameterType } from './types.js';

/** Spec part 2 section 9: risk bounds, weights and default thresholds. */
export const RISK_MIN = 0;
export const RISK_MAX = 100;
export const WEIGHT_MIN = 0;
export const WEIGHT_MAX = 1;
export const DEFAULT_WEIGHT = 0.5;
export const DEFAULT_LOW_RISK_CEILING = 40;
export const DEFAULT_HIGH_RISK_FLOOR = 80;

export const PARAMETER_TYPES: readonly ParameterType[] = [
  'address_risk',
  'new_member_risk',
  'customer_information_risk',
  'suspicious_activity_risk',
  'alert_and_case_risk',
  'custom_data_risk',
  'rule_risk',
];

export const MAPPING_OPERATORS: readonly MappingOperator[] = ['greater_than', 'less_than', 'equal_to', 'not_equal_to', 'in_between'];

/** Counts look back this far ("count in past 12 months"). */
export const LOOKBACK_MONTHS = 12;

/** SAR statuses counted (spec part 2 section 9), verbatim. */
export const SAR_STATUSES_COUNTED = ['SUBMITTING', 'SUBMISSION_ACCEPTED', 'SUBMISSION_SUCCESSFUL', 'ARCHIVED'] as const;

/**
 * The spec names SAR statuses of the filing service (SUBMITTING...) while stored SARs carry the
 * FinCEN lifecycle of part 2 section 3. Each counted name also counts its lifecycle equivalents,
 * so "submitted" SARs are counted whichever vocabulary wrote them.
 */
export const SAR_STATUS_EQUIVALENTS: Record<string, readonly string[]> = {
  SUBMITTING: ['QUEUED_FOR_FILING', 'SENDING_TO_FINCEN'],
  SUBMISSION_ACCEPTED: ['SENT_TO_FINCEN', 'FINCEN_ACCEPTED'],
  SUBMISSION_SUCCESSFUL: ['FILING_SUCCESS'],
  ARCHIVED: [],
};

/** Alerts counted: true-positive, closed, transaction-monitoring type. Cases: true-positive and closed. */
export const COUNTED_ALERT = { status: 'CLOSED', disposition: 'TRUE_POSITIVE', alert_type: 'TRANSACTION_MONITORING' } as const;
export const COUNTED_CASE = { status: 'CLOSED', disposition: 'TRUE_POSITIVE' } as const;

/**
 * Metrics the engine computes from the entity's own records, by family. Any other metric name is
 * read from the metric's custom data setting (custom_data_setting_id), or from an entity column of
 * the same name (ENTITY_COLUMNS).
 */
export const METRICS = {
  /** text: the address setting's last comma-separated part ("…, Springfield, IL" gives "IL") */
  address_region: 'address_region',
  /** text: the address setting's whole value */
  address: 'address',
  /** number: whole months since registration (created_at when registered_at is unknown) */
  account_age_months: 'account_age_months',
  account_age_days: 'account_age_days',
  sar_count_12m: 'sar_count_12m',
  alert_count_12m: 'alert_count_12m',
  case_count_12m: 'case_count_12m',
  /** number: alerts in the past 12 months raised by the rules of parameter_args.rule_ids (any rule when empty) */
  rule_alert_count_12m: 'rule_alert_count_12m',
} as const;

export const ENTITY_COLUMNS = ['entity_type', 'status', 'internal_status', 'org_type', 'name_readable', 'external_id'] as const;

/** The metric each family reads when a parameter names none of its own (a default model). */
export const FAMILY_DEFAULT_METRIC: Record<ParameterType, string> = {
  address_risk: METRICS.address_region,
  new_member_risk: METRICS.account_age_months,
  customer_information_risk: 'kyc_level',
  suspicious_activity_risk: METRICS.sar_count_12m,
  alert_and_case_risk: METRICS.alert_count_12m,
  custom_data_risk: '',
  rule_risk: METRICS.rule_alert_count_12m,
};

/** Rescoring reads and writes this many entities per step of the durable job. */
export const RESCORE_BATCH = 5_000;
export const RESCORE_JOB = 'risk.rescore_all';
export const SCORE_ENTITIES_JOB = 'risk.score_entities';

/** Outcomes in a stored snapshot when no mapping matched: the unknown risk (no value) or the unscored risk. */
export const OUTCOME_UNKNOWN = -1;
export const OUTCOME_UNSCORED = -2;
