import type { Finding } from '../domain/detection/batch.js';
import type { AlertDraft, HitDraft } from './alerts.types.js';
import type { OrgContext, SeedContext } from './context.js';
import { AlertObjects, detectedTitle, judgeWindow, type KindRun, type SeededRule } from './detections.js';
import type { Rng } from './rng.js';
import type { RuleKey } from './rules.js';
import { DAY, HOUR, iso, MINUTE, roundSecond, SEED_NOW } from './time.js';
import type { Row } from './writer.js';

/**
 * The alerts the engine raised over the seeded events (detections.ts), and the rule validation runs
 * with the sample alerts a backtest writes. Each failure of an ACTIVE rule, in (time, id) order,
 * goes to the open alert of its rule and subject or opens one; whether the team has closed that
 * alert by the time of a later failure is drawn when it opens, by its age.
 */

type Draft = (partial: Partial<AlertDraft> & Pick<AlertDraft, 'title' | 'description' | 'created' | 'alertType'>) => AlertDraft;

/** Where each ledger failure went: the alert and the hit it raised. */
export type Raised = Map<Finding, { alert: AlertDraft; hit: HitDraft }>;

export interface DetectedAlerts {
  raised: Raised;
  /** the latest alert of each rule and subject (the only one that may still be open) */
  latest: Map<string, AlertDraft>;
  /** the rule of each alert the engine opened, by alert id */
  ruleOf: Map<number, number>;
}

export const detectionKey = (ruleId: number, f: Pick<Finding, 'subject'>) => `rule:${ruleId}:${f.subject.type}:${f.subject.id}`;

/** Old work is mostly closed, recent work mostly open (as the bulk alerts' statusFor). */
function fateByAge(rng: Rng, created: number): 'OPEN' | 'IN_REVIEW' | 'CLOSED' {
  const age = SEED_NOW - created;
  if (age > 150 * DAY)
    return rng.weighted([
      ['CLOSED', 90],
      ['OPEN', 6],
      ['IN_REVIEW', 4],
    ] as const);
  if (age > 45 * DAY)
    return rng.weighted([
      ['OPEN', 40],
      ['IN_REVIEW', 20],
      ['CLOSED', 40],
    ] as const);
  return rng.weighted([
    ['OPEN', 75],
    ['IN_REVIEW', 15],
    ['CLOSED', 10],
  ] as const);
}

export function draftDetectedAlerts(org: OrgContext, runs: readonly KindRun[], draft: Draft, rng: Rng): DetectedAlerts {
  const idxOf = new Map(org.entities.map((e) => [e.id, e.idx]));
  const queueKeyOf = new Map(Object.entries(org.queues).map(([key, id]) => [id, key]));
  const failures = runs
    .flatMap((r) => r.findings)
    .filter((f) => f.verdict.status === 'FAIL' && f.rule.status === 'ACTIVE')
    .sort((a, b) => a.event.time - b.event.time || a.event.id - b.event.id || a.rule.id - b.rule.id);
  const raised: Raised = new Map();
  const latest = new Map<string, AlertDraft>();
  const ruleOf = new Map<number, number>();
  const open = new Map<string, { alert: AlertDraft; objects: AlertObjects; closes: number | null }>();
  for (const f of failures) {
    const rule = f.rule as SeededRule;
    if (f.verdict.status !== 'FAIL' || !rule.key) continue;
    const key = detectionKey(rule.id, f);
    let current = open.get(key);
    if (current && current.closes !== null && f.event.time >= current.closes) current = undefined;
    // ingestion loads files through the day: the engine judges an event minutes after it happened
    const at = roundSecond(Math.min(SEED_NOW - MINUTE, f.event.time + rng.int(5, 55) * MINUTE));
    if (!current) {
      const fate = fateByAge(rng, at);
      const closes = fate === 'CLOSED' ? roundSecond(Math.min(SEED_NOW - HOUR, at + rng.int(1, 20) * DAY)) : null;
      const alert = draft({
        title: detectedTitle(org, idxOf, rule, f),
        description: null,
        created: at,
        alertType: f.event.kind === 'TRANSACTION' ? 'TRANSACTION_MONITORING' : 'ACTION_EVENT_MONITORING',
        status: fate,
        queueKey: rule.queue_id === null ? null : (queueKeyOf.get(rule.queue_id) ?? null),
        ruleKeys: [rule.key as RuleKey],
        risk: rule.spec.score ?? 50,
        closed: closes,
        detectionKey: key,
      });
      ruleOf.set(alert.id, rule.id);
      current = { alert, objects: new AlertObjects(alert, org, idxOf), closes };
      open.set(key, current);
      latest.set(key, alert);
    }
    const hit: HitDraft = {
      ruleKey: rule.key as RuleKey,
      ruleVersion: rule.version,
      created: at,
      windowEnd: f.event.time,
      snapshots: f.verdict.snapshot as Record<string, number | string>,
      ...current.objects.attach(f),
    };
    current.alert.hits.push(hit);
    raised.set(f, { alert: current.alert, hit });
  }
  // a closed alert was closed after its last hit
  for (const { alert } of open.values())
    if (alert.closed !== null) alert.closed = Math.min(SEED_NOW - MINUTE, Math.max(alert.closed, (alert.hits.at(-1)?.created ?? alert.created) + HOUR));
  for (const a of latest.values()) if (a.closed !== null && a.closed < a.created) a.closed = a.created;
  return { raised, latest, ruleOf };
}

/** Hits kept per sample alert, and sample alerts per run (backtest.ts). */
const SAMPLE_HITS = 20;
const SAMPLE_ALERTS = 50;

/**
 * The rule validation runs of the demo: each judged its rule over its window with the engine, and a
 * successful one keeps the backtest's sample of would-be alerts (status RULE_VALIDATION).
 */
export function draftValidations(ctx: SeedContext, org: OrgContext, rules: readonly SeededRule[], runs: readonly KindRun[], draft: Draft): Row[] {
  const idxOf = new Map(org.entities.map((e) => [e.id, e.idx]));
  const validations: Row[] = [];
  const byKey = (key: RuleKey) => rules.find((r) => r.key === key);
  const validate = (key: RuleKey, status: 'SUCCESS' | 'FAILED' | 'IN_PROGRESS', created: number, days: number, error?: string) => {
    const rule = byKey(key);
    if (!rule) return;
    const id = ctx.ids.take('rule_validations');
    const from = created - days * DAY;
    let result: Record<string, unknown> | null = null;
    if (status === 'FAILED') result = { error };
    if (status === 'SUCCESS') {
      const run = runs.find((r) => r.kind === rule.spec.event_type);
      const { findings, evaluated } = judgeWindow(rule, run, from, created);
      const failures = findings.filter((f) => f.verdict.status === 'FAIL');
      const sample = new Map<string, Finding[]>();
      for (const f of failures) {
        const k = `${f.subject.type}:${f.subject.id}`;
        const kept = sample.get(k);
        if (kept) {
          if (kept.length < SAMPLE_HITS) kept.push(f);
        } else if (sample.size < SAMPLE_ALERTS) sample.set(k, [f]);
      }
      const subjects = new Set(failures.map((f) => `${f.subject.type}:${f.subject.id}`));
      result = {
        evaluated_events: evaluated,
        hits: failures.length,
        alerts: subjects.size,
        entities: [...subjects].filter((k) => k.startsWith('ENTITY:')).length,
        errors: findings.filter((f) => f.verdict.status === 'ERROR').length,
      };
      for (const found of sample.values()) {
        const first = found[0];
        const a = draft({
          title: detectedTitle(org, idxOf, rule, first),
          description: null,
          created: created + 15 * MINUTE,
          alertType: first.event.kind === 'TRANSACTION' ? 'TRANSACTION_MONITORING' : 'ACTION_EVENT_MONITORING',
          status: 'RULE_VALIDATION',
          queueKey: null,
          ruleKeys: [key],
          ruleValidationId: id,
          risk: rule.spec.score ?? 50,
        });
        const objects = new AlertObjects(a, org, idxOf);
        for (const f of found)
          a.hits.push({
            ruleKey: key,
            ruleVersion: rule.version,
            created: created + 15 * MINUTE,
            windowEnd: f.event.time,
            snapshots: (f.verdict.status === 'FAIL' ? f.verdict.snapshot : {}) as Record<string, number | string>,
            ...objects.attach(f),
          });
      }
    }
    validations.push({
      id,
      org_id: org.id,
      rule_id: rule.id,
      status,
      spec: rule.spec,
      window_start: iso(from),
      window_end: iso(created),
      result,
      created_by_id: org.managerId,
      created_at: iso(created),
      finished_at: status === 'SUCCESS' || status === 'FAILED' ? iso(created + 20 * MINUTE) : null,
    });
  };
  // the draft card-testing rule's run, whose sample the manager is reading
  validate('cardTesting', 'SUCCESS', SEED_NOW - 6 * DAY, 90);
  validate('dormant', 'IN_PROGRESS', SEED_NOW - 2 * HOUR, 90);
  validate('structuring', 'SUCCESS', SEED_NOW - 250 * DAY, 90);
  validate('rapid', 'FAILED', SEED_NOW - 40 * DAY, 400, 'The validation window is longer than the rules engine allows.');
  return validations;
}
