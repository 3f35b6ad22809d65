import { sql, type SQL } from 'drizzle-orm';
import { validateRuleSpec, WINDOWED, type RuleSpec } from '../../../core/rule-spec.js';
import { firstRow, type SqlRunner } from '../../db/sql.js';
import type { Db } from '../../db/client.js';
import type { Finding } from './batch.js';
import { byTime, MINUTE_MS, subjectsOf, type DetectionEvent } from './evaluate.js';
import { RunningWindows } from './stream.js';
import { eventsInOrder, filterSql, latestBefore, type Cursor, type EventKind, type LiveRule } from './store.js';

/**
 * A rule validation: the rule's spec judged over a window of past events, exactly as ingestion
 * would have judged them (the same evaluation; the window is read once, chunk by chunk in time
 * order, and each subject's recent events are kept in memory, stream.ts), writing nothing but
 * the run's result and a sample of what it would have raised: RULE_VALIDATION alerts, which the
 * lists hide unless asked for. The rule's live alerts and ledger are untouched.
 */

/** Events read per step. */
export const BACKTEST_CHUNK = 20_000;
/** Customers (or instruments) whose would-be alerts are kept as the run's sample. */
export const SAMPLE_ALERTS = 50;
/** Hits kept per sample alert. */
const SAMPLE_HITS = 20;

/** A spec the engine cannot run: a result of the validation, not a reason to try again. */
export class CannotRun extends Error {}

export interface BacktestResult {
  evaluated_events: number;
  hits: number;
  alerts: number;
  entities: number;
  errors: number;
  /** the first failures per subject, in time order */
  sample: Map<string, Finding[]>;
}

/**
 * The events with from <= time < to that `which` admits, chunk by chunk in the engine's (time, id)
 * order: the database orders by the exact time, the engine by the millisecond, so the events of a
 * chunk's last millisecond wait for the next chunk (where more of them may be).
 */
async function* inOrder(db: SqlRunner, orgId: number, kind: EventKind, from: number, to: number, which: SQL, withData: boolean) {
  let after: Cursor | null = null;
  let carry: DetectionEvent[] = [];
  for (;;) {
    const read = await eventsInOrder(db, orgId, kind, { from, to, after, limit: BACKTEST_CHUNK }, which, withData);
    after = read.cursor;
    const done = read.events.length < BACKTEST_CHUNK;
    const events = [...carry, ...read.events].sort(byTime);
    const lastTime = events.at(-1)?.time;
    const cut = done ? events.length : events.findIndex((e) => e.time === lastTime);
    carry = events.slice(cut);
    if (cut > 0) yield events.slice(0, cut);
    if (done) return;
  }
}

/** Judges every event of the window against one spec, reading the window once in (time, id) order. `onChunk` hears the events judged so far. */
export async function backtest(
  db: SqlRunner,
  orgId: number,
  rule: Pick<LiveRule, 'id' | 'title' | 'version' | 'queue_id'> & { spec: RuleSpec },
  from: Date,
  to: Date,
  onChunk: (evaluated: number) => Promise<void> = async () => {},
): Promise<BacktestResult> {
  const problems = validateRuleSpec(rule.spec);
  if (problems.length) throw new CannotRun(`The rule cannot run: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  const live: LiveRule = { ...rule, status: 'ACTIVE', invalid: null };
  const kind = rule.spec.event_type;
  const result: BacktestResult = { evaluated_events: 0, hits: 0, alerts: 0, entities: 0, errors: 0, sample: new Map() };
  const subjects = new Set<string>();
  const windows = new RunningWindows([live]);
  const start = from.getTime();
  const end = to.getTime();

  // The windows reaching back before the first event judged: the events they may count.
  const windowed = rule.spec.variables.filter((v) => WINDOWED.includes(v.aggregation));
  const reach = Math.max(0, ...windowed.map((v) => v.window_minutes ?? 0)) * MINUTE_MS;
  if (reach > 0) {
    const which = sql.join(
      windowed.map((v) => sql`(event_time > to_timestamp(${(start - (v.window_minutes ?? 0) * MINUTE_MS) / 1000}) and ${filterSql(v.filter)})`),
      sql` or `,
    );
    for await (const events of inOrder(db, orgId, kind, start - reach, start, which, false)) for (const e of events) windows.remember(e);
  }
  // days since the previous event: each subject's latest event before the window, read once
  const sinceLast = rule.spec.variables.some((v) => v.aggregation === 'days_since_previous');
  const type = rule.spec.subject ?? 'ENTITY';
  const settled = new Set<number>();
  const withData = rule.spec.variables.some((v) => v.data_setting_id);

  for await (const events of inOrder(db, orgId, kind, start, end, sql`true`, withData)) {
    if (sinceLast) {
      const ids = [...new Set(events.flatMap((e) => subjectsOf(e, type).map((s) => s.id)))].filter((id) => !settled.has(id));
      for (const [id, e] of await latestBefore(db, orgId, kind, type, ids, start)) windows.previous({ type, id }, e);
      for (const id of ids) settled.add(id);
    }
    for (const event of events) {
      for (const f of windows.judge(event)) {
        if (f.verdict.status === 'ERROR') result.errors++;
        if (f.verdict.status !== 'FAIL') continue;
        result.hits++;
        const key = `${f.subject.type}:${f.subject.id}`;
        subjects.add(key);
        const kept = result.sample.get(key);
        if (kept) {
          if (kept.length < SAMPLE_HITS) kept.push(f);
        } else if (result.sample.size < SAMPLE_ALERTS) result.sample.set(key, [f]);
      }
    }
    result.evaluated_events += events.length;
    await onChunk(result.evaluated_events);
  }
  result.alerts = subjects.size;
  result.entities = [...subjects].filter((k) => k.startsWith('ENTITY:')).length;
  return result;
}

/** Writes the run's sample as RULE_VALIDATION alerts (replacing any an earlier attempt wrote), in the caller's transaction. */
export async function writeSample(
  tx: SqlRunner,
  orgId: number,
  validationId: number,
  rule: { id: number; title: string; version: number },
  result: BacktestResult,
) {
  const { id: ruleId, title: ruleTitle } = rule;
  await tx.execute(sql`delete from alerts where org_id = ${orgId} and rule_validation_id = ${validationId}`);
  for (const [key, findings] of result.sample) {
    const [type, idText] = key.split(':');
    const subjectId = Number(idText);
    const name = await firstRow<{ name: string }>(
      tx,
      type === 'ENTITY'
        ? sql`select name_readable as name from entities where org_id = ${orgId} and id = ${subjectId}`
        : sql`select external_id as name from instruments where org_id = ${orgId} and id = ${subjectId}`,
    );
    const kind = findings[0].event.kind;
    const alert = await firstRow<{ id: number }>(
      tx,
      sql`insert into alerts (org_id, title, status, alert_type, object_source, start_date, rule_validation_id, amount_volume, currency)
        values (${orgId}, ${`${ruleTitle}: ${name?.name ?? `#${subjectId}`}`}, 'RULE_VALIDATION',
          ${kind === 'TRANSACTION' ? 'TRANSACTION_MONITORING' : 'ACTION_EVENT_MONITORING'}, 'INTERNAL', ${new Date(findings[0].event.time).toISOString()},
          ${validationId}, ${kind === 'TRANSACTION' ? findings.reduce((s, f) => s + Math.round((f.event.amount ?? 0) * 100), 0) / 100 : null},
          ${kind === 'TRANSACTION' ? 'USD' : null})
        returning id`,
    );
    const alertId = alert!.id;
    await tx.execute(sql`insert into alert_rules (org_id, alert_id, rule_id) values (${orgId}, ${alertId}, ${ruleId})`);
    if (type === 'ENTITY') await tx.execute(sql`insert into alert_entities (org_id, alert_id, entity_id) values (${orgId}, ${alertId}, ${subjectId})`);
    else await tx.execute(sql`insert into alert_instruments (org_id, alert_id, instrument_id) values (${orgId}, ${alertId}, ${subjectId})`);
    const evidence = [...new Set(findings.flatMap((f) => f.evidence.map((e) => e.id)))];
    const objects =
      kind === 'TRANSACTION' ? { table: 'alert_transactions', column: 'transaction_id' } : { table: 'alert_action_events', column: 'action_event_id' };
    await tx.execute(
      sql`insert into ${sql.raw(objects.table)} (org_id, alert_id, ${sql.raw(objects.column)})
        select ${orgId}::int, ${alertId}::int, unnest(${sql.param(evidence)}::int[]) on conflict do nothing`,
    );
    const hits = findings.map((f) => ({
      window_end: new Date(f.event.time).toISOString(),
      snapshot: f.verdict.status === 'FAIL' ? f.verdict.snapshot : {},
      n: f.evidence.length,
    }));
    await tx.execute(
      sql`insert into alert_hits (org_id, alert_id, rule_id, rule_version, window_end, variable_snapshots, new_txn_events_count, new_action_events_count, new_entities_count)
        select ${orgId}::int, ${alertId}::int, ${ruleId}::int, ${rule.version}::int, s.window_end, s.snapshot, ${kind === 'TRANSACTION' ? sql`s.n` : sql`0`}, ${kind === 'TRANSACTION' ? sql`0` : sql`s.n`}, 0
        from jsonb_to_recordset(${JSON.stringify(hits)}::jsonb) as s(window_end timestamptz, snapshot jsonb, n int)`,
    );
  }
}

export const RULE_VALIDATION_JOB = 'rules.validate';

/** Runs one validation (queued by the validate call); exported so tests can run it without a worker loop. */
export async function runRuleValidation(db: Db, orgId: number, validationId: number, final = true): Promise<'success' | 'failed' | 'skipped'> {
  const run = await firstRow<{
    rule_id: number;
    spec: RuleSpec;
    window_start: string;
    window_end: string;
    title: string;
    version: number;
    queue_id: number | null;
  }>(
    db,
    sql`update rule_validations v set status = 'IN_PROGRESS', result = jsonb_build_object('evaluated_events', 0)
      from rules r where v.org_id = ${orgId} and v.id = ${validationId} and v.status in ('QUEUED', 'IN_PROGRESS')
        and r.org_id = v.org_id and r.id = v.rule_id
      returning v.rule_id, v.spec, v.window_start, v.window_end, r.title, r.version, r.queue_id`,
  );
  if (!run) return 'skipped';
  try {
    const result = await backtest(
      db,
      orgId,
      { id: run.rule_id, title: run.title, version: run.version, queue_id: run.queue_id, spec: run.spec },
      new Date(run.window_start),
      new Date(run.window_end),
      async (evaluated) => {
        await db.execute(
          sql`update rule_validations set result = jsonb_build_object('evaluated_events', ${evaluated}::int) where org_id = ${orgId} and id = ${validationId}`,
        );
      },
    );
    await db.transaction(async (tx) => {
      await writeSample(tx, orgId, validationId, { id: run.rule_id, title: run.title, version: run.version }, result);
      const summary = {
        evaluated_events: result.evaluated_events,
        hits: result.hits,
        alerts: result.alerts,
        entities: result.entities,
        errors: result.errors,
        sample_alerts: result.sample.size,
      };
      await tx.execute(
        sql`update rule_validations set status = 'SUCCESS', result = ${JSON.stringify(summary)}::jsonb, finished_at = now()
          where org_id = ${orgId} and id = ${validationId} and status = 'IN_PROGRESS'`,
      );
    });
    return 'success';
  } catch (error) {
    if (!final && !(error instanceof CannotRun)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    await db.execute(
      sql`update rule_validations set status = 'FAILED', result = ${JSON.stringify({ error: message })}::jsonb, finished_at = now()
        where org_id = ${orgId} and id = ${validationId} and status = 'IN_PROGRESS'`,
    );
    return 'failed';
  }
}
