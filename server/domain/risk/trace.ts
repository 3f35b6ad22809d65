import { FAMILY_DEFAULT_METRIC, OUTCOME_UNKNOWN } from './constants.js';
import { evaluateOne } from './evaluate.js';
import type { EntityFacts, ScoringContext } from './facts.types.js';
import type {
  EngineMapping,
  EngineMetric,
  EngineModel,
  EngineParameter,
  EngineSegment,
  Evaluated,
  MetricTrace,
  RiskMappingTrace,
  RiskSnapshot,
  ScoreResult,
  StoredSnapshot,
  TraceItem,
} from './types.js';

/**
 * The full trace of a score (spec part 2 "Risk score result"), rebuilt from the model and the lean
 * stored snapshot: each parameter's weight and risk, the metric that set it, every metric's raw
 * value and the mapping that matched or the default used.
 */

type Raw = StoredSnapshot['values'][number];

// The parts of a trace that depend only on the model are built once per mapping and metric and
// shared by every entity's trace (they are only ever serialised), which keeps this allocation-light.
const mappingTraces = new WeakMap<EngineMapping, RiskMappingTrace>();
const metricConstants = new WeakMap<EngineMetric, { unknown: RiskMappingTrace; unscored: RiskMappingTrace; id: string; name: string }>();

function mappingTrace(m: EngineMapping): RiskMappingTrace {
  let t = mappingTraces.get(m);
  if (!t) {
    const { index, operator, value, start, end, risk } = m;
    const matched = { index, operator, ...(value !== undefined && { value }), ...(start !== undefined && { start }), ...(end !== undefined && { end }), risk };
    mappingTraces.set(m, (t = { matched_mapping: matched, default_used: null, default_high: false }));
  }
  return t;
}

function constantsOf(metric: EngineMetric, index: number, parameter: EngineParameter, segment: EngineSegment, model: EngineModel) {
  let c = metricConstants.get(metric);
  if (!c) {
    const unscored = metric.unscored_risk ?? 0;
    c = {
      unknown: { matched_mapping: null, default_used: 'unknown_risk', default_high: metric.unknown_risk > 0 },
      unscored: { matched_mapping: null, default_used: 'unscored_risk', default_high: unscored > 0 },
      id: `${model.id}:${segment.id}:${parameter.id}:${index}`,
      name: metric.metric || FAMILY_DEFAULT_METRIC[parameter.type],
    };
    metricConstants.set(metric, c);
  }
  return c;
}

function metricTrace(
  metric: EngineMetric,
  index: number,
  parameter: EngineParameter,
  segment: EngineSegment,
  model: EngineModel,
  raw: Raw,
  outcome: number,
): MetricTrace {
  const c = constantsOf(metric, index, parameter, segment, model);
  const matched = outcome >= 0 ? metric.risk_mappings.find((m) => m.index === outcome) : undefined;
  const unknown = !matched && (raw === null || outcome === OUTCOME_UNKNOWN);
  const risk = matched ? matched.risk : unknown ? metric.unknown_risk : (metric.unscored_risk ?? 0);
  const trace = matched ? mappingTrace(matched) : unknown ? c.unknown : c.unscored;
  return { risk_metric: c.name, risk_metric_tracking_id: c.id, risk, risk_metric_trace: { raw_value: raw, risk_mapping_trace: trace } };
}

function parameterTrace(parameter: EngineParameter, segment: EngineSegment, model: EngineModel, values: readonly Raw[], at: number): TraceItem {
  const metrics = parameter.metrics.map((m, i) =>
    metricTrace(m, i, parameter, segment, model, values[at + 2 * i] ?? null, Number(values[at + 2 * i + 1] ?? OUTCOME_UNKNOWN)),
  );
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
      ...(metrics.length > 1 && { metrics }),
    },
  };
}

/** A stored snapshot the engine wrote in the lean form (older rows and the demo data hold full traces). */
export function isStoredSnapshot(v: unknown): v is StoredSnapshot {
  return !!v && typeof v === 'object' && (v as { v?: unknown }).v === 2 && Array.isArray((v as { values?: unknown }).values);
}

/** The full trace of a lean snapshot under the model that wrote it. */
export function expandSnapshot(model: EngineModel, stored: StoredSnapshot): RiskSnapshot {
  const segment = model.segments.find((s) => String(s.id) === String(stored.entity_segment_id));
  const trace: TraceItem[] = [];
  let at = 0;
  for (const parameter of segment?.parameters ?? []) {
    trace.push(parameterTrace(parameter, segment!, model, stored.values, at));
    at += 2 * parameter.metrics.length;
  }
  const weightTotal = trace.reduce((sum, t) => sum + t.weight, 0);
  return {
    entity_segment_title: stored.entity_segment_title,
    entity_segment_id: stored.entity_segment_id,
    risk_model_id: model.id,
    weight_total: weightTotal,
    trace,
  };
}

export function withTrace(model: EngineModel, e: Evaluated): ScoreResult {
  return { entityId: e.entityId, externalId: e.externalId, score: e.score, category: e.category, snapshot: e.stored ? expandSnapshot(model, e.stored) : null };
}

/** One entity's score with its full trace. */
export function scoreOne(model: EngineModel, facts: EntityFacts, ctx: ScoringContext): ScoreResult {
  return withTrace(model, evaluateOne(model, facts, ctx));
}
