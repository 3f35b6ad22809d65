// How a score's trace reads (src/features/risk/risk-trace.utils.ts): the mapping that matched in either
// recorded shape, the default that applied (named by the engine, or inferred for older traces), raw
// values, and each parameter's points adding up to the score.
import { describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { describeMapping, formatRawValue, metricLabel, traceRows } from '../../src/features/risk/risk-trace.utils';
import { clampRisk, riskCategory } from '../../src/features/risk/risk-category';

type S = components['schemas'];

function item(
  parameter: S['RiskParameterType'],
  weight: number,
  risk: number,
  raw: string | number | null,
  mapping: S['RiskMappingTrace'],
  id: number,
): S['RiskTraceItem'] {
  return {
    parameter,
    weight,
    parameter_trace: {
      parameter_risk_score: risk,
      parameter_id: id,
      risk_metric: 'account_age_months',
      risk_metric_tracking_id: null,
      risk_metric_trace: { raw_value: raw, risk_mapping_trace: mapping },
    },
  };
}

describe('risk trace rows', () => {
  it('describes the five operators from the engine’s flat shape and from the stored shape', () => {
    expect(describeMapping({ risk: 90, index: 2, operator: 'greater_than', value: 60 })).toBe('greater than 60');
    expect(describeMapping({ risk: 100, operator: 'less_than', value: 3 })).toBe('less than 3');
    expect(describeMapping({ risk: 80, operator: 'in_between', start: 3, end: 6 })).toBe('in between 3 and 6');
    expect(describeMapping({ risk: 70, method: 'TEXT_MATCH', content: { operator: 'EQUAL_TO', value: 'BASIC' } })).toBe('equal to “BASIC”');
    expect(describeMapping({ risk: 10, method: 'NUMERIC_COMPARISON', content: { operator: 'NOT_EQUAL_TO', value: 0 } })).toBe('not equal to 0');
  });

  it('names the default used, inferring it for traces that did not record it', () => {
    const result: S['RiskScoreResult'] = {
      score: 62,
      created_at: '2026-01-01T00:00:00Z',
      snapshot: {
        entity_segment_title: 'Everyone',
        entity_segment_id: 1,
        trace: [
          item('address_risk', 0.5, 100, null, { default_high: true, matched_mapping: null, default_used: 'unknown_risk' }, 1),
          item(
            'new_member_risk',
            0.25,
            40,
            10,
            { default_high: false, matched_mapping: { risk: 40, index: 3, operator: 'in_between', start: 9, end: 12 }, default_used: null },
            2,
          ),
          item('suspicious_activity_risk', 0.25, 8, 0, { default_high: true }, 3),
        ],
      },
    };
    const rows = traceRows(result);
    expect(rows.map((r) => r.scoredBy)).toEqual([
      { kind: 'default', which: 'unknown_risk', text: 'No value: unknown risk', high: true },
      { kind: 'mapping', text: 'in between 9 and 12' },
      { kind: 'default', which: 'unscored_risk', text: 'No mapping matched: unscored risk', high: true },
    ]);
    expect(rows.map((r) => r.rawValue)).toEqual(['Unknown', '10', '0']);
    expect(rows.map((r) => r.contribution)).toEqual([50, 10, 2]);
    expect(rows.reduce((sum, r) => sum + r.contribution, 0)).toBe(62);
    expect(rows[0].parameter).toBe('Address risk');
  });

  it('shares points by the weights even when they do not add up to 1, as the engine scores', () => {
    const rows = traceRows({
      score: 75,
      created_at: '2026-01-01T00:00:00Z',
      snapshot: {
        entity_segment_title: 'x',
        entity_segment_id: 1,
        trace: [item('rule_risk', 0.5, 100, 2, { default_high: false }, 1), item('rule_risk', 0.5, 50, 1, { default_high: false }, 2)],
      },
    });
    expect(rows.map((r) => r.contribution)).toEqual([50, 25]);
  });

  it('reads raw values and metric names', () => {
    expect([formatRawValue(null), formatRawValue(''), formatRawValue(true), formatRawValue(1234.567), formatRawValue('IL')]).toEqual([
      'Unknown',
      'Unknown',
      'Yes',
      '1,234.57',
      'IL',
    ]);
    expect(metricLabel('sar_count_12m')).toBe('SARs in the past 12 months');
    expect(metricLabel('customer_tier')).toBe('Customer tier');
  });

  it('puts a score in its category and holds it inside the gauge', () => {
    expect(riskCategory(80.01)).toEqual({ label: 'High risk', tone: 'error' });
    expect(riskCategory(39.99)).toEqual({ label: 'Low risk', tone: 'success' });
    expect(riskCategory(40)).toEqual({ label: 'Medium risk', tone: 'warning' });
    expect([clampRisk(-5), clampRisk(140), clampRisk(55)]).toEqual([0, 100, 55]);
  });
});
