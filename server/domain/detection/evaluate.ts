import { conditionHolds, RuleConditionError } from '../../../core/rule-conditions.js';
import type { RuleFilter, RuleSpec, RuleVariableSpec } from '../../../core/rule-spec.js';

/**
 * The detection engine's arithmetic, without a database: the variables of a rule for one event and
 * one subject (a customer or an instrument), over the subject's events, and the rule's verdict.
 * The ingestion path and the backtest both call this, so a stream evaluated batch by batch and the
 * same events evaluated at once agree (tests/server/detection-property.test.ts).
 *
 * A window ends at the event evaluated and holds the subject's events in the `window_minutes`
 * before it: times t with event.time - window < t <= event.time, and at the event's own time only
 * those up to it in (time, id) order, so events stored later at the same instant do not change an
 * evaluation already made.
 */

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

export interface DetectionEvent {
  kind: 'TRANSACTION' | 'ACTION_EVENT';
  id: number;
  /** epoch milliseconds */
  time: number;
  /** internal_txn_type or action_type */
  type: string;
  amount: number | null;
  senderEntity: number | null;
  receiverEntity: number | null;
  senderInstrument: number | null;
  receiverInstrument: number | null;
  ip: string | null;
  device: string | null;
  /** formatted_data: custom fields keyed by data setting id */
  data: Record<string, unknown>;
}

export interface Subject {
  type: 'ENTITY' | 'INSTRUMENT';
  id: number;
}

/** An event's subjects under a rule: its customers (sender and receiver), or its instruments. */
export function subjectsOf(event: DetectionEvent, subject: 'ENTITY' | 'INSTRUMENT'): Subject[] {
  const [a, b] = subject === 'ENTITY' ? [event.senderEntity, event.receiverEntity] : [event.senderInstrument, event.receiverInstrument];
  const ids = [...new Set([a, b].filter((x): x is number => x !== null))];
  return ids.map((id) => ({ type: subject, id }));
}

/** Whether the subject sent (OUTBOUND) and or received (INBOUND) the event; action events are the subject's own (OUTBOUND). */
function sides(event: DetectionEvent, subject: Subject): { sent: boolean; received: boolean } {
  if (event.kind === 'ACTION_EVENT') return { sent: true, received: false };
  const [sender, receiver] = subject.type === 'ENTITY' ? [event.senderEntity, event.receiverEntity] : [event.senderInstrument, event.receiverInstrument];
  return { sent: sender === subject.id, received: receiver === subject.id };
}

/** Whether an event passes a variable's filter, seen from the subject. */
export function passes(filter: RuleFilter | undefined, event: DetectionEvent, subject: Subject | null): boolean {
  if (!filter) return true;
  if (filter.internal_txn_type && !filter.internal_txn_type.includes(event.type)) return false;
  if (filter.action_type && !filter.action_type.includes(event.type)) return false;
  const amount = event.amount;
  if (filter.amount_between && (amount === null || amount < filter.amount_between[0] || amount > filter.amount_between[1])) return false;
  if (filter.amount_below !== undefined && (amount === null || !(amount < filter.amount_below))) return false;
  if (filter.amount_above !== undefined && (amount === null || !(amount > filter.amount_above))) return false;
  if (filter.amount_multiple_of !== undefined && (amount === null || Math.round(amount * 100) % Math.round(filter.amount_multiple_of * 100) !== 0))
    return false;
  if (filter.flow && subject) {
    const { sent, received } = sides(event, subject);
    if (filter.flow === 'OUTBOUND' ? !sent : !received) return false;
  }
  return true;
}

/** (time, id) order: negative when a comes first. */
export const byTime = (a: DetectionEvent, b: DetectionEvent) => a.time - b.time || a.id - b.id;

/** The index of the first event in `sorted` not before `time` (binary search). */
function firstAtOrAfter(sorted: readonly DetectionEvent[], time: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid].time < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index just after the event itself (or where it would stand) in `sorted`. */
function endOf(sorted: readonly DetectionEvent[], event: DetectionEvent): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (byTime(sorted[mid], event) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index range [start, end) of `sorted` in a window of `minutes` ending at `event` (see the module's note). */
export function windowRange(sorted: readonly DetectionEvent[], event: DetectionEvent, minutes: number): [number, number] {
  return [firstAtOrAfter(sorted, event.time - minutes * MINUTE_MS + 1), endOf(sorted, event)];
}

/** The events of `sorted` in a window of `minutes` ending at `event`. */
export function inWindow(sorted: readonly DetectionEvent[], event: DetectionEvent, minutes: number): readonly DetectionEvent[] {
  const [start, end] = windowRange(sorted, event, minutes);
  return sorted.slice(start, end);
}

const cents = (n: number) => Math.round(n * 100);

/** The other side's customer of a transaction, seen from the subject (null for action events and own transfers). */
function counterparty(event: DetectionEvent, subject: Subject | null): number | null {
  if (event.kind === 'ACTION_EVENT') return null;
  if (!subject || subject.type !== 'ENTITY') return event.receiverEntity ?? event.senderEntity;
  const { sent, received } = sides(event, subject);
  if (sent && received) return null;
  return sent ? event.receiverEntity : event.senderEntity;
}

function distinctKey(field: string, event: DetectionEvent, subject: Subject | null): unknown {
  switch (field) {
    case 'entity_id':
      if (subject?.type === 'ENTITY') return subject.id;
      return event.senderEntity ?? event.receiverEntity;
    case 'instrument_id':
      if (subject?.type === 'INSTRUMENT') return subject.id;
      if (subject && event.kind === 'TRANSACTION') return sides(event, subject).sent ? event.senderInstrument : event.receiverInstrument;
      return event.senderInstrument ?? event.receiverInstrument;
    case 'counterparty_entity_id':
      return counterparty(event, subject);
    case 'device':
      return event.device;
    case 'ip_address':
      return event.ip;
    default:
      return null;
  }
}

/** What a rule needs besides the event: the subject's events, and the events sharing a device or address. */
export interface EventHistory {
  /**
   * the subject's events of the rule's kind, in (time, id) order: at least those each windowed
   * variable's window and filter admit, and every event from the first one judged onwards
   */
  subject: readonly DetectionEvent[];
  /** the subject's latest event before the first one judged, for days_since_previous (null when none) */
  before: DetectionEvent | null;
  /** events with the event's device or address, in (time, id) order */
  byDevice?: readonly DetectionEvent[];
  byIp?: readonly DetectionEvent[];
}

export type VariableValue = number | string | boolean | null;

/**
 * One variable's value. `values` holds the variables computed before it (ratios read them).
 * A sum is exact to the cent; a ratio over nothing is 0; days since the previous event (any event
 * of the subject's, unfiltered) are given to two decimals and are null for a subject's first event.
 */
export function variableValue(
  v: RuleVariableSpec,
  event: DetectionEvent,
  subject: Subject,
  history: EventHistory,
  values: Record<string, VariableValue>,
): VariableValue {
  switch (v.aggregation) {
    case 'value': {
      if (!passes(v.filter, event, subject)) return null;
      if (v.data_setting_id) {
        const entry = event.data[String(v.data_setting_id)];
        const value = typeof entry === 'object' && entry !== null ? (entry as { formatted_value?: unknown }).formatted_value : undefined;
        return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
      }
      return event.amount;
    }
    case 'ratio': {
      const [top, bottom] = (v.of ?? []).map((name) => values[name]);
      const a = typeof top === 'number' ? top : 0;
      const b = typeof bottom === 'number' ? bottom : 0;
      return b === 0 ? 0 : Math.round((a / b) * 10_000) / 10_000;
    }
    case 'days_since_previous': {
      // the latest event before this one: in the history (which holds every event of the subject
      // from the batch's first onwards) or, when none is there, the one read before the batch
      const end = endOf(history.subject, event);
      const own = end > 0 && history.subject[end - 1].id === event.id && history.subject[end - 1].kind === event.kind;
      const index = own ? end - 2 : end - 1;
      const listed = index >= 0 ? history.subject[index] : null;
      const previous = listed && (!history.before || byTime(listed, history.before) > 0) ? listed : history.before;
      return previous ? Math.floor(((event.time - previous.time) / DAY_MS) * 100) / 100 : null;
    }
    default: {
      const population = v.group_by === 'device_fingerprint' ? (history.byDevice ?? []) : v.group_by === 'ip_address' ? (history.byIp ?? []) : history.subject;
      const perspective = v.group_by ? null : subject;
      const [start, end] = windowRange(population, event, v.window_minutes ?? 0);
      let count = 0;
      let total = 0;
      const keys = v.aggregation === 'count_distinct' ? new Set<unknown>() : null;
      for (let i = start; i < end; i++) {
        const e = population[i];
        if (!passes(v.filter, e, perspective)) continue;
        count++;
        if (v.aggregation === 'sum') total += cents(e.amount ?? 0);
        if (keys) {
          const k = distinctKey(v.field ?? '', e, perspective);
          if (k !== null && k !== undefined) keys.add(k);
        }
      }
      if (v.aggregation === 'count') return count;
      if (v.aggregation === 'sum') return total / 100;
      return keys!.size;
    }
  }
}

/** Whether the rule looks at this event for this subject: it passes the filter of one of its variables. */
export function triggers(spec: RuleSpec, event: DetectionEvent, subject: Subject): boolean {
  return spec.variables.some((v) => v.aggregation !== 'ratio' && passes(v.filter, event, subject));
}

export type Verdict = { readonly status: 'PASS' } | { status: 'FAIL'; snapshot: Record<string, VariableValue> } | { status: 'ERROR'; message: string };

/** The one PASS verdict (most judgements pass; none allocates its own). */
export const PASS: Verdict = Object.freeze({ status: 'PASS' });

/** The rule's verdict on an event for one subject: every variable, then the condition tree over them. */
export function judge(spec: RuleSpec, event: DetectionEvent, subject: Subject, history: EventHistory): Verdict {
  if (!triggers(spec, event, subject)) return PASS;
  const snapshot: Record<string, VariableValue> = {};
  try {
    for (const v of spec.variables) snapshot[v.name] = variableValue(v, event, subject, history, snapshot);
    return conditionHolds(spec, snapshot) ? { status: 'FAIL', snapshot } : PASS;
  } catch (error) {
    if (error instanceof RuleConditionError) return { status: 'ERROR', message: error.message };
    throw error;
  }
}
