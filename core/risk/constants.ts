/**
 * The risk rating's numbers and names (spec part 2, section 9), stated once for the engine
 * (server/domain/risk), the risk model editor and the risk display: risk bounds and weights, the
 * default thresholds, what the counting metrics count, and the metric and column names a model uses.
 */

export const RISK_MIN = 0;
export const RISK_MAX = 100;
export const WEIGHT_MIN = 0;
export const WEIGHT_MAX = 1;
export const DEFAULT_WEIGHT = 0.5;

/** Default thresholds, used when no risk model is active: below 40 is low risk, above 80 high. */
export const DEFAULT_LOW_RISK_CEILING = 40;
export const DEFAULT_HIGH_RISK_FLOOR = 80;

/** Counts look back this far ("count in past 12 months"). */
export const LOOKBACK_MONTHS = 12;

/** Counted by the suspicious activity and alert and case metrics, verbatim from the spec. */
export const SAR_STATUSES_COUNTED = ['SUBMITTING', 'SUBMISSION_ACCEPTED', 'SUBMISSION_SUCCESSFUL', 'ARCHIVED'] as const;
export const ALERTS_COUNTED = { statuses: ['CLOSED'], dispositions: ['TRUE_POSITIVE'], alert_types: ['TRANSACTION_MONITORING'] } as const;
export const CASES_COUNTED = { statuses: ['CLOSED'], dispositions: ['TRUE_POSITIVE'] } as const;

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

/**
 * The entity columns a segment filter (and a metric of the same name) may read; a filter may also
 * test a data setting's value, written data_setting:{id} (DATA_SETTING_FIELD).
 */
export const ENTITY_COLUMNS = ['entity_type', 'status', 'internal_status', 'org_type', 'name_readable', 'external_id'] as const;
export const DATA_SETTING_FIELD = /^data_setting:([1-9][0-9]{0,9})$/;
