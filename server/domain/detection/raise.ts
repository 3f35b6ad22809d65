import { sql } from 'drizzle-orm';
import { DEFAULT_HIGH_RISK_FLOOR, DEFAULT_LOW_RISK_CEILING } from '../../../core/risk/constants.js';
import { alertTitle } from '../../../core/rule-spec.js';
import { intArray, rows, textArray, type SqlRunner } from '../../db/sql.js';
import { notifyAgent } from '../../lib/notify.js';
import type { Finding } from './batch.js';
import type { EventKind, LiveRule } from './store.js';

/**
 * Raising alerts from new failures of live rules: the open alert of each rule and subject (opened
 * when there is none), each hit appended with the evidence it attaches, and the queue's notification.
 */

/** An alert's deadline when its queue sets none. */
export const DEFAULT_ALERT_DEADLINE_SECONDS = 30 * 86_400;
export const DEFAULT_RULE_SCORE = 50;

/** A failure new to the ledger, with its ledger id. */
export interface NewHit {
  id: number;
  finding: Finding;
}

function band(risk: number): 'LOW' | 'MEDIUM' | 'HIGH' {
  return risk >= DEFAULT_HIGH_RISK_FLOOR ? 'HIGH' : risk >= DEFAULT_LOW_RISK_CEILING ? 'MEDIUM' : 'LOW';
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
export async function openAlerts(
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
export async function appendHits(tx: SqlRunner, orgId: number, kind: EventKind, groups: Map<string, NewHit[]>, byKey: Map<string, number>) {
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
export async function notifyQueues(tx: SqlRunner, orgId: number, groups: Map<string, NewHit[]>, byKey: Map<string, number>, opened: Set<number>) {
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
