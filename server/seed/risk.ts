import type { Investigations } from './alerts.js';
import type { EntityInfo, OrgContext, SeedContext } from './context.js';
import type { SarDraft } from './filings.js';
import { Rng } from './rng.js';
import { DAY, HOUR, iso, roundSecond, SEED_NOW } from './time.js';
import type { Row } from './writer.js';

/**
 * Two risk models per organisation (one active, one draft) and the active model's score for every
 * entity it covers. Closed customers are excluded by the segments' filters and customers registered
 * in the last day have not been scored yet, so both kinds of unscored entity exist.
 */

type Mapping = {
  method: 'NUMERIC_COMPARISON' | 'TEXT_MATCH';
  risk: number;
  content: { operator: string; value?: number | string; start?: number; end?: number };
};
const gt = (value: number, risk: number): Mapping => ({ method: 'NUMERIC_COMPARISON', risk, content: { operator: 'GREATER_THAN', value } });
const lt = (value: number, risk: number): Mapping => ({ method: 'NUMERIC_COMPARISON', risk, content: { operator: 'LESS_THAN', value } });
const between = (start: number, end: number, risk: number): Mapping => ({
  method: 'NUMERIC_COMPARISON',
  risk,
  content: { operator: 'IN_BETWEEN', start, end },
});
const eq = (value: string, risk: number): Mapping => ({ method: 'TEXT_MATCH', risk, content: { operator: 'EQUAL_TO', value } });

interface Parameter {
  id: string;
  title: string;
  type: string;
  weight: number;
  metric: string;
  metricType: 'text' | 'number';
  unknownRisk: number;
  mappings: Mapping[];
  settingKey?: string;
  args?: Record<string, unknown>;
}

const ADDRESS_RISK = [10, 20, 35, 50, 70];

function parameters(weights: [number, number, number, number, number]): Parameter[] {
  return [
    {
      id: 'param-address',
      title: 'Address risk',
      type: 'ADDRESS_RISK',
      weight: weights[0],
      metric: 'address_region_risk',
      metricType: 'number',
      unknownRisk: 100,
      mappings: [between(0, 30, 10), between(30, 60, 50), gt(60, 90)],
      settingKey: 'entity.address',
    },
    {
      id: 'param-new-member',
      title: 'New member risk',
      type: 'NEW_MEMBER_RISK',
      weight: weights[1],
      metric: 'account_age_months',
      metricType: 'number',
      unknownRisk: 0,
      mappings: [lt(3, 100), between(3, 6, 80), between(6, 9, 60), between(9, 12, 40)],
    },
    {
      id: 'param-sar',
      title: 'Suspicious activity risk',
      type: 'SUSPICIOUS_ACTIVITY_RISK',
      weight: weights[2],
      metric: 'sar_count_12m',
      metricType: 'number',
      unknownRisk: 0,
      mappings: [gt(0, 100)],
      args: { sar_statuses: ['SUBMITTING', 'SUBMISSION_ACCEPTED', 'SUBMISSION_SUCCESSFUL', 'ARCHIVED'] },
    },
    {
      id: 'param-alert-case',
      title: 'Alert and case risk',
      type: 'ALERT_AND_CASE_RISK',
      weight: weights[3],
      metric: 'alert_count_12m',
      metricType: 'number',
      unknownRisk: 0,
      mappings: [gt(0, 100)],
      args: { alerts: 'true-positive, closed, transaction monitoring', cases: 'true-positive, closed' },
    },
    {
      id: 'param-kyc',
      title: 'Customer information risk',
      type: 'CUSTOMER_INFORMATION_RISK',
      weight: weights[4],
      metric: 'kyc_level',
      metricType: 'text',
      unknownRisk: 100,
      mappings: [eq('BASIC', 70), eq('STANDARD', 20), eq('ENHANCED', 0)],
      settingKey: 'entity.kyc_level',
    },
  ];
}

function segments(org: OrgContext, params: Parameter[]) {
  const asJson = (p: Parameter) => ({
    id: p.id,
    title: p.title,
    type: p.type,
    weight: p.weight,
    parameter_args: p.args ?? {},
    metrics: [
      {
        metric: p.metric,
        metric_type: p.metricType,
        unknown_risk: p.unknownRisk,
        unscored_risk: p.unknownRisk,
        risk_mappings: p.mappings,
        custom_data_setting_id: p.settingKey ? (org.settings.get(p.settingKey)?.id ?? null) : null,
      },
    ],
  });
  const notClosed = { field: 'status', operator: 'NOT_EQUAL_TO', value: 'CLOSED' };
  return [
    {
      id: 'segment-individuals',
      title: 'Individuals',
      filters: [{ field: 'entity_type', operator: 'EQUAL_TO', value: 'user' }, notClosed],
      parameters: params.map(asJson),
    },
    {
      id: 'segment-businesses',
      title: 'Businesses',
      filters: [{ field: 'entity_type', operator: 'EQUAL_TO', value: 'business' }, notClosed],
      parameters: params.map(asJson),
    },
  ];
}

function applies(m: Mapping, raw: number | string): boolean {
  const c = m.content;
  if (c.operator === 'EQUAL_TO') return raw === c.value;
  if (typeof raw !== 'number') return false;
  if (c.operator === 'GREATER_THAN') return raw > (c.value as number);
  if (c.operator === 'LESS_THAN') return raw < (c.value as number);
  return raw >= c.start! && raw < c.end!;
}

export async function seedRisk(ctx: SeedContext, org: OrgContext, inv: Investigations, sars: SarDraft[]): Promise<void> {
  const rng = Rng.named(`${org.key}:risk`);
  const activeParams = parameters([0.15, 0.2, 0.3, 0.25, 0.1]);
  const draftParams = parameters([0.1, 0.25, 0.3, 0.25, 0.1]);
  const activeId = ctx.ids.take('risk_models');
  const draftId = ctx.ids.take('risk_models');
  await ctx.w.insert('risk_models', [
    {
      id: activeId,
      org_id: org.id,
      title: 'Customer risk model v3',
      description: 'Scores every open customer on address, tenure, filings, alerts and KYC.',
      status: 'active',
      high_risk_floor: 80,
      low_risk_ceiling: 40,
      segments: segments(org, activeParams),
      last_validation_status: 'success',
      last_validated_at: iso(SEED_NOW - 120 * DAY),
      created_by_id: org.managerId,
      created_at: iso(SEED_NOW - 140 * DAY),
      updated_at: iso(SEED_NOW - 110 * DAY),
      activated_at: iso(SEED_NOW - 110 * DAY),
    },
    {
      id: draftId,
      org_id: org.id,
      title: 'Customer risk model v4 (draft)',
      description: 'Gives tenure more weight than address.',
      status: 'draft',
      high_risk_floor: 75,
      low_risk_ceiling: 35,
      segments: segments(org, draftParams),
      last_validation_status: 'success',
      last_validated_at: iso(SEED_NOW - 3 * DAY),
      created_by_id: org.managerId,
      created_at: iso(SEED_NOW - 10 * DAY),
      updated_at: iso(SEED_NOW - 3 * DAY),
      activated_at: null,
    },
  ]);

  const yearAgo = SEED_NOW - 365 * DAY;
  const alertCount = new Map<number, number>();
  for (const a of inv.alerts) {
    if (a.status === 'RULE_VALIDATION' || a.disposition === 'FALSE_POSITIVE' || a.created < yearAgo) continue;
    for (const i of new Set(a.entityIdxs)) alertCount.set(i, (alertCount.get(i) ?? 0) + 1);
  }
  const caseEntities = new Map(inv.cases.map((c) => [c.id, c.entityIdxs]));
  const sarCount = new Map<number, number>();
  for (const s of sars) {
    if (s.created < yearAgo) continue;
    for (const i of caseEntities.get(s.caseId) ?? []) sarCount.set(i, (sarCount.get(i) ?? 0) + 1);
  }

  const score = (e: EntityInfo, at: number, history: boolean) => {
    const raw: Record<string, number | string> = {
      address_region_risk: ADDRESS_RISK[e.cityIndex % ADDRESS_RISK.length],
      account_age_months: Math.max(0, Math.floor((at - e.registeredAt) / (30 * DAY))),
      sar_count_12m: history ? 0 : (sarCount.get(e.idx) ?? 0),
      alert_count_12m: history ? 0 : (alertCount.get(e.idx) ?? 0),
      kyc_level: e.kycLevel,
    };
    let total = 0;
    const trace = activeParams.map((p, k) => {
      const value = raw[p.metric];
      const matched = p.mappings.find((m) => applies(m, value)) ?? null;
      const risk = matched ? matched.risk : p.metric === 'address_region_risk' ? p.unknownRisk : 0;
      total += p.weight * risk;
      return {
        parameter: p.title,
        weight: p.weight,
        parameter_trace: {
          parameter_risk_score: risk,
          parameter_id: p.id,
          risk_metric: p.metric,
          risk_metric_tracking_id: `rmt_${org.id}_${e.id}_${k}`,
          risk_metric_trace: { raw_value: value, risk_mapping_trace: { default_high: !matched && risk > 0, matched_mapping: matched } },
        },
      };
    });
    const segment = e.type === 'user' ? { id: 'segment-individuals', title: 'Individuals' } : { id: 'segment-businesses', title: 'Businesses' };
    return { score: Math.round(total * 100) / 100, snapshot: { entity_segment_title: segment.title, entity_segment_id: segment.id, trace } };
  };

  const entities = org.entities;
  const resultIds = ctx.ids;
  function* results(): Generator<Row> {
    for (const e of entities) {
      if (e.status === 'CLOSED' || e.registeredAt > SEED_NOW - DAY) continue;
      const at = roundSecond(SEED_NOW - rng.float(1, 20) * HOUR);
      if (e.role !== 'normal' && e.registeredAt < at - 60 * DAY) {
        const before = score(e, at - 45 * DAY, true);
        yield {
          id: resultIds.take('risk_score_results'),
          org_id: org.id,
          entity_id: e.id,
          risk_model_id: activeId,
          score: before.score,
          snapshot: before.snapshot,
          created_at: iso(at - 45 * DAY),
        };
      }
      const now = score(e, at, false);
      yield {
        id: resultIds.take('risk_score_results'),
        org_id: org.id,
        entity_id: e.id,
        risk_model_id: activeId,
        score: now.score,
        snapshot: now.snapshot,
        created_at: iso(at),
      };
    }
  }
  await ctx.w.insert('risk_score_results', results());
}

/** entity_risk_scores holds each entity's latest score under its organisation's active model. */
export const UPDATE_ENTITY_SCORES = `
  insert into entity_risk_scores (org_id, entity_id, score)
  select distinct on (rs.entity_id) rs.org_id, rs.entity_id, rs.score
  from risk_score_results rs join risk_models m on m.id = rs.risk_model_id and m.status = 'active'
  order by rs.entity_id, rs.created_at desc`;
