import { sql, type SQL } from 'drizzle-orm';
import { validateRuleSpec, type RuleFilter, type RuleSpec } from '../../../core/rule-spec.js';
import { intArray, rows, textArray, type SqlRunner } from '../../db/sql.js';
import type { DetectionEvent } from './evaluate.js';

/** What the detection engine reads: the live rules, the events evaluated, and their subjects' histories. */

export type EventKind = DetectionEvent['kind'];

export interface LiveRule {
  id: number;
  title: string;
  status: 'ACTIVE' | 'ACTIVE_SHADOW';
  version: number;
  queue_id: number | null;
  spec: RuleSpec;
  /** why the engine cannot run the spec (null when it can) */
  invalid: string | null;
}

/** An event row as the engine's queries read it (the seed reads the same columns). */
export interface EventRow {
  id: number;
  time: number;
  type: string;
  amount: number | null;
  sender_entity_id: number | null;
  receiver_entity_id: number | null;
  sender_instrument_id: number | null;
  receiver_instrument_id: number | null;
  ip: string | null;
  device: string | null;
  data: Record<string, unknown> | null;
}

const TIME = sql`floor(extract(epoch from event_time) * 1000)::float8`;

/** The columns of an event read as a DetectionEvent; `withData` adds its custom fields (only the evaluated events need them). */
function columns(kind: EventKind, withData: boolean): SQL {
  const data = withData ? sql`formatted_data` : sql`null::jsonb`;
  return kind === 'TRANSACTION'
    ? sql`id, ${TIME} as time, internal_txn_type as type, amount::float8 as amount, sender_entity_id, receiver_entity_id,
        sender_instrument_id, receiver_instrument_id, ip_address as ip, device_id as device, ${data} as data`
    : sql`id, ${TIME} as time, action_type as type, null::float8 as amount, entity_id as sender_entity_id, null::int as receiver_entity_id,
        instrument_id as sender_instrument_id, null::int as receiver_instrument_id, ip_address as ip, device_fingerprint as device, ${data} as data`;
}

const table = (kind: EventKind) => sql.raw(kind === 'TRANSACTION' ? 'transactions' : 'action_events');

/** Shared by every event read without its custom fields (most of a history), and never written to. */
const NO_DATA: Record<string, unknown> = Object.freeze({});
/** One copy of each type name, instead of one per event held in memory. */
const typeNames = new Map<string, string>();
function typeName(type: string): string {
  const known = typeNames.get(type);
  if (known !== undefined) return known;
  if (typeNames.size < 1_000) typeNames.set(type, type);
  return type;
}

export function toEvent(kind: EventKind, r: EventRow): DetectionEvent {
  return {
    kind,
    id: r.id,
    time: Number(r.time),
    type: typeName(r.type),
    amount: r.amount === null ? null : Number(r.amount),
    senderEntity: r.sender_entity_id,
    receiverEntity: r.receiver_entity_id,
    senderInstrument: r.sender_instrument_id,
    receiverInstrument: r.receiver_instrument_id,
    ip: r.ip,
    device: r.device,
    data: r.data ?? NO_DATA,
  };
}

/** The organisation's ACTIVE and ACTIVE_SHADOW rules for one kind of event, each with its current version's spec. */
export async function liveRules(db: SqlRunner, orgId: number, kind: EventKind): Promise<LiveRule[]> {
  const found = await rows<Omit<LiveRule, 'invalid'>>(
    db,
    sql`select r.id, r.title, r.status, r.version, r.queue_id, v.spec from rules r
      join rule_versions v on v.org_id = r.org_id and v.rule_id = r.id and v.version = r.version
      where r.org_id = ${orgId} and r.status in ('ACTIVE', 'ACTIVE_SHADOW') order by r.id`,
  );
  return found
    .filter((r) => (r.spec as { event_type?: string }).event_type === kind)
    .map((r) => {
      const problems = validateRuleSpec(r.spec);
      return { ...r, invalid: problems.length ? problems.map((p) => `${p.path}: ${p.message}`).join('; ') : null };
    });
}

/** The events evaluated, by id, with their custom fields when a rule reads one. */
export async function eventsById(db: SqlRunner, orgId: number, kind: EventKind, ids: readonly number[], withData = true): Promise<DetectionEvent[]> {
  if (!ids.length) return [];
  const found = await rows<EventRow>(db, sql`select ${columns(kind, withData)} from ${table(kind)} where org_id = ${orgId} and id = any(${intArray(ids)})`);
  return found.map((r) => toEvent(kind, r));
}

/** Where a read in (time, id) order stopped: the last event's exact time (as text, finer than milliseconds) and id. */
export interface Cursor {
  time: string;
  id: number;
}

/**
 * Up to `limit` events with `from <= event_time < to` that `which` admits, after a (time, id)
 * cursor, in (time, id) order, and the cursor after them: a window read chunk by chunk (a backtest).
 */
export async function eventsInOrder(
  db: SqlRunner,
  orgId: number,
  kind: EventKind,
  window: { from: number; to: number; after: Cursor | null; limit: number },
  which: SQL = sql`true`,
  withData = false,
): Promise<{ events: DetectionEvent[]; cursor: Cursor | null }> {
  const { from, to, after, limit } = window;
  const found = await rows<EventRow & { cursor_time: string }>(
    db,
    sql`select ${columns(kind, withData)}, event_time::text as cursor_time from ${table(kind)}
      where org_id = ${orgId} and event_time >= to_timestamp(${from / 1000}) and event_time < to_timestamp(${to / 1000})
        ${after ? sql`and (event_time, id) > (${after.time}::timestamptz, ${after.id})` : sql``} and (${which})
      order by event_time, id limit ${limit}`,
  );
  const last = found.at(-1);
  return { events: found.map((r) => toEvent(kind, r)), cursor: last ? { time: last.cursor_time, id: last.id } : null };
}

/** Events up to `to` whose subject column is one of `ids` (customers or instruments, either side of a transaction) and that `which` admits. */
export async function subjectEvents(
  db: SqlRunner,
  orgId: number,
  kind: EventKind,
  subject: 'ENTITY' | 'INSTRUMENT',
  ids: readonly number[],
  which: SQL,
  to: number,
): Promise<DetectionEvent[]> {
  if (!ids.length) return [];
  const list = intArray(ids);
  const side =
    kind === 'TRANSACTION'
      ? subject === 'ENTITY'
        ? sql`(sender_entity_id = any(${list}) or receiver_entity_id = any(${list}))`
        : sql`(sender_instrument_id = any(${list}) or receiver_instrument_id = any(${list}))`
      : subject === 'ENTITY'
        ? sql`entity_id = any(${list})`
        : sql`instrument_id = any(${list})`;
  const found = await rows<EventRow>(
    db,
    sql`select ${columns(kind, false)} from ${table(kind)}
      where org_id = ${orgId} and ${side} and event_time <= to_timestamp(${to / 1000}) and (${which})`,
  );
  return found.map((r) => toEvent(kind, r));
}

/** The SQL form of a variable's filter (direction left out: it depends on the subject, and the engine tests it again). */
export function filterSql(filter: RuleFilter | undefined): SQL {
  const parts: SQL[] = [];
  if (filter?.internal_txn_type) parts.push(sql`internal_txn_type = any(${textArray(filter.internal_txn_type)})`);
  if (filter?.action_type) parts.push(sql`action_type = any(${textArray(filter.action_type)})`);
  if (filter?.amount_between) parts.push(sql`amount between ${filter.amount_between[0]} and ${filter.amount_between[1]}`);
  if (filter?.amount_below !== undefined) parts.push(sql`amount < ${filter.amount_below}`);
  if (filter?.amount_above !== undefined) parts.push(sql`amount > ${filter.amount_above}`);
  if (filter?.amount_multiple_of !== undefined) parts.push(sql`mod(amount * 100, ${Math.round(filter.amount_multiple_of * 100)}) = 0`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** Each subject's latest event strictly before `at` (days since the previous activity, for a subject quiet before the batch). */
export async function latestBefore(
  db: SqlRunner,
  orgId: number,
  kind: EventKind,
  subject: 'ENTITY' | 'INSTRUMENT',
  ids: readonly number[],
  at: number,
): Promise<Map<number, DetectionEvent>> {
  const out = new Map<number, DetectionEvent>();
  if (!ids.length) return out;
  const sides =
    kind === 'TRANSACTION'
      ? subject === 'ENTITY'
        ? ['sender_entity_id', 'receiver_entity_id']
        : ['sender_instrument_id', 'receiver_instrument_id']
      : [subject === 'ENTITY' ? 'entity_id' : 'instrument_id'];
  for (const column of sides) {
    const found = await rows<EventRow & { subject: number }>(
      db,
      sql`select s.subject, e.* from unnest(${intArray(ids)}) as s(subject)
        cross join lateral (select ${columns(kind, false)} from ${table(kind)}
          where org_id = ${orgId} and ${sql.raw(column)} = s.subject and event_time < to_timestamp(${at / 1000})
          order by event_time desc, id desc limit 1) e`,
    );
    for (const r of found) {
      const event = toEvent(kind, r);
      const known = out.get(r.subject);
      if (!known || known.time < event.time || (known.time === event.time && known.id < event.id)) out.set(r.subject, event);
    }
  }
  return out;
}

/** Events in (from, to] on one of the devices or addresses (the shared-device typology). */
export async function sharedEvents(
  db: SqlRunner,
  orgId: number,
  kind: EventKind,
  by: 'device' | 'ip',
  values: readonly string[],
  from: number,
  to: number,
): Promise<DetectionEvent[]> {
  if (!values.length) return [];
  const column = sql.raw(by === 'ip' ? 'ip_address' : kind === 'TRANSACTION' ? 'device_id' : 'device_fingerprint');
  const found = await rows<EventRow>(
    db,
    sql`select ${columns(kind, false)} from ${table(kind)}
      where org_id = ${orgId} and ${column} = any(${textArray(values)}) and event_time > to_timestamp(${from / 1000}) and event_time <= to_timestamp(${to / 1000})`,
  );
  return found.map((r) => toEvent(kind, r));
}

export interface Silence {
  id: number;
  entity_id: number;
  rule_id: number | null;
}

/** Silences in force now for the customers. */
export async function silencesFor(db: SqlRunner, orgId: number, entityIds: readonly number[]): Promise<Silence[]> {
  if (!entityIds.length) return [];
  return rows<Silence>(
    db,
    sql`select id, entity_id, rule_id from rule_silences
      where org_id = ${orgId} and entity_id = any(${intArray(entityIds)}) and lifted_at is null and (expires_at is null or expires_at > now())
      order by id`,
  );
}
