import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DEFAULT_HIGH_RISK_FLOOR, DEFAULT_LOW_RISK_CEILING } from '../../../core/risk/constants.js';
import { alertTitle } from '../../../core/rule-spec.js';
import { intArray, rows, textArray, type SqlRunner } from '../../db/sql.js';
import { notifyAgent } from '../../lib/notify.js';
import { enqueueScoreEntities } from '../risk/jobs.js';
import { evaluateAll, loadHistories, type Finding } from './batch.js';
import { eventsById, liveRules, silencesFor, type EventKind, type LiveRule, type Silence } from './store.js';

/**
 * The detection engine's entry: evaluates stored events against the organisation's live rules and
 * writes what follows, all in the caller's transaction. Every failure goes to the rule_hits ledger
 * once (its unique key); only failures new to the ledger open or update alerts, so evaluating the
 * same events again (a file run twice, a job resumed after a crash) adds nothing.
 */

/** An alert's deadline when its queue sets none. */
export const DEFAULT_ALERT_DEADLINE_SECONDS = 30 * 86_400;
export const DEFAULT_RULE_SCORE = 50;

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

function band(risk: number): 'LOW' | 'MEDIUM' | 'HIGH' {
  return risk >= DEFAULT_HIGH_RISK_FLOOR ? 'HIGH' : risk >= DEFAULT_LOW_RISK_CEILING ? 'MEDIUM' : 'LOW';
}

/** The evaluation logs: one per event, replaced when the event is evaluated again. */
async function writeLogs(tx: SqlRunner, orgId: number, kind: EventKind, rules: readonly LiveRule[], findings: readonly Finding[], silenced: Set<Finding>) {
  type Outcome = { status: string; silenced: boolean };
  const perEvent = new Map<number, Map<number, Outcome>>();
  for (const f of findings) {
    const byRule = perEvent.get(f.event.id) ?? new Map<number, Outcome>();
    perEvent.set(f.event.id, byRule);
    const known = byRule.get(f.rule.id);
    const rank = (s: string) => (s === 'ERROR' ? 2 : s === 'FAIL' ? 1 : 0);
    const status = known && rank(known.status) >= rank(f.verdict.status) ? known.status : f.verdict.status;
    byRule.set(f.rule.id, { status, silenced: (known?.silenced ?? false) || silenced.has(f) });
  }
  // One log per event for the live and the shadow rules (each entry says which); compact: the rule's
  // name is read from the rule when the log is shown.
  const logs: Array<{ event_id: number; shadow: boolean; executions: Record<string, unknown> }> = [];
  for (const [eventId, byRule] of perEvent) {
    const executions: Record<string, unknown> = {};
    for (const rule of rules) {
      const r = byRule.get(rule.id) ?? { status: 'PASS', silenced: false };
      const entry: Record<string, unknown> = { status: r.status };
      if (rule.status === 'ACTIVE_SHADOW') entry.rule_status = 'ACTIVE_SHADOW';
      if (r.silenced) entry.silenced = true;
      executions[rule.id] = entry;
    }
    logs.push({ event_id: eventId, shadow: false, executions });
  }
  if (!logs.length) return;
  const column = sql.raw(kind === 'TRANSACTION' ? 'event_id' : 'action_event_id');
  const records = logs.map((l) => ({
    evaluation_id: `ev_${randomBytes(10).toString('hex')}`,
    event_id: l.event_id,
    is_shadow: l.shadow,
    rule_executions: l.executions,
  }));
  await tx.execute(
    sql`insert into evaluation_logs (org_id, evaluation_id, ${column}, is_shadow, rule_executions)
      select ${orgId}, s.evaluation_id, s.event_id, s.is_shadow, s.rule_executions
      from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as s(evaluation_id text, event_id int, is_shadow boolean, rule_executions jsonb)
      on conflict (org_id, ${column}, is_shadow) do update set evaluation_id = excluded.evaluation_id, rule_executions = excluded.rule_executions, created_at = now()`,
  );
}

interface NewHit {
  id: number;
  finding: Finding;
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

interface SubjectName {
  id: number;
  name: string;
  external_id: string;
}

async function subjectNames(tx: SqlRunner, orgId: number, hits: readonly NewHit[]): Promise<Map<string, SubjectName>> {
  const out = new Map<string, SubjectName>();
  for (const type of ['ENTITY', 'INSTRUMENT'] as const) {
    const ids = [...new Set(hits.filter((h) => h.finding.subject.type === type).map((h) => h.finding.subject.id))];
    if (!ids.length) continue;
    const found = await rows<SubjectName>(
      tx,
      type === 'ENTITY'
        ? sql`select id, name_readable as name, external_id from entities where org_id = ${orgId} and id = any(${intArray(ids)})`
        : sql`select id, external_id as name, external_id from instruments where org_id = ${orgId} and id = any(${intArray(ids)})`,
    );
    for (const r of found) out.set(`${type}:${r.id}`, r);
  }
  return out;
}

/** The open alert of each key, opening those that have none. Answers the alerts by key and which were opened. */
async function openAlerts(
  tx: SqlRunner,
  orgId: number,
  kind: EventKind,
  groups: Map<string, NewHit[]>,
): Promise<{ byKey: Map<string, number>; opened: Set<number> }> {
  const keys = [...groups.keys()];
  const byKey = new Map<string, number>();
  const opened = new Set<number>();
  const find = async (wanted: readonly string[]) => {
    const found = await rows<{ id: number; detection_key: string }>(
      tx,
      sql`select id, detection_key from alerts where org_id = ${orgId} and detection_key = any(${textArray(wanted)}) and status in ('OPEN', 'IN_REVIEW')`,
    );
    for (const r of found) byKey.set(r.detection_key, r.id);
  };
  await find(keys);
  const missing = keys.filter((k) => !byKey.has(k));
  if (!missing.length) return { byKey, opened };
  const names = await subjectNames(
    tx,
    orgId,
    missing.map((k) => groups.get(k)![0]),
  );
  const records = missing.map((k) => {
    const { finding } = groups.get(k)![0];
    const subject = names.get(`${finding.subject.type}:${finding.subject.id}`);
    const risk = finding.rule.spec.score ?? DEFAULT_RULE_SCORE;
    return {
      detection_key: k,
      title: alertTitle(finding.rule.spec.alert_title, finding.rule.title, subject?.name ?? `#${finding.subject.id}`, subject?.external_id ?? ''),
      queue_id: finding.rule.queue_id,
      alert_score: { risk, band: band(risk), factors: [] },
    };
  });
  const inserted = await rows<{ id: number; detection_key: string }>(
    tx,
    sql`insert into alerts (org_id, title, status, alert_type, object_source, queue_id, deadline, start_date, deadline_config, alert_score, detection_key)
      select ${orgId}, s.title, 'OPEN', ${kind === 'TRANSACTION' ? 'TRANSACTION_MONITORING' : 'ACTION_EVENT_MONITORING'}, 'INTERNAL', s.queue_id,
        now() + make_interval(secs => coalesce(q.deadline_seconds, ${DEFAULT_ALERT_DEADLINE_SECONDS})), now(),
        jsonb_build_object('duration_seconds', coalesce(q.deadline_seconds, ${DEFAULT_ALERT_DEADLINE_SECONDS})), s.alert_score, s.detection_key
      from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as s(detection_key text, title text, queue_id int, alert_score jsonb)
      left join queues q on q.org_id = ${orgId} and q.id = s.queue_id
      order by s.detection_key
      on conflict (org_id, detection_key) where detection_key is not null and status in ('OPEN', 'IN_REVIEW') do nothing
      returning id, detection_key`,
  );
  for (const r of inserted) {
    byKey.set(r.detection_key, r.id);
    opened.add(r.id);
  }
  // another transaction opened some at the same moment: append to theirs
  const raced = missing.filter((k) => !byKey.has(k));
  if (raced.length) await find(raced);
  return { byKey, opened };
}

/** Attaches each hit's evidence to its alert and records the hit ("Alert updates"), oldest first. */
async function appendHits(tx: SqlRunner, orgId: number, kind: EventKind, groups: Map<string, NewHit[]>, byKey: Map<string, number>) {
  const alertIds = [...new Set([...groups.keys()].map((k) => byKey.get(k)!))];
  const objects =
    kind === 'TRANSACTION' ? { table: 'alert_transactions', column: 'transaction_id' } : { table: 'alert_action_events', column: 'action_event_id' };
  const attached = new Set(
    (
      await rows<{ alert_id: number; object_id: number }>(
        tx,
        sql`select alert_id, ${sql.raw(objects.column)} as object_id from ${sql.raw(objects.table)} where org_id = ${orgId} and alert_id = any(${intArray(alertIds)})`,
      )
    ).map((r) => `${r.alert_id}:${r.object_id}`),
  );
  const entities = new Set(
    (
      await rows<{ alert_id: number; entity_id: number }>(
        tx,
        sql`select alert_id, entity_id from alert_entities where org_id = ${orgId} and alert_id = any(${intArray(alertIds)})`,
      )
    ).map((r) => `${r.alert_id}:${r.entity_id}`),
  );
  const instruments = new Set(
    (
      await rows<{ alert_id: number; instrument_id: number }>(
        tx,
        sql`select alert_id, instrument_id from alert_instruments where org_id = ${orgId} and alert_id = any(${intArray(alertIds)})`,
      )
    ).map((r) => `${r.alert_id}:${r.instrument_id}`),
  );
  const objectRows: Array<{ alert_id: number; object_id: number }> = [];
  const entityRows: Array<{ alert_id: number; entity_id: number }> = [];
  const instrumentRows: Array<{ alert_id: number; instrument_id: number }> = [];
  const hitRows: Array<Record<string, unknown>> = [];
  const all = [...groups.entries()].flatMap(([k, hits]) => hits.map((h) => ({ alertId: byKey.get(k)!, hit: h })));
  all.sort((a, b) => a.hit.finding.event.time - b.hit.finding.event.time || a.hit.id - b.hit.id);
  for (const { alertId, hit } of all) {
    const f = hit.finding;
    let newObjects = 0;
    let newEntities = 0;
    let newInstruments = 0;
    const addEntity = (id: number | null) => {
      if (id === null || entities.has(`${alertId}:${id}`)) return;
      entities.add(`${alertId}:${id}`);
      entityRows.push({ alert_id: alertId, entity_id: id });
      newEntities++;
    };
    const addInstrument = (id: number | null) => {
      if (id === null || instruments.has(`${alertId}:${id}`)) return;
      instruments.add(`${alertId}:${id}`);
      instrumentRows.push({ alert_id: alertId, instrument_id: id });
      newInstruments++;
    };
    if (f.subject.type === 'ENTITY') addEntity(f.subject.id);
    else addInstrument(f.subject.id);
    for (const e of f.evidence) {
      if (!attached.has(`${alertId}:${e.id}`)) {
        attached.add(`${alertId}:${e.id}`);
        objectRows.push({ alert_id: alertId, object_id: e.id });
        newObjects++;
      }
      // the subject's own side of each event: its instruments (for a customer) or its customers (for an instrument)
      const sent = f.subject.type === 'ENTITY' ? e.senderEntity === f.subject.id : e.senderInstrument === f.subject.id;
      if (f.subject.type === 'ENTITY') addInstrument(sent ? e.senderInstrument : e.receiverInstrument);
      else addEntity(sent ? e.senderEntity : e.receiverEntity);
    }
    hitRows.push({
      ledger_id: hit.id,
      alert_id: alertId,
      rule_id: f.rule.id,
      rule_version: f.rule.version,
      window_end: new Date(f.event.time).toISOString(),
      variable_snapshots: f.verdict.status === 'FAIL' ? f.verdict.snapshot : {},
      new_txn_events_count: kind === 'TRANSACTION' ? newObjects : 0,
      new_action_events_count: kind === 'ACTION_EVENT' ? newObjects : 0,
      new_entities_count: newEntities,
      new_instruments_count: newInstruments,
    });
  }
  if (objectRows.length)
    await tx.execute(
      sql`insert into ${sql.raw(objects.table)} (org_id, alert_id, ${sql.raw(objects.column)})
        select ${orgId}, s.alert_id, s.object_id from jsonb_to_recordset(${JSON.stringify(objectRows)}::jsonb) as s(alert_id int, object_id int)
        on conflict do nothing`,
    );
  if (entityRows.length)
    await tx.execute(
      sql`insert into alert_entities (org_id, alert_id, entity_id)
        select ${orgId}, s.alert_id, s.entity_id from jsonb_to_recordset(${JSON.stringify(entityRows)}::jsonb) as s(alert_id int, entity_id int)
        on conflict do nothing`,
    );
  if (instrumentRows.length)
    await tx.execute(
      sql`insert into alert_instruments (org_id, alert_id, instrument_id)
        select ${orgId}, s.alert_id, s.instrument_id from jsonb_to_recordset(${JSON.stringify(instrumentRows)}::jsonb) as s(alert_id int, instrument_id int)
        on conflict do nothing`,
    );
  // the hits' ids are drawn first, so each ledger row names its own hit
  const ids = await rows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('alert_hits', 'id'))::int as id from generate_series(1, ${hitRows.length})`,
  );
  hitRows.forEach((r, i) => (r.id = ids[i].id));
  await tx.execute(
    sql`insert into alert_hits (id, org_id, alert_id, rule_id, rule_version, window_end, variable_snapshots,
        new_txn_events_count, new_action_events_count, new_entities_count, new_instruments_count)
      overriding system value
      select s.id, ${orgId}, s.alert_id, s.rule_id, s.rule_version, s.window_end, s.variable_snapshots, s.new_txn_events_count,
        s.new_action_events_count, s.new_entities_count, s.new_instruments_count
      from jsonb_to_recordset(${JSON.stringify(hitRows)}::jsonb) as s(id int, alert_id int, rule_id int, rule_version int, window_end timestamptz,
        variable_snapshots jsonb, new_txn_events_count int, new_action_events_count int, new_entities_count int, new_instruments_count int)`,
  );
  await tx.execute(
    sql`update rule_hits h set alert_id = s.alert_id, alert_hit_id = s.id
      from jsonb_to_recordset(${JSON.stringify(hitRows)}::jsonb) as s(id int, ledger_id int, alert_id int)
      where h.org_id = ${orgId} and h.id = s.ledger_id`,
  );
  await tx.execute(
    sql`insert into alert_rules (org_id, alert_id, rule_id)
      select distinct ${orgId}::int, s.alert_id, s.rule_id from jsonb_to_recordset(${JSON.stringify(hitRows)}::jsonb) as s(alert_id int, rule_id int)
      on conflict do nothing`,
  );
  if (kind === 'TRANSACTION') {
    await tx.execute(
      sql`update alerts a set updated_at = now(), amount_volume = v.total, currency = coalesce(a.currency, v.currency)
        from (select at.alert_id, sum(t.amount) as total, min(t.currency) as currency from alert_transactions at
          join transactions t on t.org_id = at.org_id and t.id = at.transaction_id
          where at.org_id = ${orgId} and at.alert_id = any(${intArray(alertIds)}) group by at.alert_id) v
        where a.org_id = ${orgId} and a.id = v.alert_id`,
    );
    const txnIds = [...new Set(objectRows.map((r) => r.object_id))];
    if (txnIds.length)
      await tx.execute(sql`update transactions set has_alerts = true where org_id = ${orgId} and id = any(${intArray(txnIds)}) and not has_alerts`);
  } else {
    await tx.execute(sql`update alerts set updated_at = now() where org_id = ${orgId} and id = any(${intArray(alertIds)})`);
  }
}

/** One notification per rule that opened alerts, to the members of its queue. */
async function notifyQueues(tx: SqlRunner, orgId: number, groups: Map<string, NewHit[]>, byKey: Map<string, number>, opened: Set<number>) {
  const perRule = new Map<number, { rule: LiveRule; count: number }>();
  for (const [k, hits] of groups) {
    if (!opened.has(byKey.get(k)!)) continue;
    const rule = hits[0].finding.rule;
    const entry = perRule.get(rule.id) ?? { rule, count: 0 };
    entry.count++;
    perRule.set(rule.id, entry);
  }
  for (const { rule, count } of perRule.values()) {
    if (rule.queue_id === null) continue;
    const members = await rows<{ agent_id: number; title: string }>(
      tx,
      sql`select m.agent_id, q.title from queue_members m join queues q on q.org_id = m.org_id and q.id = m.queue_id
        join agents a on a.id = m.agent_id and a.status = 'active'
        where m.org_id = ${orgId} and m.queue_id = ${rule.queue_id} order by m.agent_id`,
    );
    for (const m of members) {
      await notifyAgent(tx, {
        orgId,
        agentId: m.agent_id,
        kind: 'rule',
        content: `${rule.title} raised ${count === 1 ? 'an alert' : `${count} alerts`} in ${m.title}.`,
        entityType: 'RULE',
        entityId: rule.id,
      });
    }
  }
}

/** Adds the batch's judgements, errors, failures and opened alerts to each rule's counters of the day. */
async function countPerRule(tx: SqlRunner, orgId: number, rules: readonly LiveRule[], findings: readonly Finding[], opened: Map<number, number>) {
  const stats = new Map<number, { evaluations: number; errors: number; failures: number }>(
    rules.map((r) => [r.id, { evaluations: 0, errors: 0, failures: 0 }]),
  );
  for (const f of findings) {
    const s = stats.get(f.rule.id)!;
    s.evaluations++;
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

/** Evaluates the stored events (by id) against the organisation's live rules, in the caller's transaction. */
export async function detectEvents(tx: SqlRunner, orgId: number, kind: EventKind, ids: readonly number[]): Promise<DetectionSummary> {
  const summary: DetectionSummary = { evaluated: 0, failures: 0, newHits: 0, alertsOpened: 0, alertsUpdated: 0, silenced: 0 };
  const rules = await liveRules(tx, orgId, kind);
  if (!rules.length || !ids.length) return summary;
  const readsFields = rules.some((r) => !r.invalid && r.spec.variables.some((v) => v.data_setting_id));
  const events = await eventsById(tx, orgId, kind, ids, readsFields);
  summary.evaluated = events.length;
  const histories = await loadHistories(
    tx,
    orgId,
    kind,
    rules.filter((r) => !r.invalid),
    events,
  );
  const findings = evaluateAll(rules, events, histories);
  const failures = findings.filter((f) => f.verdict.status === 'FAIL');
  summary.failures = failures.length;
  const entityIds = [...new Set(failures.filter((f) => f.subject.type === 'ENTITY' && f.rule.status === 'ACTIVE').map((f) => f.subject.id))];
  const silences = await silencesFor(tx, orgId, entityIds);
  const silenced = new Set(failures.filter((f) => f.rule.status === 'ACTIVE' && silenceFor(silences, f)));
  summary.silenced = silenced.size;
  const fresh = await writeLedger(tx, orgId, failures, silences);
  summary.newHits = fresh.length;
  const raising = fresh.filter((h) => h.finding.rule.status === 'ACTIVE' && !silenced.has(h.finding));
  const openedPerRule = new Map<number, number>();
  if (raising.length) {
    const groups = new Map<string, NewHit[]>();
    for (const h of raising) groups.set(detectionKey(h.finding), [...(groups.get(detectionKey(h.finding)) ?? []), h]);
    const { byKey, opened } = await openAlerts(tx, orgId, kind, groups);
    await appendHits(tx, orgId, kind, groups, byKey);
    await notifyQueues(tx, orgId, groups, byKey, opened);
    summary.alertsOpened = opened.size;
    for (const [k, hits] of groups) {
      if (!opened.has(byKey.get(k)!)) continue;
      const ruleId = hits[0].finding.rule.id;
      openedPerRule.set(ruleId, (openedPerRule.get(ruleId) ?? 0) + 1);
    }
    summary.alertsUpdated = new Set(byKey.values()).size - opened.size;
    const customers = raising.filter((h) => h.finding.subject.type === 'ENTITY').map((h) => h.finding.subject.id);
    // the rule-risk metric counts the customers' alerts
    await enqueueScoreEntities(tx, orgId, customers);
  }
  await writeLogs(tx, orgId, kind, rules, findings, silenced);
  await countPerRule(tx, orgId, rules, findings, openedPerRule);
  return summary;
}
