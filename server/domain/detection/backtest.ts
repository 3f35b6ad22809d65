import { sql } from 'drizzle-orm';
import { validateRuleSpec, type RuleSpec } from '../../../core/rule-spec.js';
import { firstRow, rows, type SqlRunner } from '../../db/sql.js';
import type { Db } from '../../db/client.js';
import { evaluateAll, loadHistories, type Finding } from './batch.js';
import { eventsById, type EventKind, type LiveRule } from './store.js';

/**
 * A rule validation: the rule's spec judged over a window of past events, exactly as ingestion
 * would have judged them (the same evaluation, chunk by chunk in time order), writing nothing but
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

/** Ids of the events in [from, to) after a (time, id) cursor, in that order. */
async function nextChunk(db: SqlRunner, orgId: number, kind: EventKind, from: Date, to: Date, after: { time: string; id: number } | null) {
  const table = sql.raw(kind === 'TRANSACTION' ? 'transactions' : 'action_events');
  return rows<{ id: number; event_time: string }>(
    db,
    sql`select id, event_time::text as event_time from ${table}
      where org_id = ${orgId} and event_time >= ${from.toISOString()} and event_time < ${to.toISOString()}
        ${after ? sql`and (event_time, id) > (${after.time}::timestamptz, ${after.id})` : sql``}
      order by event_time, id limit ${BACKTEST_CHUNK}`,
  );
}

/** Judges every event of the window against one spec. `onChunk` hears the events judged so far. */
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
  let cursor: { time: string; id: number } | null = null;
  for (;;) {
    const chunk = await nextChunk(db, orgId, kind, from, to, cursor);
    if (!chunk.length) break;
    cursor = { time: chunk[chunk.length - 1].event_time, id: chunk[chunk.length - 1].id };
    const events = await eventsById(
      db,
      orgId,
      kind,
      chunk.map((c) => c.id),
    );
    const findings = evaluateAll([live], events, await loadHistories(db, orgId, kind, [live], events));
    result.evaluated_events += events.length;
    for (const f of findings) {
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
    await onChunk(result.evaluated_events);
    if (chunk.length < BACKTEST_CHUNK) break;
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
