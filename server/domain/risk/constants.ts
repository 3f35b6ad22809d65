import { ALERTS_COUNTED, CASES_COUNTED, METRICS } from '../../../core/risk/constants.js';
import type { MappingOperator, ParameterType } from './types.js';

/** The engine's own names and numbers; what the editor and the display share is in core/risk/constants.ts. */

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

/** The alert and case the counting metrics count (ALERTS_COUNTED, CASES_COUNTED), as the engine's queries test them. */
export const COUNTED_ALERT = {
  status: ALERTS_COUNTED.statuses[0],
  disposition: ALERTS_COUNTED.dispositions[0],
  alert_type: ALERTS_COUNTED.alert_types[0],
} as const;
export const COUNTED_CASE = { status: CASES_COUNTED.statuses[0], disposition: CASES_COUNTED.dispositions[0] } as const;

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
