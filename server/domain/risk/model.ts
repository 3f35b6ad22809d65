import { DEFAULT_HIGH_RISK_FLOOR, DEFAULT_LOW_RISK_CEILING, DEFAULT_WEIGHT, RISK_MAX, RISK_MIN, WEIGHT_MAX, WEIGHT_MIN } from '../../../core/risk/constants.js';
import { MAPPING_OPERATORS, PARAMETER_TYPES } from './constants.js';
import type {
  EngineMapping,
  EngineMetric,
  EngineModel,
  EngineParameter,
  EngineSegment,
  MappingOperator,
  ParameterType,
  RiskModelInput,
  SegmentFilter,
} from './types.js';
import { scalarText } from '../../../core/scalar-text.js';

/** Stored model JSON to the engine's shape; tolerant of every variant the seed and the contract write. */

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const snake = (v: unknown) =>
  scalarText(v)
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function number(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

const risk = (v: unknown, fallback: number) => clamp(number(v) ?? fallback, RISK_MIN, RISK_MAX);

export function operatorOf(v: unknown): MappingOperator | undefined {
  const o = snake(v);
  const aliases: Record<string, MappingOperator> = { gt: 'greater_than', lt: 'less_than', eq: 'equal_to', ne: 'not_equal_to', between: 'in_between' };
  const found = aliases[o] ?? o;
  return (MAPPING_OPERATORS as readonly string[]).includes(found) ? found : undefined;
}

function comparand(c: Json): Pick<EngineMapping, 'value' | 'start' | 'end'> {
  const out: Pick<EngineMapping, 'value' | 'start' | 'end'> = {};
  if (typeof c.value === 'number' || typeof c.value === 'string') out.value = c.value;
  const start = number(c.start);
  const end = number(c.end);
  if (start !== undefined) out.start = start;
  if (end !== undefined) out.end = end;
  return out;
}

function mapping(raw: unknown, index: number): EngineMapping | null {
  const m = obj(raw);
  const content = obj(m.content);
  const operator = operatorOf(content.operator ?? m.operator) ?? (snake(m.method) === 'in_between' ? 'in_between' : undefined);
  if (!operator) return null;
  return { index, risk: risk(m.risk, 0), operator, ...comparand(content) };
}

function metric(raw: unknown, parameterType: ParameterType): EngineMetric {
  const m = obj(raw);
  const unscored = number(m.unscored_risk);
  return {
    metric: scalarText(m.metric),
    metric_type: snake(m.metric_type) === 'text' ? 'text' : 'number',
    unknown_risk: risk(m.unknown_risk, parameterType === 'address_risk' || parameterType === 'new_member_risk' ? RISK_MAX : 0),
    unscored_risk: unscored === undefined ? null : clamp(unscored, RISK_MIN, RISK_MAX),
    custom_data_setting_id: number(m.custom_data_setting_id) ?? null,
    risk_mappings: list(m.risk_mappings)
      .map((r, i) => mapping(r, i))
      .filter((r): r is EngineMapping => r !== null),
  };
}

export function parameterTypeOf(v: unknown): ParameterType | undefined {
  const t = snake(v);
  return (PARAMETER_TYPES as readonly string[]).includes(t) ? (t as ParameterType) : undefined;
}

function parameter(raw: unknown, i: number): EngineParameter | null {
  const p = obj(raw);
  const type = parameterTypeOf(p.parameter_type ?? p.type);
  if (!type) return null;
  return {
    id: typeof p.id === 'number' || typeof p.id === 'string' ? p.id : i + 1,
    type,
    weight: clamp(number(p.weight) ?? DEFAULT_WEIGHT, WEIGHT_MIN, WEIGHT_MAX),
    args: obj(p.parameter_args),
    metrics: list(p.metrics).map((m) => metric(m, type)),
  };
}

function filter(raw: unknown): SegmentFilter | null {
  const f = obj(raw);
  const operator = operatorOf(f.operator);
  const settingId = number(f.data_setting_id ?? f.custom_data_setting_id);
  const field = settingId !== undefined ? `data_setting:${settingId}` : scalarText(f.field);
  if (!operator || !field) return null;
  return { field, operator, ...comparand(f) };
}

function segment(raw: unknown, i: number): EngineSegment {
  const s = obj(raw);
  return {
    id: typeof s.id === 'number' || typeof s.id === 'string' ? s.id : i + 1,
    title: scalarText(s.title),
    filters: list(s.filters)
      .map(filter)
      .filter((f): f is SegmentFilter => f !== null),
    parameters: list(s.parameters)
      .map(parameter)
      .filter((p): p is EngineParameter => p !== null),
  };
}

export function engineModel(input: RiskModelInput): EngineModel {
  return {
    id: input.id,
    high_risk_floor: clamp(number(input.high_risk_floor) ?? DEFAULT_HIGH_RISK_FLOOR, RISK_MIN, RISK_MAX),
    low_risk_ceiling: clamp(number(input.low_risk_ceiling) ?? DEFAULT_LOW_RISK_CEILING, RISK_MIN, RISK_MAX),
    segments: list(input.segments ?? input.entity_risk_segments).map(segment),
  };
}
