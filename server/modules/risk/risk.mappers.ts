import type { components } from '../../../openapi/schema.js';
import { iso, type Ts } from '../../db/sql.js';
import { scalarText } from '../../../core/scalar-text.js';

/**
 * Stored risk models and score snapshots in the contract's shapes. Segments and parameters may be
 * stored with string ids ("segment-individuals") and upper-case enum values (ADDRESS_RISK,
 * NUMERIC_COMPARISON, GREATER_THAN); the contract answers integer ids (the position in the model,
 * 1-based, when the stored id is not an integer) and lower-case enum values. Score snapshots refer to
 * segments and parameters by their stored ids, so they are mapped through the same model.
 */

type S = components['schemas'];
type Json = Record<string, unknown>;

const PARAMETER_TYPES = new Set<string>([
  'address_risk',
  'new_member_risk',
  'customer_information_risk',
  'suspicious_activity_risk',
  'alert_and_case_risk',
  'custom_data_risk',
  'rule_risk',
]);
const OPERATORS = new Set<string>(['greater_than', 'less_than', 'equal_to', 'not_equal_to', 'in_between']);

const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const snake = (v: unknown) =>
  scalarText(v)
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
const key = (v: unknown) => scalarText(v);

function parameterType(v: unknown): S['RiskParameterType'] {
  const t = snake(v);
  return (PARAMETER_TYPES.has(t) ? t : 'custom_data_risk') as S['RiskParameterType'];
}

function mapping(raw: unknown): S['RiskMapping'] {
  const m = obj(raw);
  const c = obj(m.content);
  const operator = snake(c.operator);
  const content: S['RiskMappingContent'] = { operator: (OPERATORS.has(operator) ? operator : 'equal_to') as S['RiskMappingOperator'] };
  if (typeof c.value === 'number' || typeof c.value === 'string') content.value = c.value;
  if (typeof c.start === 'number') content.start = c.start;
  if (typeof c.end === 'number') content.end = c.end;
  // text matches are comparisons too (equal_to a string value): the contract has no separate method
  const method = snake(m.method) === 'in_between' ? 'in_between' : 'numeric_comparison';
  return { method, risk: clamp(num(m.risk, 0), 0, 100), content };
}

/** A segment filter with the contract's lower-case operator (stored ones may be upper-case). */
function filter(raw: unknown): Json {
  const f = obj(raw);
  return typeof f.operator === 'string' ? { ...f, operator: snake(f.operator) } : f;
}

function metric(raw: unknown): S['RiskMetric'] {
  const m = obj(raw);
  const unscored = m.unscored_risk;
  return {
    metric: key(m.metric),
    metric_type: snake(m.metric_type) === 'text' ? 'text' : 'number',
    unknown_risk: clamp(num(m.unknown_risk, 0), 0, 100),
    unscored_risk: typeof unscored === 'number' ? clamp(unscored, 0, 100) : null,
    risk_mappings: list(m.risk_mappings).map(mapping),
    custom_data_setting_id: typeof m.custom_data_setting_id === 'number' ? m.custom_data_setting_id : null,
  };
}

/** Integer ids of a model's segments and parameters by stored id, and each parameter's type. */
export interface ModelIds {
  segments: Map<string, number>;
  /** by `segment id/parameter id`, and by parameter id alone (first segment wins) */
  parameters: Map<string, { id: number; type: S['RiskParameterType'] }>;
}

const intId = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isInteger(v) ? v : /^[0-9]{1,9}$/.test(key(v)) ? Number(v) : fallback);

export function riskSegments(stored: unknown): { segments: S['EntityRiskSegment'][]; ids: ModelIds } {
  const ids: ModelIds = { segments: new Map(), parameters: new Map() };
  let parameterCount = 0;
  const segments = list(stored).map((rawSegment, i) => {
    const s = obj(rawSegment);
    const id = intId(s.id, i + 1);
    ids.segments.set(key(s.id), id);
    const parameters = list(s.parameters).map((rawParameter) => {
      const p = obj(rawParameter);
      const parameter: S['RiskParameter'] = {
        id: intId(p.id, ++parameterCount),
        parameter_type: parameterType(p.parameter_type ?? p.type),
        weight: clamp(num(p.weight, 0.5), 0, 1),
        parameter_args: obj(p.parameter_args),
        metrics: list(p.metrics).map(metric),
      };
      const ref = { id: parameter.id, type: parameter.parameter_type };
      ids.parameters.set(`${key(s.id)}/${key(p.id)}`, ref);
      if (!ids.parameters.has(key(p.id))) ids.parameters.set(key(p.id), ref);
      return parameter;
    });
    return { id, title: key(s.title), filters: list(s.filters).map(filter), parameters };
  });
  return { segments, ids };
}

export interface RiskModelRow {
  id: number;
  title: string;
  description: string | null;
  status: string;
  high_risk_floor: number;
  low_risk_ceiling: number;
  segments: unknown;
  last_validation_status: string | null;
  last_validated_at: Ts | null;
  last_validation_result: unknown;
  created_at: Ts;
  updated_at: Ts;
  activated_at: Ts | null;
  created_by_id: number | null;
  created_by_name: string | null;
}

const VALIDATION_STATUSES = new Set(['in_progress', 'queued', 'success', 'failed']);
const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0);

function lastValidation(row: RiskModelRow): S['RiskModelValidation'] | null {
  const status = snake(row.last_validation_status);
  if (!VALIDATION_STATUSES.has(status)) return null;
  const result = obj(row.last_validation_result);
  const done = status === 'success' && typeof result.total === 'number';
  return {
    status: status as S['ValidationStatus'],
    validated_at: row.last_validated_at ? iso(row.last_validated_at) : null,
    distribution: done
      ? { low: count(result.low), medium: count(result.medium), high: count(result.high), total: count(result.total), excluded: count(result.excluded) }
      : null,
    error: status === 'failed' && typeof result.error === 'string' ? result.error : null,
  };
}

export function riskModel(row: RiskModelRow): S['RiskModel'] {
  return {
    id: row.id,
    title: row.title,
    status: (['draft', 'active', 'archived'].includes(row.status) ? row.status : 'draft') as S['RiskModelStatus'],
    last_validation: lastValidation(row),
    high_risk_floor: clamp(row.high_risk_floor, 0, 100),
    low_risk_ceiling: clamp(row.low_risk_ceiling, 0, 100),
    entity_risk_segments: riskSegments(row.segments).segments,
    description: row.description,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    activated_at: row.activated_at ? iso(row.activated_at) : null,
    created_by: row.created_by_id !== null && row.created_by_name !== null ? { id: row.created_by_id, full_name: row.created_by_name } : null,
  };
}

function traceItem(raw: unknown, ids: ModelIds, segment: string): S['RiskTraceItem'] {
  const item = obj(raw);
  const pt = obj(item.parameter_trace);
  const known = ids.parameters.get(`${segment}/${key(pt.parameter_id)}`) ?? ids.parameters.get(key(pt.parameter_id));
  const mt = obj(pt.risk_metric_trace);
  const raw_value = mt.raw_value;
  return {
    parameter: known?.type ?? parameterType(item.parameter),
    weight: clamp(num(item.weight, 0), 0, 1),
    parameter_trace: {
      parameter_risk_score: clamp(num(pt.parameter_risk_score, 0), 0, 100),
      parameter_id: known?.id ?? intId(pt.parameter_id, 0),
      risk_metric: key(pt.risk_metric),
      risk_metric_tracking_id: typeof pt.risk_metric_tracking_id === 'string' ? pt.risk_metric_tracking_id : null,
      risk_metric_trace: {
        raw_value: ['string', 'number', 'boolean'].includes(typeof raw_value) ? (raw_value as string | number | boolean) : null,
        risk_mapping_trace: { ...obj(mt.risk_mapping_trace), default_high: obj(mt.risk_mapping_trace).default_high === true },
      },
    },
  };
}

export function scoreResult(score: number, createdAt: Ts, snapshot: unknown, ids: ModelIds): S['RiskScoreResult'] {
  const s = obj(snapshot);
  return {
    score: clamp(score, 0, 100),
    created_at: iso(createdAt),
    snapshot: {
      entity_segment_title: key(s.entity_segment_title),
      entity_segment_id: ids.segments.get(key(s.entity_segment_id)) ?? intId(s.entity_segment_id, 0),
      trace: list(s.trace).map((item) => traceItem(item, ids, key(s.entity_segment_id))),
    },
  };
}
