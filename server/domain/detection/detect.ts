import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type SqlRunner } from '../../db/sql.js';
import { enqueueScoreEntities } from '../risk/jobs.js';
import { WINDOWED } from '../../../core/rule-spec.js';
import { judgeAll, loadHistories, type Finding, type Judged } from './batch.js';
import { byTime, DAY_MS, MINUTE_MS, type DetectionEvent } from './evaluate.js';
import { appendHits, notifyQueues, openAlerts, type NewHit } from './raise.js';
import { eventsById, liveRules, silencesFor, type EventKind, type LiveRule, type Silence } from './store.js';

/**
 * The detection engine's entry: evaluates stored events against the organisation's live rules and
 * writes what follows, all in the caller's transaction. Every failure goes to the rule_hits ledger
 * once (its unique key); only failures new to the ledger open or update alerts, so evaluating the
 * same events again (a file run twice, a job resumed after a crash) adds nothing.
 */

export interface DetectionSummary {
  evaluated: number;
  failures: number;
  newHits: number;
  alertsOpened: number;
  alertsUpdated: number;
  silenced: number;
}

const detectionKey = (f: Finding) => `rule:${f.rule.id}:${f.subject.type}:${f.subject.id}`;

function silenceFor(silences: readonly Silence[], f: Finding): Silence | undefined {
  if (f.subject.type !== 'ENTITY') return undefined;
  return silences.find((s) => s.entity_id === f.subject.id && (s.rule_id === null || s.rule_id === f.rule.id));
}

const RANK: Record<string, number> = { PASS: 0, FAIL: 1, ERROR: 2 };

/**
 * The evaluation logs: one per judged event, replaced when the event is evaluated again. Each holds
 * every live and shadow rule's outcome (an entry says which are shadow); compact: the rule's name is
 * read from the rule when the log is shown. The JSON is written by hand: nearly every event passes
 * every rule, and those all share one text.
 */
async function writeLogs(
  tx: SqlRunner,
  orgId: number,
  kind: EventKind,
  rules: readonly LiveRule[],
  judged: readonly DetectionEvent[],
  findings: readonly Finding[],
  silenced: Set<Finding>,
) {
  if (!judged.length) return;
  const entry = (rule: LiveRule, status: string, isSilenced: boolean) =>
    `"${rule.id}":{"status":"${status}"${rule.status === 'ACTIVE_SHADOW' ? ',"rule_status":"ACTIVE_SHADOW"' : ''}${isSilenced ? ',"silenced":true' : ''}}`;
  const allPass = `{${rules.map((r) => entry(r, 'PASS', false)).join(',')}}`;
  type Outcome = { status: string; silenced: boolean };
  const outcomes = new Map<number, Map<number, Outcome>>();
  for (const f of findings) {
    let byRule = outcomes.get(f.event.id);
    if (!byRule) outcomes.set(f.event.id, (byRule = new Map<number, Outcome>()));
    const known = byRule.get(f.rule.id);
    const status = known && RANK[known.status] >= RANK[f.verdict.status] ? known.status : f.verdict.status;
    byRule.set(f.rule.id, { status, silenced: (known?.silenced ?? false) || silenced.has(f) });
  }
  // one random part per statement and a counter: ids as unique as one random id per log, for far less work
  const prefix = `ev_${randomBytes(8).toString('hex')}`;
  const records = judged.map((event, i) => {
    const byRule = outcomes.get(event.id);
    const executions = byRule
      ? `{${rules
          .map((r) => {
            const o = byRule.get(r.id);
            return entry(r, o?.status ?? 'PASS', o?.silenced ?? false);
          })
          .join(',')}}`
      : allPass;
    return `{"evaluation_id":"${prefix}${i.toString(36).padStart(4, '0')}","event_id":${event.id},"rule_executions":${executions}}`;
  });
  const column = sql.raw(kind === 'TRANSACTION' ? 'event_id' : 'action_event_id');
  await tx.execute(
    sql`insert into evaluation_logs (org_id, evaluation_id, ${column}, is_shadow, rule_executions)
      select ${orgId}, s.evaluation_id, s.event_id, false, s.rule_executions
      from jsonb_to_recordset(${`[${records.join(',')}]`}::jsonb) as s(evaluation_id text, event_id int, rule_executions jsonb)
      on conflict (org_id, ${column}, is_shadow) do update set evaluation_id = excluded.evaluation_id, rule_executions = excluded.rule_executions, created_at = now()`,
  );
}

/** Writes every failure to the ledger; answers those it did not hold yet. */
async function writeLedger(tx: SqlRunner, orgId: number, failures: readonly Finding[], silences: readonly Silence[]): Promise<NewHit[]> {
  if (!failures.length) return [];
  const records = failures.map((f, i) => ({
    i,
    rule_id: f.rule.id,
    rule_version: f.rule.version,
    subject_type: f.subject.type,
    subject_id: f.subject.id,
    event_type: f.event.kind,
    event_id: f.event.id,
    event_time: new Date(f.event.time).toISOString(),
    snapshot: f.verdict.status === 'FAIL' ? f.verdict.snapshot : {},
    is_shadow: f.rule.status === 'ACTIVE_SHADOW',
    silence_id: f.rule.status === 'ACTIVE' ? (silenceFor(silences, f)?.id ?? null) : null,
  }));
  const inserted = await rows<{ id: number; i: number }>(
    tx,
    sql`with s as (select * from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as s(i int, rule_id int, rule_version int, subject_type text,
        subject_id int, event_type text, event_id int, event_time timestamptz, snapshot jsonb, is_shadow boolean, silence_id int)),
      ins as (insert into rule_hits (org_id, rule_id, rule_version, subject_type, subject_id, event_type, event_id, event_time, variable_snapshot, is_shadow, silence_id)
        select ${orgId}, rule_id, rule_version, subject_type, subject_id, event_type, event_id, event_time, snapshot, is_shadow, silence_id from s order by i
        on conflict (org_id, rule_id, event_type, event_id, subject_type, subject_id) do nothing
        returning id, rule_id, event_type, event_id, subject_type, subject_id)
      select ins.id, s.i from ins join s on s.rule_id = ins.rule_id and s.event_type = ins.event_type and s.event_id = ins.event_id
        and s.subject_type = ins.subject_type and s.subject_id = ins.subject_id`,
  );
  return inserted.map((r) => ({ id: r.id, finding: failures[r.i] })).sort((a, b) => a.id - b.id);
}

/** Adds the batch's judgements, errors, failures and opened alerts to each rule's counters of the day. */
async function countPerRule(tx: SqlRunner, orgId: number, judged: Judged, opened: Map<number, number>) {
  const stats = new Map<number, { evaluations: number; errors: number; failures: number }>(
    [...judged.evaluations].map(([id, evaluations]) => [id, { evaluations, errors: 0, failures: 0 }]),
  );
  for (const f of judged.findings) {
    const s = stats.get(f.rule.id)!;
    if (f.verdict.status === 'ERROR') s.errors++;
    if (f.verdict.status === 'FAIL') s.failures++;
  }
  const records = [...stats.entries()].map(([rule_id, s]) => ({ rule_id, ...s, alerts: opened.get(rule_id) ?? 0 })).filter((r) => r.evaluations > 0);
  if (!records.length) return;
  await tx.execute(
    sql`insert into rule_stats (org_id, rule_id, day, evaluations, errors, failures, alerts, last_evaluated_at)
      select ${orgId}::int, s.rule_id, current_date, s.evaluations, s.errors, s.failures, s.alerts, now()
      from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as s(rule_id int, evaluations int, errors int, failures int, alerts int)
      on conflict (org_id, rule_id, day) do update set evaluations = rule_stats.evaluations + excluded.evaluations,
        errors = rule_stats.errors + excluded.errors, failures = rule_stats.failures + excluded.failures,
        alerts = rule_stats.alerts + excluded.alerts, last_evaluated_at = excluded.last_evaluated_at`,
  );
}

/** Events judged per step: each step's findings are written before the next step is judged, so memory holds one step's. */
export const DETECT_STEP = 5_000;

/**
 * Events of one run in time order, split where two are further apart than `gap`: a late row among
 * a day's is judged apart, so no history read spans the months between.
 */
export function segments(events: readonly DetectionEvent[], gap: number): DetectionEvent[][] {
  const out: DetectionEvent[][] = [];
  for (const e of [...events].sort(byTime)) {
    const current = out.at(-1);
    if (current && e.time - current[current.length - 1].time <= gap) current.push(e);
    else out.push([e]);
  }
  return out;
}

/** The longest window of the rules (at least a day): events further apart than it share no history worth one read. */
function reachOf(rules: readonly LiveRule[]): number {
  const minutes = rules.flatMap((r) => r.spec.variables.map((v) => (WINDOWED.includes(v.aggregation) ? (v.window_minutes ?? 0) : 0)));
  return Math.max(DAY_MS, Math.max(0, ...minutes) * MINUTE_MS);
}

/**
 * Evaluates the stored events (by id) against the organisation's live rules, in the caller's
 * transaction: the histories are read once for each segment of the events (one read for many
 * batches' events when a run takes several), then the events are judged and written step by step.
 */
export async function detectEvents(tx: SqlRunner, orgId: number, kind: EventKind, ids: readonly number[]): Promise<DetectionSummary> {
  const summary: DetectionSummary = { evaluated: 0, failures: 0, newHits: 0, alertsOpened: 0, alertsUpdated: 0, silenced: 0 };
  const rules = await liveRules(tx, orgId, kind);
  if (!rules.length || !ids.length) return summary;
  const valid = rules.filter((r) => !r.invalid);
  const readsFields = valid.some((r) => r.spec.variables.some((v) => v.data_setting_id));
  const events = await eventsById(tx, orgId, kind, ids, readsFields);
  summary.evaluated = events.length;
  for (const segment of segments(events, reachOf(valid))) {
    const histories = await loadHistories(tx, orgId, kind, valid, segment);
    for (let i = 0; i < segment.length; i += DETECT_STEP) {
      await writeFindings(tx, orgId, kind, rules, judgeAll(rules, segment.slice(i, i + DETECT_STEP), histories), summary);
    }
  }
  return summary;
}

/** What follows from one step's findings: the ledger, alerts and their hits, silences, logs and counters. */
async function writeFindings(tx: SqlRunner, orgId: number, kind: EventKind, rules: readonly LiveRule[], judged: Judged, summary: DetectionSummary) {
  const failures = judged.findings.filter((f) => f.verdict.status === 'FAIL');
  summary.failures += failures.length;
  const entityIds = [...new Set(failures.filter((f) => f.subject.type === 'ENTITY' && f.rule.status === 'ACTIVE').map((f) => f.subject.id))];
  const silences = await silencesFor(tx, orgId, entityIds);
  const silenced = new Set(failures.filter((f) => f.rule.status === 'ACTIVE' && silenceFor(silences, f)));
  summary.silenced += silenced.size;
  const fresh = await writeLedger(tx, orgId, failures, silences);
  summary.newHits += fresh.length;
  const raising = fresh.filter((h) => h.finding.rule.status === 'ACTIVE' && !silenced.has(h.finding));
  const openedPerRule = new Map<number, number>();
  if (raising.length) {
    const groups = new Map<string, NewHit[]>();
    for (const h of raising) groups.set(detectionKey(h.finding), [...(groups.get(detectionKey(h.finding)) ?? []), h]);
    const { byKey, opened } = await openAlerts(tx, orgId, kind, groups);
    await appendHits(tx, orgId, kind, groups, byKey);
    await notifyQueues(tx, orgId, groups, byKey, opened);
    summary.alertsOpened += opened.size;
    for (const [k, hits] of groups) {
      if (!opened.has(byKey.get(k)!)) continue;
      const ruleId = hits[0].finding.rule.id;
      openedPerRule.set(ruleId, (openedPerRule.get(ruleId) ?? 0) + 1);
    }
    summary.alertsUpdated += new Set(byKey.values()).size - opened.size;
    const customers = raising.filter((h) => h.finding.subject.type === 'ENTITY').map((h) => h.finding.subject.id);
    // the rule-risk metric counts the customers' alerts
    await enqueueScoreEntities(tx, orgId, customers);
  }
  await writeLogs(tx, orgId, kind, rules, judged.judged, judged.findings, silenced);
  await countPerRule(tx, orgId, judged, openedPerRule);
}
