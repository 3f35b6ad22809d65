import { describe, expect, it } from 'vitest';
import { DEFAULT_HIGH_RISK_FLOOR, DEFAULT_LOW_RISK_CEILING, DEFAULT_WEIGHT } from '../../core/risk/constants';
import { defaultRiskModel, defaultUnknownRisk } from '../../core/risk/model.defaults';
import {
  FIELD_REQUIRED,
  LOW_ABOVE_HIGH,
  MUST_BE_A_NUMBER,
  mustBeBetween,
  START_AFTER_END,
  TEXT_OPERATOR,
  UNKNOWN_FIELD,
  validateRiskModel,
  type RiskModelInputLike,
} from '../../core/risk/model.validation';

// The editor's validation (spec part 2 section 5) with the spec's exact messages, and the defaults
// of section 9 a new model starts with.

const model = (): RiskModelInputLike => structuredClone(defaultRiskModel('Retail customers'));
const errorsOf = (input: RiskModelInputLike) => validateRiskModel(input).errors;
const P = 'entity_risk_segments.0.parameters.1';
const M = `${P}.metrics.0`;

describe('risk model validation messages', () => {
  it('uses the spec texts verbatim', () => {
    expect(FIELD_REQUIRED).toBe('Field is required.');
    expect(MUST_BE_A_NUMBER).toBe('Must be a number.');
    expect(mustBeBetween(0, 100)).toBe('Must be a number between 0 and 100.');
    expect(mustBeBetween(0, 1)).toBe('Must be a number between 0 and 1.');
  });

  it('accepts the default model and numbers typed as text', () => {
    const input = model();
    input.high_risk_floor = ' 75 ';
    input.entity_risk_segments![0].parameters![1].weight = '0.25';
    const { model: saved, errors } = validateRiskModel(input);
    expect(errors).toEqual([]);
    expect(saved!.high_risk_floor).toBe(75);
    expect(saved!.entity_risk_segments[0].parameters[1].weight).toBe(0.25);
  });

  it('a risk value: required, a number, then 0 to 100', () => {
    for (const [value, message] of [
      ['', FIELD_REQUIRED],
      [null, FIELD_REQUIRED],
      ['high', MUST_BE_A_NUMBER],
      [101, 'Must be a number between 0 and 100.'],
      [-1, 'Must be a number between 0 and 100.'],
    ] as const) {
      const input = model();
      input.entity_risk_segments![0].parameters![1].metrics![0].risk_mappings![0].risk = value;
      expect(errorsOf(input)).toEqual([{ path: `${M}.risk_mappings.0.risk`, message }]);
    }
    const bounds = model();
    bounds.entity_risk_segments![0].parameters![1].metrics![0].risk_mappings![0].risk = 100;
    bounds.entity_risk_segments![0].parameters![1].metrics![0].unknown_risk = 0;
    expect(errorsOf(bounds)).toEqual([]);
  });

  it('unknown risk, unscored risk and thresholds are risk values too', () => {
    const input = model();
    input.entity_risk_segments![0].parameters![1].metrics![0].unknown_risk = '';
    input.entity_risk_segments![0].parameters![1].metrics![0].unscored_risk = '150';
    input.high_risk_floor = 'x';
    input.low_risk_ceiling = undefined;
    expect(errorsOf(input)).toEqual([
      { path: 'high_risk_floor', message: MUST_BE_A_NUMBER },
      { path: 'low_risk_ceiling', message: FIELD_REQUIRED },
      { path: `${M}.unknown_risk`, message: FIELD_REQUIRED },
      { path: `${M}.unscored_risk`, message: 'Must be a number between 0 and 100.' },
    ]);
  });

  it('a weight: required, a number, then 0 to 1', () => {
    for (const [value, message] of [
      [' ', FIELD_REQUIRED],
      ['half', MUST_BE_A_NUMBER],
      [1.5, 'Must be a number between 0 and 1.'],
    ] as const) {
      const input = model();
      input.entity_risk_segments![0].parameters![1].weight = value;
      expect(errorsOf(input)).toEqual([{ path: `${P}.weight`, message }]);
    }
  });

  it('titles, mapping values, in-between bounds and custom data settings are required', () => {
    const input = model();
    input.title = '  ';
    input.entity_risk_segments![0].title = '';
    const metric = input.entity_risk_segments![0].parameters![1].metrics![0];
    metric.risk_mappings![0].content = { operator: 'less_than', value: '' };
    metric.risk_mappings![1].content = { operator: 'in_between', start: 3, end: 'six' };
    input.entity_risk_segments![0].parameters!.push({
      parameter_type: 'custom_data_risk',
      weight: 0.5,
      metrics: [{ metric_type: 'text', unknown_risk: 0, risk_mappings: [] }],
    });
    expect(errorsOf(input)).toEqual([
      { path: 'title', message: FIELD_REQUIRED },
      { path: `${M}.risk_mappings.0.content.value`, message: FIELD_REQUIRED },
      { path: `${M}.risk_mappings.1.content.end`, message: MUST_BE_A_NUMBER },
      { path: 'entity_risk_segments.0.parameters.4.metrics.0.custom_data_setting_id', message: FIELD_REQUIRED },
      { path: 'entity_risk_segments.0.title', message: FIELD_REQUIRED },
    ]);
  });

  it('a low risk ceiling above the high risk floor is refused', () => {
    const input = model();
    input.low_risk_ceiling = 90;
    expect(errorsOf(input)).toEqual([{ path: 'low_risk_ceiling', message: LOW_ABOVE_HIGH }]);
  });

  it('an in-between mapping starts at or below its end; text metrics compare with equal to or not equal to', () => {
    const input = model();
    input.entity_risk_segments![0].parameters![1].metrics![0].risk_mappings![0].content = { operator: 'in_between', start: 9, end: 6 };
    input.entity_risk_segments![0].parameters![0].metrics![0].risk_mappings = [{ risk: 50, content: { operator: 'greater_than', value: 'IL' } }];
    expect(errorsOf(input)).toEqual([
      { path: 'entity_risk_segments.0.parameters.0.metrics.0.risk_mappings.0.content.operator', message: TEXT_OPERATOR },
      { path: `${M}.risk_mappings.0.content.start`, message: START_AFTER_END },
    ]);
  });

  it('a segment filter tests an entity column or a data setting', () => {
    const input = model();
    input.entity_risk_segments![0].filters = [
      { field: 'entity_type', operator: 'equal_to', value: 'user' },
      { field: 'data_setting:12', operator: 'not_equal_to', value: 'CLOSED' },
      { field: 'password', operator: 'equal_to', value: 'x' },
      { field: 'status', operator: 'equal_to', value: '' },
    ];
    expect(errorsOf(input)).toEqual([
      { path: 'entity_risk_segments.0.filters.2.field', message: UNKNOWN_FIELD },
      { path: 'entity_risk_segments.0.filters.3.value', message: FIELD_REQUIRED },
    ]);
  });

  it('gives new segments and parameters unique ids and keeps given ones', () => {
    const input = model();
    input.entity_risk_segments!.push({
      title: 'Businesses',
      filters: [{ field: 'entity_type', operator: 'equal_to', value: 'business' }],
      parameters: [{ id: 1, parameter_type: 'address_risk', weight: 0.5, metrics: [] }],
    });
    const saved = validateRiskModel(input).model!;
    expect(saved.entity_risk_segments.map((s) => s.id)).toEqual([1, 2]);
    expect(saved.entity_risk_segments.flatMap((s) => s.parameters.map((p) => p.id))).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('a new risk model starts with the defaults of section 9', () => {
  const fresh = defaultRiskModel('New model');
  const parameters = fresh.entity_risk_segments[0].parameters;
  const byType = (type: string) => parameters.find((p) => p.parameter_type === type)!;

  it('thresholds low 40 and high 80, weight 0.5', () => {
    expect([fresh.low_risk_ceiling, fresh.high_risk_floor]).toEqual([DEFAULT_LOW_RISK_CEILING, DEFAULT_HIGH_RISK_FLOOR]);
    expect([fresh.low_risk_ceiling, fresh.high_risk_floor]).toEqual([40, 80]);
    expect(parameters.every((p) => p.weight === DEFAULT_WEIGHT && DEFAULT_WEIGHT === 0.5)).toBe(true);
  });

  it('unknown risk 100 for address and registration metrics, 0 otherwise', () => {
    expect(byType('address_risk').metrics[0].unknown_risk).toBe(100);
    expect(byType('new_member_risk').metrics[0].unknown_risk).toBe(100);
    expect(byType('suspicious_activity_risk').metrics[0].unknown_risk).toBe(0);
    expect(byType('alert_and_case_risk').metrics.map((m) => m.unknown_risk)).toEqual([0, 0]);
    expect(defaultUnknownRisk('custom_data_risk')).toBe(0);
  });

  it('the age-of-record mapping: under 3 months 100, under 6 80, under 9 60, under 12 40', () => {
    expect(byType('new_member_risk').metrics[0].risk_mappings.map((m) => [m.content.operator, m.content.value, m.risk])).toEqual([
      ['less_than', 3, 100],
      ['less_than', 6, 80],
      ['less_than', 9, 60],
      ['less_than', 12, 40],
    ]);
  });

  it('suspicious activity, alert and case counts in the past 12 months above 0 give 100, with the statuses counted', () => {
    for (const m of [...byType('suspicious_activity_risk').metrics, ...byType('alert_and_case_risk').metrics]) {
      expect(m.risk_mappings).toEqual([{ method: 'numeric_comparison', risk: 100, content: { operator: 'greater_than', value: 0 } }]);
    }
    expect(byType('suspicious_activity_risk').parameter_args.sar_statuses).toEqual(['SUBMITTING', 'SUBMISSION_ACCEPTED', 'SUBMISSION_SUCCESSFUL', 'ARCHIVED']);
    expect(byType('alert_and_case_risk').parameter_args).toMatchObject({
      alerts: { statuses: ['CLOSED'], dispositions: ['TRUE_POSITIVE'], alert_types: ['TRANSACTION_MONITORING'] },
      cases: { statuses: ['CLOSED'], dispositions: ['TRUE_POSITIVE'] },
    });
  });
});
