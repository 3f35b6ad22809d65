import { ENTITY_COLUMNS, METRICS, RISK_MAX } from '../../../core/risk/constants.js';
import { FAMILY_DEFAULT_METRIC, OUTCOME_UNKNOWN, OUTCOME_UNSCORED } from './constants.js';
import { ruleIdsOf, ruleSetKey, type EntityFacts, type ScoringContext } from './facts.types.js';
import type {
  EngineMapping,
  EngineMetric,
  EngineModel,
  EngineParameter,
  EngineSegment,
  Evaluated,
  MappingOperator,
  RiskCategory,
  SegmentFilter,
  StoredSnapshot,
} from './types.js';

/**
 * The pure half of the engine: one entity's facts and a model in, a score and what its trace is
 * built from out. No database access here, so the engine tests can compute every expected score by hand.
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
      const parts = String(address)
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      return parts.length > 1 ? parts[parts.length - 1] : null;
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

function filterValue(f: SegmentFilter, facts: EntityFacts): Raw {
  if (f.field.startsWith('data_setting:')) return settingValue(facts, Number(f.field.slice('data_setting:'.length)));
  return facts.columns[f.field] ?? null;
}

/** The first segment whose filters all hold; a segment without filters takes everyone. */
export function chooseSegment(model: EngineModel, facts: EntityFacts): EngineSegment | null {
  return (
    model.segments.find((s) =>
      s.filters.every((f) => compare(typeof f.value === 'number' || f.start !== undefined ? 'number' : 'text', filterValue(f, facts), f)),
    ) ?? null
  );
}

/** Spec part 2 section 4: above the high floor is high, below the low ceiling is low, else medium. */
export function categoryOf(score: number, model: Pick<EngineModel, 'high_risk_floor' | 'low_risk_ceiling'>): RiskCategory {
  if (score > model.high_risk_floor) return 'high';
  if (score < model.low_risk_ceiling) return 'low';
  return 'medium';
}

/**
 * Scores one entity: the first segment that takes it, each metric's raw value and the mapping that
 * matched (or the default used), and Σ weight × parameter risk / Σ weight, where a parameter is as
 * risky as its riskiest metric. The result carries the lean stored snapshot; trace.ts rebuilds the
 * full trace from it when one is wanted, so validation and rescoring build no trace objects.
 */
export function evaluateOne(model: EngineModel, facts: EntityFacts, ctx: ScoringContext): Evaluated {
  const segment = chooseSegment(model, facts);
  if (!segment) return { entityId: facts.id, externalId: facts.external_id, score: null, category: null, stored: null };
  const values: StoredSnapshot['values'] = [];
  let weights = 0;
  let weighted = 0;
  for (const parameter of segment.parameters) {
    let top = 0;
    for (const metric of parameter.metrics) {
      const raw = rawValue(metric, parameter, facts, ctx);
      const matched = raw === null ? null : matchMapping(metric, raw);
      const risk = matched ? matched.risk : raw === null ? metric.unknown_risk : (metric.unscored_risk ?? 0);
      values.push(raw, matched ? matched.index : raw === null ? OUTCOME_UNKNOWN : OUTCOME_UNSCORED);
      if (risk > top) top = risk;
    }
    weights += parameter.weight;
    weighted += parameter.weight * top;
  }
  // normalised by the weights so a model whose weights do not add up to 1 still scores 0-100
  const exact = weights > 0 ? weighted / weights : 0;
  const score = Math.min(RISK_MAX, Math.round(exact * 100) / 100);
  return {
    entityId: facts.id,
    externalId: facts.external_id,
    score,
    category: categoryOf(score, model),
    stored: { v: 2, entity_segment_id: segment.id, entity_segment_title: segment.title, values },
  };
}
