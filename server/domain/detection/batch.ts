import { sql } from 'drizzle-orm';
import { WINDOWED, type RuleSpec } from '../../../core/rule-spec.js';
import { byTime, inWindow, judge, passes, subjectsOf, MINUTE_MS, type DetectionEvent, type EventHistory, type Subject, type Verdict } from './evaluate.js';
import { filterSql, latestBefore, sharedEvents, subjectEvents, type EventKind, type LiveRule } from './store.js';
import type { SqlRunner } from '../../db/sql.js';

/**
 * Evaluating a set of events against rules: the histories they need are read once for the whole
 * set, then every (event, rule, subject) is judged in memory. Ingestion evaluates a batch at a time;
 * a backtest evaluates a window's events; both through `evaluateAll`.
 */

export interface Finding {
  rule: LiveRule;
  event: DetectionEvent;
  subject: Subject;
  verdict: Verdict;
  /** for a failure: the focal event and the events of the rule's windows that made its variables */
  evidence: DetectionEvent[];
}

export interface Histories {
  subjects: Map<string, DetectionEvent[]>;
  before: Map<string, DetectionEvent>;
  byDevice: Map<string, DetectionEvent[]>;
  byIp: Map<string, DetectionEvent[]>;
}

/** Subjects whose histories one query reads. */
const SUBJECTS_PER_READ = 2_000;

const key = (s: Subject) => `${s.type}:${s.id}`;
const subjectOf = (spec: RuleSpec) => spec.subject ?? 'ENTITY';

function push<K>(map: Map<K, DetectionEvent[]>, k: K, e: DetectionEvent) {
  const list = map.get(k);
  if (list) list.push(e);
  else map.set(k, [e]);
}

/** Sorts each list and drops an event listed twice (a customer on both sides of a transaction). */
function settle(map: Map<string, DetectionEvent[]>) {
  for (const [k, list] of map) {
    list.sort(byTime);
    map.set(
      k,
      list.filter((e, i) => i === 0 || e.id !== list[i - 1].id),
    );
  }
}

/** Reads what the rules need to judge the events: each subject's events over the longest window, and so on. */
export async function loadHistories(
  db: SqlRunner,
  orgId: number,
  kind: EventKind,
  rules: readonly LiveRule[],
  events: readonly DetectionEvent[],
): Promise<Histories> {
  const h: Histories = { subjects: new Map(), before: new Map(), byDevice: new Map(), byIp: new Map() };
  if (!events.length || !rules.length) return h;
  // a loop, not Math.min(...): a run may hold more events than a call takes arguments
  let first = Infinity;
  let last = -Infinity;
  for (const e of events) {
    if (e.time < first) first = e.time;
    if (e.time > last) last = e.time;
  }
  for (const type of ['ENTITY', 'INSTRUMENT'] as const) {
    const ofType = rules.filter((r) => subjectOf(r.spec) === type);
    if (!ofType.length) continue;
    const ids = [...new Set(events.flatMap((e) => subjectsOf(e, type).map((s) => s.id)))];
    // Each windowed variable needs the events its window and filter admit before the batch; every
    // event from the batch's first onwards is read as well (the evidence, the previous event).
    // Reading only those keeps a dense history (a busy customer's week) out of memory.
    const needs = ofType.flatMap((r) =>
      r.spec.variables
        .filter((v) => WINDOWED.includes(v.aggregation) && !v.group_by)
        .map((v) => sql`(event_time > to_timestamp(${(first - (v.window_minutes ?? 0) * MINUTE_MS) / 1000}) and ${filterSql(v.filter)})`),
    );
    const which = sql.join([sql`event_time >= to_timestamp(${first / 1000})`, ...needs], sql` or `);
    // read a share of the subjects at a time, one object per event however many subjects share it,
    // so a run over a busy week holds its events once and never all the rows a driver answers at once
    const read = new Map<number, DetectionEvent>();
    for (let i = 0; i < ids.length; i += SUBJECTS_PER_READ) {
      const share = ids.slice(i, i + SUBJECTS_PER_READ);
      const wanted = new Set(share);
      for (const found of await subjectEvents(db, orgId, kind, type, share, which, last)) {
        const e = read.get(found.id) ?? found;
        read.set(e.id, e);
        for (const s of subjectsOf(e, type)) if (wanted.has(s.id)) push(h.subjects, key(s), e);
      }
    }
    if (ofType.some((r) => r.spec.variables.some((v) => v.aggregation === 'days_since_previous'))) {
      for (const [id, e] of await latestBefore(db, orgId, kind, type, ids, first)) h.before.set(`${type}:${id}`, e);
    }
  }
  for (const [group, by, field, target] of [
    ['device_fingerprint', 'device', 'device', h.byDevice],
    ['ip_address', 'ip', 'ip', h.byIp],
  ] as const) {
    const variables = rules.flatMap((r) => r.spec.variables.filter((v) => v.group_by === group));
    if (!variables.length) continue;
    const values = [...new Set(events.map((e) => e[field]).filter((v): v is string => !!v))];
    const from = first - Math.max(...variables.map((v) => v.window_minutes ?? 0)) * MINUTE_MS;
    for (const e of await sharedEvents(db, orgId, kind, by, values, from, last)) if (e[field]) push(target, e[field], e);
  }
  settle(h.subjects);
  settle(h.byDevice);
  settle(h.byIp);
  return h;
}

function historyFor(h: Histories, event: DetectionEvent, subject: Subject): EventHistory {
  return {
    subject: h.subjects.get(key(subject)) ?? [],
    before: h.before.get(key(subject)) ?? null,
    byDevice: event.device ? (h.byDevice.get(event.device) ?? []) : [],
    byIp: event.ip ? (h.byIp.get(event.ip) ?? []) : [],
  };
}

type Visit = (rule: LiveRule, event: DetectionEvent, subject: Subject, verdict: Verdict, history: EventHistory | null) => void;

/**
 * Judges every event against every rule for each of its subjects, in (time, id) order, and hands
 * each verdict to `visit`. An event's subjects and their histories are looked up once for all the
 * rules that judge them.
 */
function judgeEach(rules: readonly LiveRule[], events: readonly DetectionEvent[], h: Histories, visit: Visit) {
  const types = [...new Set(rules.filter((r) => !r.invalid).map((r) => subjectOf(r.spec)))];
  for (const event of [...events].sort(byTime)) {
    const seen = types.map((type) => subjectsOf(event, type).map((subject) => ({ subject, history: historyFor(h, event, subject) })));
    for (const rule of rules) {
      if (rule.invalid) {
        visit(rule, event, { type: subjectOf(rule.spec), id: 0 }, { status: 'ERROR', message: rule.invalid }, null);
        continue;
      }
      for (const { subject, history } of seen[types.indexOf(subjectOf(rule.spec))])
        visit(rule, event, subject, judge(rule.spec, event, subject, history), history);
    }
  }
}

/** The events behind a failure: the event itself and what each windowed variable of the subject counted. */
export function evidenceOf(spec: RuleSpec, event: DetectionEvent, subject: Subject, history: EventHistory): DetectionEvent[] {
  const found = new Map<number, DetectionEvent>([[event.id, event]]);
  for (const v of spec.variables) {
    if (!WINDOWED.includes(v.aggregation) || v.group_by) continue;
    for (const e of inWindow(history.subject, event, v.window_minutes ?? 0)) if (passes(v.filter, e, subject)) found.set(e.id, e);
  }
  return [...found.values()].sort(byTime);
}

/** Judges every event against every rule for each of its subjects, in (time, id) order: every finding, PASS included. */
export function evaluateAll(rules: readonly LiveRule[], events: readonly DetectionEvent[], h: Histories): Finding[] {
  const out: Finding[] = [];
  judgeEach(rules, events, h, (rule, event, subject, verdict, history) =>
    out.push({ rule, event, subject, verdict, evidence: verdict.status === 'FAIL' && history ? evidenceOf(rule.spec, event, subject, history) : [] }),
  );
  return out;
}

/** What judging a batch found, kept small: the findings other than PASS, and how much was judged. */
export interface Judged {
  /** failures and errors, in (time, id) order */
  findings: Finding[];
  /** the events that had at least one verdict, in (time, id) order */
  judged: DetectionEvent[];
  /** verdicts per rule id */
  evaluations: Map<number, number>;
}

/** As `evaluateAll`, keeping only the findings other than PASS (ingestion judges millions of events, nearly all passing). */
export function judgeAll(rules: readonly LiveRule[], events: readonly DetectionEvent[], h: Histories): Judged {
  const out: Judged = { findings: [], judged: [], evaluations: new Map(rules.map((r) => [r.id, 0])) };
  judgeEach(rules, events, h, (rule, event, subject, verdict, history) => {
    if (out.judged.at(-1) !== event) out.judged.push(event);
    out.evaluations.set(rule.id, out.evaluations.get(rule.id)! + 1);
    if (verdict.status === 'PASS') return;
    out.findings.push({ rule, event, subject, verdict, evidence: verdict.status === 'FAIL' && history ? evidenceOf(rule.spec, event, subject, history) : [] });
  });
  return out;
}

/** Histories from events in memory (every stored event of the kind): what a backtest over a window reads at once. */
export function historiesFrom(rules: readonly LiveRule[], stored: readonly DetectionEvent[]): Histories {
  const h: Histories = { subjects: new Map(), before: new Map(), byDevice: new Map(), byIp: new Map() };
  const types = new Set(rules.map((r) => subjectOf(r.spec)));
  for (const e of stored) {
    for (const type of types) for (const s of subjectsOf(e, type)) push(h.subjects, key(s), e);
    if (e.device) push(h.byDevice, e.device, e);
    if (e.ip) push(h.byIp, e.ip, e);
  }
  settle(h.subjects);
  settle(h.byDevice);
  settle(h.byIp);
  return h;
}
