import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client.js';
import { compare, scoreEntities, type RiskModelInput } from '../../server/domain/risk/index.js';
import { cloneTemplate } from './helpers/template.js';
import { alertFor, between, caseFor, entity, eq, gt, lt, model, ne, NOW, ORG, param, rule, sarFor, settingId } from './helpers/risk-fixtures.js';

/**
 * The engine against hand-computed scores: one metric family per test, each on entities built with
 * exactly the data the expected number depends on. The clock is NOW (2026-11-01), so ages and the
 * 12-month windows are fixed.
 */

let database: Database;
beforeAll(async () => {
  database = await cloneTemplate();
});
afterAll(() => database.close());

const score = async (m: RiskModelInput, ids: number[]) => {
  const results = await scoreEntities(database.db, ORG, m, ids, { now: NOW });
  return new Map(results.map((r) => [r.entityId, r]));
};
const scoresOf = async (m: ReturnType<typeof model>, ids: number[]) =>
  [...(await score(m, ids)).values()].sort((a, b) => ids.indexOf(a.entityId) - ids.indexOf(b.entityId)).map((r) => r.score);

describe('mapping operators', () => {
  it('compares numbers and text as the spec names them; in between is [start, end)', () => {
    expect(compare('number', 5, { operator: 'greater_than', value: 4 })).toBe(true);
    expect(compare('number', 4, { operator: 'greater_than', value: 4 })).toBe(false);
    expect(compare('number', 3, { operator: 'less_than', value: 4 })).toBe(true);
    expect(compare('number', 4, { operator: 'less_than', value: 4 })).toBe(false);
    expect(compare('number', '7', { operator: 'equal_to', value: 7 })).toBe(true);
    expect(compare('text', 'Basic', { operator: 'equal_to', value: 'BASIC' })).toBe(true);
    expect(compare('text', 'BASIC', { operator: 'not_equal_to', value: 'BASIC' })).toBe(false);
    expect(compare('text', 'STANDARD', { operator: 'not_equal_to', value: 'BASIC' })).toBe(true);
    expect(compare('number', 3, { operator: 'in_between', start: 3, end: 6 })).toBe(true);
    expect(compare('number', 6, { operator: 'in_between', start: 3, end: 6 })).toBe(false);
    expect(compare('number', 'abc', { operator: 'greater_than', value: 1 })).toBe(false);
    expect(compare('number', null, { operator: 'not_equal_to', value: 1 })).toBe(false);
  });
});

describe('metric families', () => {
  it('new member: months since registration through the default age-of-record mapping, created_at when registration is unknown', async () => {
    const ids = [
      await entity(database.db, { registered: '2026-09-15T00:00:00Z' }), // 47 days: 1 month -> under 3: 100
      await entity(database.db, { registered: '2026-06-01T00:00:00Z' }), // 153 days: 5 months -> under 6: 80
      await entity(database.db, { registered: '2026-03-01T00:00:00Z' }), // 245 days: 8 months -> under 9: 60 (under 12 also matches, 40)
      await entity(database.db, { registered: '2025-12-01T00:00:00Z' }), // 335 days: 11 months -> under 12: 40
      await entity(database.db, { registered: '2024-01-01T00:00:00Z' }), // no mapping: unscored risk, 0
      await entity(database.db, { registered: null, created: '2026-10-01T00:00:00Z' }), // 31 days from created_at: 1 month -> 100
    ];
    const m = model([
      param(1, 'new_member_risk', 0.5, [{ metric: 'account_age_months', unknown_risk: 100, risk_mappings: [lt(3, 100), lt(6, 80), lt(9, 60), lt(12, 40)] }]),
    ]);
    expect(await scoresOf(m, ids)).toEqual([100, 80, 60, 40, 0, 100]);
    const old = (await score(m, [ids[4]])).get(ids[4])!;
    expect(old.snapshot!.trace[0].parameter_trace.risk_metric_trace).toEqual({
      raw_value: 34,
      risk_mapping_trace: { matched_mapping: null, default_used: 'unscored_risk', default_high: false },
    });
  });

  it('address: the region of the address setting by equal to / not equal to; unknown risk 100 without an address', async () => {
    const address = await settingId(database.db, 'entity.address');
    const ids = [
      await entity(database.db, { data: { [address]: '12 Main St, Springfield, IL' } }),
      await entity(database.db, { data: { [address]: '9 Elm St, Austin, TX' } }),
      await entity(database.db, {}),
    ];
    const m = model([
      param(1, 'address_risk', 1, [{ metric: 'address_region', metric_type: 'text', unknown_risk: 100, risk_mappings: [eq('IL', 70), ne('IL', 10)] }]),
    ]);
    expect(await scoresOf(m, ids)).toEqual([70, 10, 100]);
    const unknown = (await score(m, [ids[2]])).get(ids[2])!.snapshot!.trace[0].parameter_trace;
    expect(unknown.risk_metric_trace.risk_mapping_trace).toEqual({ matched_mapping: null, default_used: 'unknown_risk', default_high: true });
    const il = (await score(m, [ids[0]])).get(ids[0])!.snapshot!.trace[0].parameter_trace.risk_metric_trace;
    expect(il).toEqual({
      raw_value: 'IL',
      risk_mapping_trace: { matched_mapping: { index: 0, operator: 'equal_to', value: 'IL', risk: 70 }, default_used: null, default_high: false },
    });
  });

  it('customer information: a data setting compared as text, case-insensitively; unknown risk when absent, unscored risk when unmatched', async () => {
    const kyc = await settingId(database.db, 'entity.kyc_level');
    const ids = [
      await entity(database.db, { data: { [kyc]: 'BASIC' } }),
      await entity(database.db, { data: { [kyc]: 'enhanced' } }),
      await entity(database.db, { data: { [kyc]: 'PLATINUM' } }),
      await entity(database.db, {}),
    ];
    const m = model([
      param(1, 'customer_information_risk', 0.5, [
        {
          metric: 'kyc_level',
          metric_type: 'text',
          custom_data_setting_id: kyc,
          unknown_risk: 0,
          unscored_risk: 55,
          risk_mappings: [eq('BASIC', 70), eq('ENHANCED', 5)],
        },
      ]),
    ]);
    expect(await scoresOf(m, ids)).toEqual([70, 5, 55, 0]);
  });

  it('suspicious activity: SARs of the past 12 months in the counted statuses (and their lifecycle equivalents)', async () => {
    const [a, b, c, d, e] = [
      await entity(database.db),
      await entity(database.db),
      await entity(database.db),
      await entity(database.db),
      await entity(database.db),
    ];
    await sarFor(database.db, a, 'ARCHIVED');
    await sarFor(database.db, b, 'FILING_SUCCESS'); // SUBMISSION_SUCCESSFUL in the stored lifecycle
    await sarFor(database.db, c, 'FILING_FAILED'); // not counted
    await sarFor(database.db, d, 'ARCHIVED', '2025-10-01T00:00:00Z'); // 13 months ago
    await sarFor(database.db, e, 'SUBMITTING');
    await sarFor(database.db, e, 'SENDING_TO_FINCEN');
    const m = model([param(1, 'suspicious_activity_risk', 0.5, [{ metric: 'sar_count_12m', risk_mappings: [gt(0, 100)] }])]);
    expect(await scoresOf(m, [a, b, c, d, e])).toEqual([100, 100, 0, 0, 100]);
    const two = (await score(m, [e])).get(e)!.snapshot!.trace[0].parameter_trace.risk_metric_trace.raw_value;
    expect(two).toBe(2);
  });

  it('alert and case: true-positive closed transaction-monitoring alerts and true-positive closed cases; the riskier metric sets the parameter', async () => {
    const [a, b, c, d] = [await entity(database.db), await entity(database.db), await entity(database.db), await entity(database.db)];
    await alertFor(database.db, a); // counted
    await alertFor(database.db, b, { disposition: 'FALSE_POSITIVE' });
    await alertFor(database.db, b, { status: 'OPEN', disposition: null });
    await alertFor(database.db, b, { type: 'MANUAL' });
    await alertFor(database.db, b, { created: '2025-09-01T00:00:00Z' });
    await caseFor(database.db, c); // counted
    await caseFor(database.db, c);
    await caseFor(database.db, d, { disposition: 'INCONCLUSIVE' });
    const m = model([
      param(1, 'alert_and_case_risk', 0.5, [
        { metric: 'alert_count_12m', risk_mappings: [gt(0, 100)] },
        { metric: 'case_count_12m', risk_mappings: [between(1, 2, 30), gt(1, 50)] },
      ]),
    ]);
    // a: alerts 1 -> 100, cases 0 -> 0: 100; b: nothing counted: 0; c: cases 2 -> 50; d: 0
    expect(await scoresOf(m, [a, b, c, d])).toEqual([100, 0, 50, 0]);
    const trace = (await score(m, [c])).get(c)!.snapshot!.trace[0].parameter_trace;
    expect(trace.risk_metric).toBe('case_count_12m');
    expect(trace.metrics!.map((x) => [x.risk_metric_trace.raw_value, x.risk])).toEqual([
      [0, 0],
      [2, 50],
    ]);
  });

  it('custom data: a number setting through in between and greater than; a value that is not a number gets the unscored risk', async () => {
    const income = await settingId(database.db, 'entity.annual_income');
    const ids = [
      await entity(database.db, { data: { [income]: 30000 } }),
      await entity(database.db, { data: { [income]: '250000' } }),
      await entity(database.db, { data: { [income]: 90000 } }),
      await entity(database.db, { data: { [income]: 'n/a' } }),
    ];
    const m = model([
      param(1, 'custom_data_risk', 0.3, [
        { metric: 'annual_income', custom_data_setting_id: income, unknown_risk: 0, unscored_risk: 35, risk_mappings: [between(0, 50000, 20), gt(200000, 90)] },
      ]),
    ]);
    expect(await scoresOf(m, ids)).toEqual([20, 90, 35, 35]);
  });

  it('rule risk: alerts of the past 12 months raised by the listed rules (any rule when none is listed)', async () => {
    const [r1, r2] = [await rule(database.db), await rule(database.db)];
    const [a, b, c] = [await entity(database.db), await entity(database.db), await entity(database.db)];
    await alertFor(database.db, a, { status: 'OPEN', disposition: null, ruleIds: [r1] });
    await alertFor(database.db, a, { status: 'OPEN', disposition: null, ruleIds: [r1] });
    await alertFor(database.db, b, { status: 'OPEN', disposition: null, ruleIds: [r2] });
    await alertFor(database.db, c, { status: 'RULE_VALIDATION', disposition: null, ruleIds: [r1] });
    const only1 = model([param(1, 'rule_risk', 1, [{ metric: 'rule_alert_count_12m', risk_mappings: [gt(1, 90), eq(1, 60)] }], { rule_ids: [r1] })]);
    const any = model([param(1, 'rule_risk', 1, [{ metric: 'rule_alert_count_12m', risk_mappings: [gt(1, 90), eq(1, 60)] }])]);
    expect(await scoresOf(only1, [a, b, c])).toEqual([90, 0, 0]);
    expect(await scoresOf(any, [a, b, c])).toEqual([90, 60, 0]);
  });
});

describe('weights, segments and categories', () => {
  it('weights the parameter risks (Σ w·r / Σ w), rounds to hundredths and bands by the thresholds', async () => {
    const kyc = await settingId(database.db, 'entity.kyc_level');
    const young = await entity(database.db, { registered: '2026-10-01T00:00:00Z', data: { [kyc]: 'STANDARD' } });
    const m = model([
      param(1, 'new_member_risk', 0.5, [{ metric: 'account_age_months', risk_mappings: [lt(3, 100)] }]),
      param(2, 'customer_information_risk', 0.25, [
        { metric: 'kyc_level', metric_type: 'text', custom_data_setting_id: kyc, risk_mappings: [eq('STANDARD', 40)] },
      ]),
    ]);
    // (0.5 × 100 + 0.25 × 40) / 0.75 = 80: not above the high floor 80, so medium
    const r = (await score(m, [young])).get(young)!;
    expect([r.score, r.category]).toEqual([80, 'medium']);
    expect(r.snapshot!.trace.map((t) => [t.parameter, t.weight, t.parameter_trace.parameter_risk_score])).toEqual([
      ['new_member_risk', 0.5, 100],
      ['customer_information_risk', 0.25, 40],
    ]);
    // (0.5 × 100 + 0.2 × 40) / 0.7 = 82.857… -> 82.86, high
    const high = (await score(model([m.segments[0].parameters[0], { ...(m.segments[0].parameters[1] as object), weight: 0.2 }]), [young])).get(young)!;
    expect([high.score, high.category]).toEqual([82.86, 'high']);
    // no weight on age: (0 × 100 + 0.25 × 40) / 0.25 = 40: medium (not below the low ceiling 40)
    const low = (await score(model([{ ...(m.segments[0].parameters[0] as object), weight: 0 }, m.segments[0].parameters[1]]), [young])).get(young)!;
    expect([low.score, low.category]).toEqual([40, 'medium']);
  });

  it('takes the first segment whose filters all hold; an entity no segment takes stays unscored', async () => {
    const kyc = await settingId(database.db, 'entity.kyc_level');
    const person = await entity(database.db, { type: 'user' });
    const company = await entity(database.db, { type: 'business', data: { [kyc]: 'ENHANCED' } });
    const closed = await entity(database.db, { type: 'user', status: 'CLOSED' });
    const flat = (risk: number) => [
      param(1, 'custom_data_risk', 1, [{ metric: 'entity_type', metric_type: 'text', unknown_risk: risk, unscored_risk: risk, risk_mappings: [] }]),
    ];
    const m = {
      id: 0,
      high_risk_floor: 80,
      low_risk_ceiling: 40,
      segments: [
        {
          id: 'businesses',
          title: 'Businesses',
          filters: [
            { field: 'entity_type', operator: 'EQUAL_TO', value: 'business' },
            { data_setting_id: kyc, operator: 'equal_to', value: 'ENHANCED' },
          ],
          parameters: flat(20),
        },
        { id: 'open', title: 'Open customers', filters: [{ field: 'status', operator: 'NOT_EQUAL_TO', value: 'CLOSED' }], parameters: flat(50) },
      ],
    };
    const results = await score(m, [person, company, closed]);
    expect(results.get(company)).toMatchObject({
      score: 20,
      category: 'low',
      snapshot: { entity_segment_id: 'businesses', entity_segment_title: 'Businesses' },
    });
    expect(results.get(person)).toMatchObject({ score: 50, category: 'medium', snapshot: { entity_segment_id: 'open' } });
    expect(results.get(closed)).toMatchObject({ score: null, category: null, snapshot: null });
  });
});
