/**
 * The scoring engine's view of a risk model (spec part 2 sections 3 and 9), normalised from what is
 * stored: models may hold string ids ("segment-individuals"), upper-case enums (ADDRESS_RISK,
 * GREATER_THAN) or the contract's lower-case ones, `type` or `parameter_type`. The engine only ever
 * sees this shape, so every stored variant scores the same way.
 */

export type ParameterType =
  'address_risk' | 'new_member_risk' | 'customer_information_risk' | 'suspicious_activity_risk' | 'alert_and_case_risk' | 'custom_data_risk' | 'rule_risk';

export type MappingOperator = 'greater_than' | 'less_than' | 'equal_to' | 'not_equal_to' | 'in_between';

export interface EngineMapping {
  /** position in the metric's list, so a trace names the mapping that matched */
  index: number;
  risk: number;
  operator: MappingOperator;
  value?: number | string;
  start?: number;
  end?: number;
}

export interface EngineMetric {
  metric: string;
  metric_type: 'text' | 'number';
  /** risk when the entity has no value for the metric */
  unknown_risk: number;
  /** risk when the value is known but no mapping matches; null means 0 */
  unscored_risk: number | null;
  custom_data_setting_id: number | null;
  risk_mappings: EngineMapping[];
}

export interface EngineParameter {
  /** the stored id, as written into the snapshot (the contract mapper turns it into an integer) */
  id: string | number;
  type: ParameterType;
  weight: number;
  args: Record<string, unknown>;
  metrics: EngineMetric[];
}

export interface SegmentFilter {
  /** an entity column (entity_type, status, internal_status, org_type) or `data_setting:<id>` */
  field: string;
  operator: MappingOperator;
  value?: number | string;
  start?: number;
  end?: number;
}

export interface EngineSegment {
  id: string | number;
  title: string;
  filters: SegmentFilter[];
  parameters: EngineParameter[];
}

export interface EngineModel {
  id: number;
  high_risk_floor: number;
  low_risk_ceiling: number;
  segments: EngineSegment[];
}

/** What scoreEntities accepts: a risk_models row (or the same fields from the contract). */
export interface RiskModelInput {
  id: number;
  segments?: unknown;
  entity_risk_segments?: unknown;
  high_risk_floor?: number | null;
  low_risk_ceiling?: number | null;
}

/** Why a metric's risk came from a default rather than a mapping. */
export type DefaultUsed = 'unknown_risk' | 'unscored_risk' | null;

export interface RiskMappingTrace {
  /** the mapping that set the risk (the highest-risk match), null when a default was used */
  matched_mapping: { index: number; operator: MappingOperator; value?: number | string; start?: number; end?: number; risk: number } | null;
  default_used: DefaultUsed;
  /** a default (unknown or unscored risk) was used and it gave risk above zero */
  default_high: boolean;
}

export interface MetricTrace {
  risk_metric: string;
  risk_metric_tracking_id: string;
  risk: number;
  risk_metric_trace: { raw_value: string | number | boolean | null; risk_mapping_trace: RiskMappingTrace };
}

/** One parameter in risk_score_results.snapshot.trace (spec part 2 "Risk score result"). */
export interface TraceItem {
  parameter: ParameterType;
  weight: number;
  parameter_trace: {
    parameter_risk_score: number;
    parameter_id: string | number;
    /** the metric that set the parameter's risk (the highest of its metrics) */
    risk_metric: string;
    risk_metric_tracking_id: string;
    risk_metric_trace: MetricTrace['risk_metric_trace'];
    /** every metric of the parameter, for parameters with more than one */
    metrics?: MetricTrace[];
  };
}

export interface RiskSnapshot {
  entity_segment_title: string;
  entity_segment_id: string | number;
  risk_model_id: number;
  /** Σ weight × risk / Σ weight, before rounding */
  weight_total: number;
  trace: TraceItem[];
}

export type RiskCategory = 'low' | 'medium' | 'high';

export interface ScoreResult {
  entityId: number;
  externalId: string;
  /** null when no segment's filters take the entity (it stays unscored) */
  score: number | null;
  category: RiskCategory | null;
  snapshot: RiskSnapshot | null;
}

/**
 * What risk_score_results.snapshot holds for scores the engine writes (version 2): the segment, then
 * each metric's raw value and outcome, flat, in the segment's parameter and metric order. An
 * outcome is the index of the mapping that matched, or OUTCOME_UNKNOWN / OUTCOME_UNSCORED for the
 * default used. Scores are written only under models that can no longer change (active or archived),
 * so the full trace (weights, parameter risks, mappings) is rebuilt exactly from the model when read,
 * and a row stays a few hundred bytes instead of kilobytes.
 */
export interface StoredSnapshot {
  v: 2;
  entity_segment_id: string | number;
  entity_segment_title: string;
  /** raw value, outcome, raw value, outcome, ... for every metric of every parameter of the segment */
  values: Array<string | number | boolean | null>;
}

/** One entity scored, in the shape that is written (the trace kept lean). */
export interface Evaluated {
  entityId: number;
  externalId: string;
  score: number | null;
  category: RiskCategory | null;
  stored: StoredSnapshot | null;
}

export interface ValidationDistribution {
  low: number;
  medium: number;
  high: number;
  /** every entity of the organisation, including those no segment takes */
  total: number;
  /** entities no segment's filters take (in total, in no band) */
  excluded: number;
}
