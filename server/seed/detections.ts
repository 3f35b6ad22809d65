import { alertTitle, validateRuleSpec, type RuleSpec } from '../../core/rule-spec.js';
import { evaluateAll, historiesFrom, type Finding } from '../domain/detection/batch.js';
import type { DetectionEvent } from '../domain/detection/evaluate.js';
import { toEvent, type EventRow, type LiveRule } from '../domain/detection/store.js';
import type { AlertDraft, HitDraft } from './alerts.types.js';
import type { OrgContext, SeedContext, TxnRef } from './context.js';
import { pad } from './customers.js';
import type { RuleKey } from './rules.js';
import { iso, SEED_NOW } from './time.js';
import type { Row } from './writer.js';

/**
 * The demo's detections are the engine's: the organisation's live rules judge every seeded event
 * with the detection engine's own evaluation (server/domain/detection: the histories and verdicts
 * that ingestion and rule validation use), and each failure is what ingestion would have recorded.
 * A failure of an ACTIVE rule opens an alert for its customer, or adds a hit to that customer's
 * alert of the rule while it is open (raise.ts does the same live); the team's handling of each
 * alert (closed after some days, or still open) is drawn as it opens, so a customer who fails again
 * after the alert was closed gets a new one. Shadow rules only record their failures. The ledger,
 * the evaluation logs and the daily counters are written as the engine writes them.
 */

export type EventKind = DetectionEvent['kind'];

export interface SeededRule extends LiveRule {
  key: string | null;
}

/** What the engine found in the seeded events of one kind. */
export interface KindRun {
  kind: EventKind;
  rules: SeededRule[];
  events: DetectionEvent[];
  /** the judgements other than PASS (failures and errors), in (time, id) order */
  findings: Finding[];
  /** judgements per rule and day: `${rule id}:${yyyy-mm-dd}` */
  evaluations: Map<string, number>;
}

/** Events judged per step: the verdicts of a step are dropped but for its failures and errors. */
const STEP = 2_000;

/** Judges the events in (time, id) order, a step at a time, keeping what is not a PASS and counting the rest. */
function judgeAll(rules: readonly LiveRule[], events: readonly DetectionEvent[], history: readonly DetectionEvent[]) {
  const h = historiesFrom(rules, history);
  const sorted = [...events].sort((a, b) => a.time - b.time || a.id - b.id);
  const findings: Finding[] = [];
  const evaluations = new Map<string, number>();
  for (let i = 0; i < sorted.length; i += STEP) {
    for (const f of evaluateAll(rules, sorted.slice(i, i + STEP), h)) {
      const day = `${f.rule.id}:${iso(f.event.time).slice(0, 10)}`;
      evaluations.set(day, (evaluations.get(day) ?? 0) + 1);
      if (f.verdict.status !== 'PASS') findings.push(f);
    }
  }
  return { findings, evaluations };
}

const TIME = 'floor(extract(epoch from event_time) * 1000)::float8';
// only the custom fields the rules read ($2: their data setting ids), to keep a million events in memory small
const DATA = `(select coalesce(jsonb_object_agg(d.key, d.value), '{}'::jsonb) from jsonb_each(formatted_data) d where d.key = any($2::text[]))`;
const EVENT_SQL: Record<EventKind, string> = {
  TRANSACTION: `select id, ${TIME} as time, internal_txn_type as type, amount::float8 as amount, sender_entity_id, receiver_entity_id,
    sender_instrument_id, receiver_instrument_id, ip_address as ip, device_id as device, ${DATA} as data
    from transactions where org_id = $1 order by id`,
  ACTION_EVENT: `select id, ${TIME} as time, action_type as type, null::float8 as amount, entity_id as sender_entity_id, null::int as receiver_entity_id,
    instrument_id as sender_instrument_id, null::int as receiver_instrument_id, ip_address as ip, device_fingerprint as device, ${DATA} as data
    from action_events where org_id = $1 order by id`,
};

async function seededEvents(ctx: SeedContext, orgId: number, kind: EventKind, rules: readonly LiveRule[]): Promise<DetectionEvent[]> {
  const settings = [...new Set(rules.flatMap((r) => r.spec.variables.map((v) => v.data_setting_id).filter((id): id is number => !!id)))];
  const found = await ctx.w.query<EventRow>(EVENT_SQL[kind], [orgId, settings.map(String)]);
  return found.map((r) => toEvent(kind, r));
}

/** The organisation's rules with their current versions' specs, by status. */
async function seededRules(ctx: SeedContext, org: OrgContext): Promise<Array<SeededRule & { ruleStatus: string }>> {
  const found = await ctx.w.query<{ id: number; title: string; status: string; version: number; queue_id: number | null; spec: RuleSpec }>(
    `select r.id, r.title, r.status, r.version, r.queue_id, v.spec from rules r
      join rule_versions v on v.org_id = r.org_id and v.rule_id = r.id and v.version = r.version where r.org_id = $1 order by r.id`,
    [org.id],
  );
  const keyOf = new Map(Object.entries(org.rules).map(([key, r]) => [r.id, key]));
  return found.map((r) => {
    const problems = validateRuleSpec(r.spec);
    return {
      ...r,
      status: r.status === 'ACTIVE_SHADOW' ? 'ACTIVE_SHADOW' : 'ACTIVE',
      ruleStatus: r.status,
      key: keyOf.get(r.id) ?? null,
      invalid: problems.length ? problems.map((p) => `${p.path}: ${p.message}`).join('; ') : null,
    };
  });
}

/** Judges every seeded event of the organisation against its live rules, one kind at a time. */
export async function judgeSeededEvents(ctx: SeedContext, org: OrgContext): Promise<{ runs: KindRun[]; all: Array<SeededRule & { ruleStatus: string }> }> {
  const all = await seededRules(ctx, org);
  const runs: KindRun[] = [];
  for (const kind of ['TRANSACTION', 'ACTION_EVENT'] as const) {
    const rules = all.filter((r) => (r.ruleStatus === 'ACTIVE' || r.ruleStatus === 'ACTIVE_SHADOW') && r.spec.event_type === kind);
    if (!rules.length) continue;
    // the draft and archived rules are read too, for the validation runs (alerts.detected.ts)
    const events = await seededEvents(
      ctx,
      org.id,
      kind,
      all.filter((r) => r.spec.event_type === kind),
    );
    runs.push({ kind, rules, events, ...judgeAll(rules, events, events) });
  }
  return { runs, all };
}

/** A validation run's judgement: one rule over the events of a window, as a backtest judges. */
export function judgeWindow(rule: SeededRule, run: KindRun | undefined, from: number, to: number): { findings: Finding[]; evaluated: number } {
  if (!run) return { findings: [], evaluated: 0 };
  const live = { ...rule, status: 'ACTIVE' as const };
  const events = run.events.filter((e) => e.time >= from && e.time < to);
  return { findings: judgeAll([live], events, run.events).findings, evaluated: events.length };
}

/** A DetectionEvent as the seed's reference to a transaction. */
export function txnRef(org: OrgContext, idxOf: Map<number, number>, e: DetectionEvent): TxnRef {
  const primary = e.senderEntity ?? e.receiverEntity;
  const counterpart = e.senderEntity !== null ? e.receiverEntity : null;
  return {
    id: e.id,
    external_id: `${org.prefix}txn_${pad(e.id, 9)}`,
    time: e.time,
    amount: e.amount ?? 0,
    type: e.type,
    entityIdx: primary === null ? -1 : (idxOf.get(primary) ?? -1),
    instrumentId: e.senderEntity !== null ? e.senderInstrument : e.receiverInstrument,
    counterpartyIdx: counterpart === null ? null : (idxOf.get(counterpart) ?? null),
    counterpartyInstrumentId: e.senderEntity !== null ? e.receiverInstrument : null,
  };
}

/** What a hit brings to its alert that the alert did not hold yet (as raise.ts counts). */
export class AlertObjects {
  private readonly events = new Set<number>();
  private readonly entities = new Set<number>();
  private readonly instruments = new Set<number>();

  constructor(
    private readonly a: AlertDraft,
    private readonly org: OrgContext,
    private readonly idxOf: Map<number, number>,
  ) {}

  /** Attaches the finding's subject and evidence; answers the counts of what was new. */
  attach(f: Finding): Pick<HitDraft, 'txns' | 'actionEvents' | 'entities' | 'instruments'> {
    let objects = 0;
    let entities = 0;
    let instruments = 0;
    const addEntity = (id: number | null) => {
      if (id === null || this.entities.has(id)) return;
      this.entities.add(id);
      const idx = this.idxOf.get(id);
      if (idx !== undefined) this.a.entityIdxs.push(idx);
      entities++;
    };
    const addInstrument = (id: number | null) => {
      if (id === null || this.instruments.has(id)) return;
      this.instruments.add(id);
      this.a.instrumentIds.push(id);
      instruments++;
    };
    if (f.subject.type === 'ENTITY') addEntity(f.subject.id);
    else addInstrument(f.subject.id);
    for (const e of f.evidence) {
      if (!this.events.has(e.id)) {
        this.events.add(e.id);
        if (e.kind === 'TRANSACTION') this.a.txns.push(txnRef(this.org, this.idxOf, e));
        else this.a.actionEventIds.push(e.id);
        objects++;
      }
      const sent = f.subject.type === 'ENTITY' ? e.senderEntity === f.subject.id : e.senderInstrument === f.subject.id;
      if (f.subject.type === 'ENTITY') addInstrument(sent ? e.senderInstrument : e.receiverInstrument);
      else addEntity(sent ? e.senderEntity : e.receiverEntity);
    }
    const txn = f.event.kind === 'TRANSACTION';
    return { txns: txn ? objects : 0, actionEvents: txn ? 0 : objects, entities, instruments };
  }
}

/** The title an alert of the rule gets for the subject (raise.ts). */
export function detectedTitle(org: OrgContext, idxOf: Map<number, number>, rule: LiveRule, f: Finding): string {
  if (f.subject.type === 'ENTITY') {
    const e = org.entities[idxOf.get(f.subject.id) ?? -1];
    return alertTitle(rule.spec.alert_title, rule.title, e?.name ?? `#${f.subject.id}`, e?.external_id ?? '');
  }
  const i = org.instruments.find((x) => x.id === f.subject.id);
  return alertTitle(rule.spec.alert_title, rule.title, i?.external_id ?? `#${f.subject.id}`, i?.external_id ?? '');
}

/** The ledger (rule_hits): every failure of a live rule once, linked to the alert hit it raised. */
export function ledgerRows(org: OrgContext, runs: readonly KindRun[], raised: Map<Finding, { alertId: number; hitId: number }>): Row[] {
  const out: Row[] = [];
  for (const run of runs)
    for (const f of run.findings) {
      if (f.verdict.status !== 'FAIL') continue;
      const link = raised.get(f);
      out.push({
        org_id: org.id,
        rule_id: f.rule.id,
        rule_version: f.rule.version,
        subject_type: f.subject.type,
        subject_id: f.subject.id,
        event_type: f.event.kind,
        event_id: f.event.id,
        event_time: iso(f.event.time),
        variable_snapshot: f.verdict.snapshot,
        is_shadow: f.rule.status === 'ACTIVE_SHADOW',
        silence_id: null,
        alert_id: link?.alertId ?? null,
        alert_hit_id: link?.hitId ?? null,
        created_at: iso(f.event.time + 2500),
      });
    }
  return out;
}

const RANK: Record<string, number> = { PASS: 0, FAIL: 1, ERROR: 2 };

/** One evaluation log per event judged, naming each live rule's outcome (detect.ts writes the same). */
export function* evaluationLogRows(org: OrgContext, runs: readonly KindRun[], hex: () => string): Generator<Row> {
  for (const run of runs) {
    const perEvent = new Map<number, Map<number, string>>();
    for (const f of run.findings) {
      const byRule = perEvent.get(f.event.id) ?? new Map<number, string>();
      perEvent.set(f.event.id, byRule);
      const known = byRule.get(f.rule.id);
      if (known === undefined || RANK[f.verdict.status] > RANK[known]) byRule.set(f.rule.id, f.verdict.status);
    }
    for (const e of run.events) {
      const byRule = perEvent.get(e.id);
      const executions: Record<string, unknown> = {};
      for (const rule of run.rules) {
        const entry: Record<string, unknown> = { status: byRule?.get(rule.id) ?? 'PASS' };
        if (rule.status === 'ACTIVE_SHADOW') entry.rule_status = 'ACTIVE_SHADOW';
        executions[rule.id] = entry;
      }
      yield {
        org_id: org.id,
        evaluation_id: `ev_${hex()}`,
        event_id: run.kind === 'TRANSACTION' ? e.id : null,
        action_event_id: run.kind === 'ACTION_EVENT' ? e.id : null,
        is_shadow: false,
        rule_executions: executions,
        created_at: iso(e.time + 2500),
      };
    }
  }
}

/** Each live rule's counters per day of the events judged (rule_stats), as the engine keeps them. */
export function ruleStatRows(org: OrgContext, runs: readonly KindRun[], opened: readonly AlertDraft[], ruleOf: Map<number, number>): Row[] {
  const stats = new Map<string, { evaluations: number; errors: number; failures: number; alerts: number }>();
  const at = (key: string) => {
    let s = stats.get(key);
    if (!s) stats.set(key, (s = { evaluations: 0, errors: 0, failures: 0, alerts: 0 }));
    return s;
  };
  for (const run of runs) {
    for (const [key, n] of run.evaluations) at(key).evaluations += n;
    for (const f of run.findings) {
      const s = at(`${f.rule.id}:${iso(f.event.time).slice(0, 10)}`);
      if (f.verdict.status === 'ERROR') s.errors++;
      if (f.verdict.status === 'FAIL') s.failures++;
    }
  }
  for (const a of opened) {
    const ruleId = ruleOf.get(a.id);
    if (ruleId !== undefined) at(`${ruleId}:${iso(a.created).slice(0, 10)}`).alerts++;
  }
  return [...stats.entries()].map(([key, s]) => {
    const [ruleId, day] = key.split(':');
    return {
      org_id: org.id,
      rule_id: Number(ruleId),
      day,
      evaluations: s.evaluations,
      errors: s.errors,
      failures: s.failures,
      alerts: s.alerts,
      // the day's last judgement, as near as the seed knows it
      last_evaluated_at: iso(Math.min(SEED_NOW, Date.parse(`${day}T23:59:00.000Z`))),
    };
  });
}

export type { RuleKey };
