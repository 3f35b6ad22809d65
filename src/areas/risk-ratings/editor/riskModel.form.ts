// The editor's form: the model as typed (numbers kept as the text in their inputs, so a refused
// save keeps exactly what was typed), shaped like core/risk/model.validation.ts's input so an error's
// path is the field's path. Every list item has a key of its own for React; ids stay as the server
// gave them (new items have none and get the next free id on save).
import type { components } from '../../../../openapi/schema';
import type { RiskModel, RiskModelInput } from '../../../api/risk-models/queries';
import { defaultMetrics, defaultParameterArgs, defaultUnknownRisk } from '../../../../core/risk/model.defaults';
import { DEFAULT_WEIGHT } from '../../../../core/risk/constants';
import { validateRiskModel, type FieldError } from '../../../../core/risk/model.validation';
import { scalarText } from '../../../../core/scalar-text';

type S = components['schemas'];
type Operator = S['RiskMappingOperator'];

export interface FormMapping {
  key: string;
  risk: string;
  content: { operator: Operator | null; value: string; start: string; end: string };
}
export interface FormMetric {
  key: string;
  metric: string;
  metric_type: S['RiskMetricType'];
  unknown_risk: string;
  unscored_risk: string;
  custom_data_setting_id: number | null;
  risk_mappings: FormMapping[];
}
export interface FormParameter {
  key: string;
  id: number | null;
  parameter_type: S['RiskParameterType'];
  weight: string;
  parameter_args: Record<string, unknown>;
  metrics: FormMetric[];
}
export interface FormFilter {
  key: string;
  field: string;
  operator: Operator | null;
  value: string;
  start: string;
  end: string;
}
export interface FormSegment {
  key: string;
  id: number | null;
  title: string;
  filters: FormFilter[];
  parameters: FormParameter[];
}
export interface RiskModelForm {
  title: string;
  description: string;
  high_risk_floor: string;
  low_risk_ceiling: string;
  entity_risk_segments: FormSegment[];
}

/** Field errors by dot path (entity_risk_segments.0.parameters.1.weight). */
export type FormErrors = Record<string, string>;

let counter = 0;
export const newKey = () => `k${++counter}`;
const text = (v: unknown) => scalarText(v);

export function mappingForm(m?: S['RiskMapping']): FormMapping {
  return {
    key: newKey(),
    risk: text(m?.risk),
    content: { operator: m?.content.operator ?? null, value: text(m?.content.value), start: text(m?.content.start), end: text(m?.content.end) },
  };
}

export function metricForm(m: S['RiskMetric']): FormMetric {
  return {
    key: newKey(),
    metric: m.metric,
    metric_type: m.metric_type,
    unknown_risk: text(m.unknown_risk),
    unscored_risk: text(m.unscored_risk),
    custom_data_setting_id: m.custom_data_setting_id,
    risk_mappings: m.risk_mappings.map(mappingForm),
  };
}

/** A metric added to a parameter by hand: no name yet, the family's unknown risk. */
export function blankMetric(type: S['RiskParameterType']): FormMetric {
  return {
    key: newKey(),
    metric: '',
    metric_type: 'number',
    unknown_risk: String(defaultUnknownRisk(type)),
    unscored_risk: '0',
    custom_data_setting_id: null,
    risk_mappings: [],
  };
}

export function parameterForm(p: S['RiskParameter']): FormParameter {
  return {
    key: newKey(),
    id: p.id,
    parameter_type: p.parameter_type,
    weight: text(p.weight),
    parameter_args: p.parameter_args,
    metrics: p.metrics.map(metricForm),
  };
}

/** A new parameter of a family starts with the family's defaults (spec part 2 section 9). */
export function newParameter(type: S['RiskParameterType']): FormParameter {
  return {
    key: newKey(),
    id: null,
    parameter_type: type,
    weight: String(DEFAULT_WEIGHT),
    parameter_args: defaultParameterArgs(type),
    metrics: defaultMetrics(type).map(metricForm),
  };
}

const filterForm = (f: Record<string, unknown>): FormFilter => ({
  key: newKey(),
  field: text(f.field),
  operator: (f.operator as Operator | undefined) ?? null,
  value: text(f.value),
  start: text(f.start),
  end: text(f.end),
});
export const newFilter = (): FormFilter => ({ key: newKey(), field: 'entity_type', operator: 'equal_to', value: '', start: '', end: '' });

export function segmentForm(s: S['EntityRiskSegment']): FormSegment {
  return { key: newKey(), id: s.id, title: s.title, filters: s.filters.map((f) => filterForm(f)), parameters: s.parameters.map(parameterForm) };
}
export const newSegment = (title: string): FormSegment => ({ key: newKey(), id: null, title, filters: [], parameters: [] });

export function formFromModel(m: RiskModel): RiskModelForm {
  return {
    title: m.title,
    description: m.description ?? '',
    high_risk_floor: text(m.high_risk_floor),
    low_risk_ceiling: text(m.low_risk_ceiling),
    entity_risk_segments: m.entity_risk_segments.map(segmentForm),
  };
}

/** The form without its React keys: two forms with the same content compare equal. */
export function formContent(form: RiskModelForm): string {
  return JSON.stringify(form, (k, v: unknown) => (k === 'key' ? undefined : v));
}

/** Checks the form with the shared rules; the body to save, or the errors by path. */
export function checkForm(form: RiskModelForm): { body: RiskModelInput; errors: null } | { body: null; errors: FormErrors } {
  const checked = validateRiskModel(form);
  if (!checked.model) return { body: null, errors: errorsByPath(checked.errors) };
  const m = checked.model;
  return {
    body: {
      title: m.title,
      description: m.description,
      high_risk_floor: m.high_risk_floor,
      low_risk_ceiling: m.low_risk_ceiling,
      entity_risk_segments: m.entity_risk_segments.map((s) => ({ ...s, filters: s.filters as S['RiskSegmentFilterInput'][] })),
    },
    errors: null,
  };
}

/** The first message of each field; server details name fields as body/a/0/b. */
export function errorsByPath(errors: readonly { path?: string; message: string }[]): FormErrors {
  const out: FormErrors = {};
  for (const e of errors) {
    const path = (e.path ?? '').replace(/^body\//, '').replaceAll('/', '.');
    if (path && !(path in out)) out[path] = e.message;
  }
  return out;
}

/** Replaces the value at a dot path, copying only the objects on the way. */
export function setAt<T>(root: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  const container = root as unknown as Record<string, unknown> | unknown[];
  const next = rest.length ? setAt((container as Record<string, unknown>)[head], rest.join('.'), value) : value;
  if (Array.isArray(container)) {
    const copy = [...container];
    copy[Number(head)] = next;
    return copy as unknown as T;
  }
  return { ...container, [head]: next } as T;
}

export function getAt(root: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((at, part) => (at === null || at === undefined ? undefined : (at as Record<string, unknown>)[part]), root);
}

export type { FieldError };
