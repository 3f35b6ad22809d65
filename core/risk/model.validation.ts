import type { components } from '../../openapi/schema';
import { DATA_SETTING_FIELD, ENTITY_COLUMNS, RISK_MAX, RISK_MIN, WEIGHT_MAX, WEIGHT_MIN } from './constants';
import { scalarText } from '../scalar-text';

/**
 * The risk model editor's validation (spec part 2 section 5), shared by the server (which answers
 * 400 with these messages) and the console (which shows them under the fields). Values arrive as
 * typed: numbers, or strings from inputs. A value is checked for presence, then for being a number,
 * then for its bounds, and only the first failing check of a field is reported. Risk values are 0 to
 * 100 and weights 0 to 1.
 */

type S = components['schemas'];

export const FIELD_REQUIRED = 'Field is required.';
export const MUST_BE_A_NUMBER = 'Must be a number.';
export const mustBeBetween = (min: number, max: number) => `Must be a number between ${min} and ${max}.`;
/** Not in the spec: the bands would overlap. */
export const LOW_ABOVE_HIGH = 'Must not be above the high risk floor.';
export const START_AFTER_END = 'Must not be above the end.';
export const TEXT_OPERATOR = 'Text metrics compare with equal to or not equal to.';
export const UNKNOWN_FIELD = 'Unknown field.';

export interface FieldError {
  /** dot path of the field, e.g. entity_risk_segments.0.parameters.1.weight */
  path: string;
  message: string;
}

/** A field value as the editor or a client sends it. */
type Loose = number | string | null | undefined;

export interface RiskMappingInputLike {
  method?: S['RiskMappingMethod'] | null;
  risk?: Loose;
  content?: { operator?: S['RiskMappingOperator'] | null; value?: Loose; start?: Loose; end?: Loose };
}

export interface RiskMetricInputLike {
  metric?: string | null;
  metric_type?: S['RiskMetricType'];
  unknown_risk?: Loose;
  unscored_risk?: Loose;
  custom_data_setting_id?: number | null;
  risk_mappings?: RiskMappingInputLike[];
}

export interface RiskParameterInputLike {
  id?: number | null;
  parameter_type?: S['RiskParameterType'];
  weight?: Loose;
  parameter_args?: Record<string, unknown>;
  metrics?: RiskMetricInputLike[];
}

export interface RiskSegmentInputLike {
  id?: number | null;
  title?: string | null;
  filters?: { field?: string | null; operator?: string | null; value?: Loose; start?: Loose; end?: Loose }[];
  parameters?: RiskParameterInputLike[];
}

export interface RiskModelInputLike {
  title?: string | null;
  description?: string | null;
  high_risk_floor?: Loose;
  low_risk_ceiling?: Loose;
  entity_risk_segments?: RiskSegmentInputLike[];
}

export interface RiskModelDraft {
  title: string;
  description: string | null;
  high_risk_floor: number;
  low_risk_ceiling: number;
  entity_risk_segments: S['EntityRiskSegment'][];
}

const blank = (v: Loose) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** The first problem of a number field, or its value. */
export function numberError(v: Loose, min?: number, max?: number): { error: string } | { value: number } {
  if (blank(v)) return { error: FIELD_REQUIRED };
  const n = typeof v === 'number' ? v : Number(String(v).trim());
  if (!Number.isFinite(n)) return { error: MUST_BE_A_NUMBER };
  if (min !== undefined && max !== undefined && (n < min || n > max)) return { error: mustBeBetween(min, max) };
  return { value: n };
}

class Checker {
  readonly errors: FieldError[] = [];
  number(path: string, v: Loose, min?: number, max?: number): number {
    const r = numberError(v, min, max);
    if ('error' in r) {
      this.errors.push({ path, message: r.error });
      return 0;
    }
    return r.value;
  }
  text(path: string, v: string | number | null | undefined): string {
    const s = v === null || v === undefined ? '' : String(v).trim();
    if (!s) this.errors.push({ path, message: FIELD_REQUIRED });
    return s;
  }
  fail(path: string, message: string) {
    this.errors.push({ path, message });
  }
}

/** Integer ids kept where given and unique; new items get the next free id. */
function idAllocator(given: (number | null | undefined)[]) {
  const taken = new Set<number>();
  for (const id of given) if (Number.isInteger(id) && (id as number) > 0) taken.add(id as number);
  let next = Math.max(0, ...taken) + 1;
  const used = new Set<number>();
  return (id: number | null | undefined) => {
    if (Number.isInteger(id) && (id as number) > 0 && !used.has(id as number)) {
      used.add(id as number);
      return id as number;
    }
    used.add(next);
    return next++;
  };
}

function mappingOf(c: Checker, at: string, metricType: S['RiskMetricType'], raw: RiskMappingInputLike): S['RiskMapping'] {
  const risk = c.number(`${at}.risk`, raw.risk, RISK_MIN, RISK_MAX);
  const operator = raw.content?.operator ?? null;
  if (!operator) {
    c.fail(`${at}.content.operator`, FIELD_REQUIRED);
    return { method: 'numeric_comparison', risk, content: { operator: 'equal_to' } };
  }
  if (operator === 'in_between') {
    if (metricType === 'text') c.fail(`${at}.content.operator`, TEXT_OPERATOR);
    const start = c.number(`${at}.content.start`, raw.content?.start);
    const end = c.number(`${at}.content.end`, raw.content?.end);
    const bothNumbers = 'value' in numberError(raw.content?.start) && 'value' in numberError(raw.content?.end);
    if (bothNumbers && start > end) c.fail(`${at}.content.start`, START_AFTER_END);
    return { method: 'in_between', risk, content: { operator, start, end } };
  }
  if (metricType === 'text') {
    if (operator !== 'equal_to' && operator !== 'not_equal_to') c.fail(`${at}.content.operator`, TEXT_OPERATOR);
    return { method: 'numeric_comparison', risk, content: { operator, value: c.text(`${at}.content.value`, raw.content?.value) } };
  }
  return { method: 'numeric_comparison', risk, content: { operator, value: c.number(`${at}.content.value`, raw.content?.value) } };
}

/**
 * Checks an edited model and answers it normalised (numbers as numbers, texts trimmed, every segment
 * and parameter with a unique integer id), or the field errors.
 */
export function validateRiskModel(input: RiskModelInputLike): { model: RiskModelDraft; errors: [] } | { model: null; errors: FieldError[] } {
  const c = new Checker();
  const title = c.text('title', input.title);
  const high = c.number('high_risk_floor', input.high_risk_floor, RISK_MIN, RISK_MAX);
  const low = c.number('low_risk_ceiling', input.low_risk_ceiling, RISK_MIN, RISK_MAX);
  if (!c.errors.some((e) => e.path === 'high_risk_floor' || e.path === 'low_risk_ceiling') && low > high) c.fail('low_risk_ceiling', LOW_ABOVE_HIGH);
  const segmentsIn = input.entity_risk_segments ?? [];
  const segmentId = idAllocator(segmentsIn.map((s) => s.id));
  const parameterId = idAllocator(segmentsIn.flatMap((s) => (s.parameters ?? []).map((p) => p.id)));
  const segments = segmentsIn.map((s, si): S['EntityRiskSegment'] => {
    const at = `entity_risk_segments.${si}`;
    const filters = (s.filters ?? []).map((f, fi) => {
      const fat = `${at}.filters.${fi}`;
      const field = c.text(`${fat}.field`, f.field);
      if (field && !(ENTITY_COLUMNS as readonly string[]).includes(field) && !DATA_SETTING_FIELD.test(field)) c.fail(`${fat}.field`, UNKNOWN_FIELD);
      const operator = f.operator ?? '';
      if (!operator) c.fail(`${fat}.operator`, FIELD_REQUIRED);
      if (operator === 'in_between') return { field, operator, start: c.number(`${fat}.start`, f.start), end: c.number(`${fat}.end`, f.end) };
      if (blank(f.value)) c.fail(`${fat}.value`, FIELD_REQUIRED);
      return { field, operator, value: typeof f.value === 'string' ? f.value.trim() : f.value };
    });
    const parameters = (s.parameters ?? []).map((p, pi): S['RiskParameter'] => {
      const pat = `${at}.parameters.${pi}`;
      const type = p.parameter_type ?? 'custom_data_risk';
      const weight = c.number(`${pat}.weight`, p.weight, WEIGHT_MIN, WEIGHT_MAX);
      const metrics = (p.metrics ?? []).map((m, mi): S['RiskMetric'] => {
        const mat = `${pat}.metrics.${mi}`;
        const metricType = m.metric_type ?? 'number';
        const settingId = m.custom_data_setting_id ?? null;
        if (type === 'custom_data_risk' && settingId === null) c.fail(`${mat}.custom_data_setting_id`, FIELD_REQUIRED);
        return {
          metric: (m.metric ?? '').trim(),
          metric_type: metricType,
          unknown_risk: c.number(`${mat}.unknown_risk`, m.unknown_risk, RISK_MIN, RISK_MAX),
          // left empty, a known value no mapping takes adds no risk
          unscored_risk: blank(m.unscored_risk) ? null : c.number(`${mat}.unscored_risk`, m.unscored_risk, RISK_MIN, RISK_MAX),
          risk_mappings: (m.risk_mappings ?? []).map((r, ri) => mappingOf(c, `${mat}.risk_mappings.${ri}`, metricType, r)),
          custom_data_setting_id: settingId,
        };
      });
      return { id: parameterId(p.id), parameter_type: type, weight, parameter_args: p.parameter_args ?? {}, metrics };
    });
    return { id: segmentId(s.id), title: c.text(`${at}.title`, s.title), filters, parameters };
  });
  if (c.errors.length) return { model: null, errors: c.errors };
  const description = input.description?.trim() || null;
  return { model: { title, description, high_risk_floor: high, low_risk_ceiling: low, entity_risk_segments: segments }, errors: [] };
}

/** Every data setting a model names (custom data metrics and segment filters), with the field naming it. */
export function dataSettingRefs(model: RiskModelDraft): { path: string; id: number }[] {
  return model.entity_risk_segments.flatMap((s, si) => [
    ...s.filters.flatMap((f, fi) => {
      const match = DATA_SETTING_FIELD.exec(scalarText(f.field));
      return match ? [{ path: `entity_risk_segments.${si}.filters.${fi}.field`, id: Number(match[1]) }] : [];
    }),
    ...s.parameters.flatMap((p, pi) =>
      p.metrics.flatMap((m, mi) =>
        m.custom_data_setting_id !== null
          ? [{ path: `entity_risk_segments.${si}.parameters.${pi}.metrics.${mi}.custom_data_setting_id`, id: m.custom_data_setting_id }]
          : [],
      ),
    ),
  ]);
}
