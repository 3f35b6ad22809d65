import { ENTITY_COLUMNS, FAMILY_DEFAULT_METRIC, METRICS, RISK_MAX } from './constants.js';
import { ruleIdsOf, ruleSetKey, type EntityFacts, type ScoringContext } from './facts.types.js';
import type {
  EngineMapping,
  EngineMetric,
  EngineModel,
  EngineParameter,
  EngineSegment,
  MappingOperator,
  MetricTrace,
  RiskCategory,
  RiskMappingTrace,
  ScoreResult,
  SegmentFilter,
  TraceItem,
} from './types.js';

/**
 * The pure half of the engine: one entity's facts and a model in, a score and its full trace out.
 * No database access here, so the engine tests can compute every expected score by hand.
 */

type Raw = string | number | boolean | null;
const MONTH_MS = 30 * 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

function asNumber(v: Raw): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

const asText = (v: Raw) => String(v).trim().toLowerCase();

/**
 * One comparison of the mapping operators. Text compares case-insensitively for equal_to and
 * not_equal_to; ordering operators need numbers. in_between is half-open [start, end) so adjacent
 * ranges (3-6, 6-9) never both match.
 */
export function compare(kind: 'text' | 'number', raw: Raw, c: { operator: MappingOperator; value?: number | string; start?: number; end?: number }): boolean {
  if (raw === null) return false;
  const n = asNumber(raw);
  const target = c.value === undefined ? undefined : asNumber(c.value);
  if (c.operator === 'in_between') return n !== undefined && c.start !== undefined && c.end !== undefined && n >= c.start && n < c.end;
  if (c.operator === 'greater_than') return n !== undefined && target !== undefined && n > target;
  if (c.operator === 'less_than') return n !== undefined && target !== undefined && n < target;
  if (c.value === undefined) return false;
  const equal = kind === 'number' && n !== undefined && target !== undefined ? n === target : asText(raw) === asText(c.value);
  return c.operator === 'equal_to' ? equal : !equal;
}

function settingValue(facts: EntityFacts, id: number | null): Raw {
  if (id === null) return null;
  const v = facts.settings[id];
  // an encrypted value (censorship ENCRYPTED) is not read for scoring: it counts as unknown
  if (v === undefined || v === '' || (typeof v === 'string' && v.startsWith('enc:v1'))) return null;
  return v;
}

/** The raw value of a metric for an entity: computed from its records, or read from data. */
export function rawValue(metric: EngineMetric, parameter: EngineParameter, facts: EntityFacts, ctx: ScoringContext): Raw {
  const name = metric.metric || FAMILY_DEFAULT_METRIC[parameter.type];
  const since = facts.registered_at ?? facts.created_at;
  switch (name) {
    case METRICS.address:
    case METRICS.address_region: {
      const address = settingValue(facts, metric.custom_data_setting_id ?? ctx.address_setting_id);
      if (address === null || name === METRICS.address) return address;
      const parts = String(address).split(',').map((p) => p.trim()).filter(Boolean);
      return parts.length > 1 ? parts[parts.length - 1]! : null;
    }
    case METRICS.account_age_months:
      return since === null ? null : Math.max(0, Math.floor((ctx.now - since) / MONTH_MS));
    case METRICS.account_age_days:
      return since === null ? null : Math.max(0, Math.floor((ctx.now - since) / DAY_MS));
    case METRICS.sar_count_12m:
      return facts.sar_count;
    case METRICS.alert_count_12m:
      return facts.alert_count;
    case METRICS.case_count_12m:
      return facts.case_count;
    case METRICS.rule_alert_count_12m:
      return facts.rule_alert_counts[ruleSetKey(ruleIdsOf(parameter.args))] ?? 0;
  }
  if (metric.custom_data_setting_id !== null) return settingValue(facts, metric.custom_data_setting_id);
  if ((ENTITY_COLUMNS as readonly string[]).includes(name)) return facts.columns[name] ?? null;
  return null;
}

/** The highest-risk mapping that matches (the earliest on ties), so overlapping ranges err towards risk. */
export function matchMapping(metric: EngineMetric, raw: Raw): EngineMapping | null {
  let best: EngineMapping | null = null;
  for (const m of metric.risk_mappings) if (compare(metric.metric_type, raw, m) && (!best || m.risk > best.risk)) best = m;
  return best;
}

// The parts of a trace that depend only on the model are built once per mapping and metric and
// shared by every entity's trace (they are only ever serialised), which keeps scoring allocation-light.
const mappingTraces = new WeakMap<EngineMapping, RiskMappingTrace>();
const defaultTraces = new WeakMap<EngineMetric, { unknown: RiskMappingTrace; unscored: RiskMappingTrace; id: string; name: string }>();

function mappingTrace(m: EngineMapping): RiskMappingTrace {
  let t = mappingTraces.get(m);
  if (!t) {
    const { index, operator, value, start, end, risk } = m;
    const matched = { index, operator, ...(value !== undefined && { value }), ...(start !== undefined && { start }), ...(end !== undefined && { end }), risk };
    mappingTraces.set(m, (t = { matched_mapping: matched, default_used: null, default_high: false }));
  }
  return t;
}

function metricConstants(metric: EngineMetric, index: number, parameter: EngineParameter, segment: EngineSegment, model: EngineModel) {
  let c = defaultTraces.get(metric);
  if (!c) {
    const unscored = metric.unscored_risk ?? 0;
    c = {
      unknown: { matched_mapping: null, default_used: 'unknown_risk', default_high: metric.unknown_risk > 0 },
      unscored: { matched_mapping: null, default_used: 'unscored_risk', default_high: unscored > 0 },
      id: `${model.id}:${segment.id}:${parameter.id}:${index}`,
      name: metric.metric || FAMILY_DEFAULT_METRIC[parameter.type],
    };
    defaultTraces.set(metric, c);
  }
  return c;
}

function metricTrace(metric: EngineMetric, index: number, parameter: EngineParameter, segment: EngineSegment, model: EngineModel, facts: EntityFacts, ctx: ScoringContext): MetricTrace {
  const c = metricConstants(metric, index, parameter, segment, model);
  const raw = rawValue(metric, parameter, facts, ctx);
  const matched = raw === null ? null : matchMapping(metric, raw);
  const risk = matched ? matched.risk : raw === null ? metric.unknown_risk : (metric.unscored_risk ?? 0);
  const trace = matched ? mappingTrace(matched) : raw === null ? c.unknown : c.unscored;
  return { risk_metric: c.name, risk_metric_tracking_id: c.id, risk, risk_metric_trace: { raw_value: raw, risk_mapping_trace: trace } };
}

function parameterTrace(parameter: EngineParameter, segment: EngineSegment, model: EngineModel, facts: EntityFacts, ctx: ScoringContext): TraceItem {
  const metrics = parameter.metrics.map((m, i) => metricTrace(m, i, parameter, segment, model, facts, ctx));
  // a parameter with several metrics (alerts and cases) is as risky as its riskiest metric
  const top = metrics.reduce<MetricTrace | null>((best, m) => (!best || m.risk > best.risk ? m : best), null);
  return {
    parameter: parameter.type,
    weight: parameter.weight,
    parameter_trace: {
      parameter_risk_score: top?.risk ?? 0,
      parameter_id: parameter.id,
      risk_metric: top?.risk_metric ?? '',
      risk_metric_tracking_id: top?.risk_metric_tracking_id ?? `${model.id}:${segment.id}:${parameter.id}:-`,
      risk_metric_trace: top?.risk_metric_trace ?? { raw_value: null, risk_mapping_trace: { matched_mapping: null, default_used: null, default_high: false } },
      // only parameters with several metrics repeat them all: the trace is written for every entity
      ...(metrics.length > 1 && { metrics }),
    },
  };
}

function filterValue(f: SegmentFilter, facts: EntityFacts): Raw {
  if (f.field.startsWith('data_setting:')) return settingValue(facts, Number(f.field.slice('data_setting:'.length)));
  return facts.columns[f.field] ?? null;
}

/** The first segment whose filters all hold; a segment without filters takes everyone. */
export function chooseSegment(model: EngineModel, facts: EntityFacts): EngineSegment | null {
  return model.segments.find((s) => s.filters.every((f) => compare(typeof f.value === 'number' || f.start !== undefined ? 'number' : 'text', filterValue(f, facts), f))) ?? null;
}

/** Spec part 2 section 4: above the high floor is high, below the low ceiling is low, else medium. */
export function categoryOf(score: number, model: Pick<EngineModel, 'high_risk_floor' | 'low_risk_ceiling'>): RiskCategory {
  if (score > model.high_risk_floor) return 'high';
  if (score < model.low_risk_ceiling) return 'low';
  return 'medium';
}

export function scoreOne(model: EngineModel, facts: EntityFacts, ctx: ScoringContext): ScoreResult {
  const segment = chooseSegment(model, facts);
  if (!segment) return { entityId: facts.id, externalId: facts.external_id, score: null, category: null, snapshot: null };
  const trace = segment.parameters.map((p) => parameterTrace(p, segment, model, facts, ctx));
  const weights = trace.reduce((sum, t) => sum + t.weight, 0);
  const weighted = trace.reduce((sum, t) => sum + t.weight * t.parameter_trace.parameter_risk_score, 0);
  // normalised by the weights so a model whose weights do not add up to 1 still scores 0-100
  const exact = weights > 0 ? weighted / weights : 0;
  const score = Math.min(RISK_MAX, Math.round(exact * 100) / 100);
  return {
    entityId: facts.id,
    externalId: facts.external_id,
    score,
    category: categoryOf(score, model),
    snapshot: { entity_segment_title: segment.title, entity_segment_id: segment.id, risk_model_id: model.id, weight_total: weights, trace },
  };
}
