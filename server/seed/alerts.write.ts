import { DEFAULT_HIGH_RISK_FLOOR, DEFAULT_LOW_RISK_CEILING } from '../../core/risk/constants.js';
import { fd, type OrgContext, type SeedContext } from './context.js';
import type { AlertDraft, CaseDraft } from './alerts.types.js';
import type { Raised } from './alerts.detected.js';
import { evaluationLogRows, ledgerRows, ruleStatRows, type KindRun } from './detections.js';
import { Rng } from './rng.js';
import { DAY, iso } from './time.js';
import type { Row } from './writer.js';

/** Writes the drafted cases, rule validations and alerts with their hits and links, and the evaluation logs of the events. */

const uniq = <T>(xs: T[]) => [...new Set(xs)];

/** The engine's run over the seeded events: its judgements, and the alert hit each raising failure made. */
export interface DetectionsToWrite {
  runs: readonly KindRun[];
  raised: Raised;
  ruleOf: Map<number, number>;
}

export async function writeInvestigations(
  ctx: SeedContext,
  org: OrgContext,
  alerts: AlertDraft[],
  cases: CaseDraft[],
  validations: Row[],
  detections: DetectionsToWrite,
): Promise<void> {
  const rng = Rng.named(`${org.key}:alert-rows`);
  const E = org.entities;
  const q = (key: string | null) => (key ? (org.queues[key] ?? null) : null);
  const deadlineConfig = (days: number, extendedDays: number) => ({
    duration_seconds: days * 86400,
    ...(extendedDays ? { extended_by_seconds: extendedDays * 86400 } : {}),
  });

  await ctx.w.insert(
    'cases',
    cases.map((c) => {
      const extended = rng.chance(0.2) ? 2 : 0;
      return {
        id: c.id,
        org_id: org.id,
        title: c.title,
        description: c.description,
        status: c.status,
        queue_id: q(c.queueKey),
        assigned_to_id: c.assignee,
        created_by_id: c.createdBy,
        deadline: iso(c.created + (60 + extended) * DAY),
        start_date: iso(c.created),
        deadline_config: deadlineConfig(60, extended),
        disposition: c.disposition,
        disposition_notes: c.disposition
          ? c.disposition === 'TRUE_POSITIVE'
            ? 'Suspicious activity confirmed; SAR filed.'
            : 'Insufficient evidence; monitoring continues.'
          : null,
        created_at: iso(c.created),
        updated_at: iso(c.closed ?? c.created),
        closed_at: c.closed === null ? null : iso(c.closed),
      };
    }),
  );
  await ctx.w.insert('rule_validations', validations);
  // each run judged its rule's spec as it was (version 1)
  await ctx.w.query(
    `update rule_validations v set spec = r.spec from rules r where v.org_id = $1 and r.org_id = v.org_id and r.id = v.rule_id and v.spec = '{}'::jsonb`,
    [org.id],
  );

  await ctx.w.insert(
    'alerts',
    alerts.map((a) => {
      const extended = rng.chance(0.15) ? 2 : 0;
      const data: Record<string, unknown> = {};
      fd(org, data, 'alert.source_system', a.source === 'EXTERNAL' ? 'CardShield' : a.alertType === 'MANUAL' ? 'Manual entry' : 'Vigil rules engine');
      fd(org, data, 'alert.external_reference', a.externalReference);
      const band = a.risk >= DEFAULT_HIGH_RISK_FLOOR ? 'HIGH' : a.risk >= DEFAULT_LOW_RISK_CEILING ? 'MEDIUM' : 'LOW';
      const volume = a.txns.length ? Math.round(a.txns.reduce((s, t) => s + t.amount, 0) * 100) / 100 : null;
      const updated = Math.max(a.created, a.hits.at(-1)?.created ?? 0, a.closed ?? 0);
      return {
        id: a.id,
        org_id: org.id,
        title: a.title,
        description: a.description,
        status: a.status,
        alert_type: a.alertType,
        object_source: a.source,
        queue_id: a.status === 'RULE_VALIDATION' ? null : q(a.queueKey),
        assigned_to_id: a.status === 'RULE_VALIDATION' ? null : a.assignee,
        deadline: iso(a.created + (30 + extended) * DAY),
        start_date: iso(a.created),
        deadline_config: deadlineConfig(30, extended),
        disposition: a.disposition,
        disposition_notes: a.dispositionNotes,
        amount_volume: volume,
        currency: volume === null ? null : org.currency,
        alert_score: {
          risk: a.risk,
          band,
          factors: [
            {
              name: 'amount_zscore',
              pretty_name: 'Amount compared with the customer’s history',
              value: Math.round(rng.float(0.5, 3.5) * 100) / 100,
              increase_risk: true,
            },
            { name: 'account_age_days', pretty_name: 'Account age', value: Math.round(rng.float(-2, 1) * 100) / 100, increase_risk: false },
            { name: 'prior_alerts_12m', pretty_name: 'Alerts in the past 12 months', value: Math.round(rng.float(0, 2) * 100) / 100, increase_risk: true },
          ],
        },
        content: a.content,
        formatted_data: data,
        case_id: a.caseId,
        rule_validation_id: a.ruleValidationId,
        detection_key: a.detectionKey ?? null,
        created_at: iso(a.created),
        updated_at: iso(updated),
        closed_at: a.closed === null ? null : iso(a.closed),
      };
    }),
  );
  await ctx.w.insert(
    'alert_rules',
    alerts.flatMap((a) => a.ruleKeys.map((k) => ({ org_id: org.id, alert_id: a.id, rule_id: org.rules[k].id }))),
  );
  await ctx.w.insert(
    'alert_hits',
    alerts.flatMap((a) =>
      a.hits.map((h) => ({
        id: (h.id = ctx.ids.take('alert_hits')),
        org_id: org.id,
        alert_id: a.id,
        rule_id: org.rules[h.ruleKey].id,
        rule_version: h.ruleVersion ?? null,
        created_at: iso(h.created),
        window_end: iso(h.windowEnd),
        variable_snapshots: h.snapshots,
        new_txn_events_count: h.txns,
        new_action_events_count: h.actionEvents,
        new_entities_count: h.entities,
        new_instruments_count: h.instruments,
      })),
    ),
  );
  const linkRows = <K extends string>(key: K, pick: (a: AlertDraft) => number[]) =>
    alerts.flatMap((a) => uniq(pick(a)).map((id) => ({ org_id: org.id, alert_id: a.id, [key]: id })));
  await ctx.w.insert(
    'alert_transactions',
    linkRows('transaction_id', (a) => a.txns.map((t) => t.id)),
  );
  await ctx.w.insert(
    'alert_entities',
    linkRows('entity_id', (a) => a.entityIdxs.map((i) => E[i].id)),
  );
  await ctx.w.insert(
    'alert_instruments',
    linkRows('instrument_id', (a) => a.instrumentIds),
  );
  await ctx.w.insert(
    'alert_action_events',
    linkRows('action_event_id', (a) => a.actionEventIds),
  );
  await ctx.w.insert(
    'case_alerts',
    cases.flatMap((c) => c.alertIds.map((alertId) => ({ org_id: org.id, case_id: c.id, alert_id: alertId }))),
  );
  await ctx.w.insert(
    'case_entities',
    cases.flatMap((c) => c.entityIdxs.map((i) => ({ org_id: org.id, case_id: c.id, entity_id: E[i].id }))),
  );

  // What the engine recorded as it judged the seeded events: one evaluation log per event, every
  // failure of a live rule in the ledger (with the alert hit it raised), each rule's daily counters.
  const erng = Rng.named(`${org.key}:evaluation-logs`);
  await ctx.w.insert(
    'evaluation_logs',
    evaluationLogRows(org, detections.runs, () => erng.hex(20)),
  );
  const links = new Map([...detections.raised].map(([f, { alert, hit }]) => [f, { alertId: alert.id, hitId: hit.id! }]));
  await ctx.w.insert('rule_hits', ledgerRows(org, detections.runs, links));
  await ctx.w.insert(
    'rule_stats',
    ruleStatRows(
      org,
      detections.runs,
      alerts.filter((a) => detections.ruleOf.has(a.id)),
      detections.ruleOf,
    ),
  );
}
