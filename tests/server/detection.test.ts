import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainRule } from '../../core/rule-conditions.js';
import { DETECT_JOB, detectionJobHandlers } from '../../server/domain/detection/index.js';
import { processExecution } from '../../server/domain/ingestion/job.js';
import { claimJob, completeJob } from '../../server/jobs/queue.js';
import { createTestContext, type TestContext } from './helpers/app.js';

/**
 * The detection engine through the real ingestion path on the seeded demo (Demo Bank's live rules):
 * a file's batch queues its evaluation, the job raises alerts in the rule's queue with their hits,
 * evidence and logs; a second file adds a hit to the open alert; the same file again, or the same
 * job run twice (a worker killed after its commit), adds nothing; shadow rules and silences log
 * but raise nothing; a hit after a live rule's edit names the new version, and the alert's read says
 * which version produced each hit, so old hits are replayed against the spec that judged them.
 */

let t: TestContext;
let token: string;
const BASE = '/api/database-connections/pull-based-datafiles';
const HEADER = 'txn_id,event_time,amount,currency,txn_type,sender_id,receiver_id';

beforeAll(async () => {
  t = await createTestContext({ dataDir: mkdtempSync(join(tmpdir(), 'vigil-detect-')) });
  token = await t.signIn('manager@demo.test');
});
afterAll(() => t.close());

async function load(name: string, lines: string[]) {
  const created = await t.call({ method: 'POST', url: BASE, token, payload: { file_name: `${name}.csv`, stream: name, object_type: 'transactions' } });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  const put = await t.call({
    method: 'PUT',
    url: `${BASE}/${id}/content`,
    token,
    payload: [HEADER, ...lines, ''].join('\n'),
    headers: { 'content-type': 'text/csv' },
  });
  expect(put.statusCode, put.body).toBe(202);
  const [e] = await t.all<{ id: number }>(sql`select id from flat_file_executions where file_id = ${id} order by id desc limit 1`);
  await processExecution(t.database.db, t.config.dataDir, 1, e.id);
}

/** Runs every queued detection job as the worker does; `twice` runs each one again before completing it (a worker killed after its commit). */
async function detect({ twice = false } = {}) {
  const results: unknown[] = [];
  for (;;) {
    const job = await claimJob(t.database.db, 'detection-test', [DETECT_JOB], 15);
    if (!job) return results;
    const ctx = { db: t.database.db, dataDir: t.config.dataDir, log: () => {}, workerId: 'detection-test' } as never;
    results.push(await detectionJobHandlers[DETECT_JOB](job, ctx));
    if (twice) results.push(await detectionJobHandlers[DETECT_JOB](job, ctx));
    await completeJob(t.database.db, job.id, 'detection-test', null);
  }
}

const ruleId = (title: string) => t.one<{ id: number; queue_id: number }>(sql`select id, queue_id from rules where org_id = 1 and title = ${title}`);
const entityId = (externalId: string) => t.one<{ id: number }>(sql`select id from entities where org_id = 1 and external_id = ${externalId}`).then((r) => r.id);

async function alertsOf(externalId: string) {
  return t.all<{
    id: number;
    title: string;
    status: string;
    queue_id: number;
    alert_type: string;
    amount_volume: number;
    detection_key: string;
    deadline: Date;
    created_at: Date;
  }>(
    sql`select a.id, a.title, a.status, a.queue_id, a.alert_type, a.amount_volume::float8 as amount_volume, a.detection_key, a.deadline, a.created_at
      from alerts a join alert_entities ae on ae.org_id = a.org_id and ae.alert_id = a.id join entities e on e.id = ae.entity_id
      where a.org_id = 1 and e.external_id = ${externalId} order by a.id`,
  );
}

const hitsOf = (alertId: number) =>
  t.all<{
    rule_id: number;
    rule_version: number;
    variable_snapshots: Record<string, number>;
    new_txn_events_count: number;
    new_entities_count: number;
    window_end: Date;
  }>(
    sql`select rule_id, rule_version, variable_snapshots, new_txn_events_count, new_entities_count, window_end from alert_hits where org_id = 1 and alert_id = ${alertId} order by id`,
  );

const deposit = (id: string, day: number, amount: number, customer: string) =>
  `${id},2026-11-${String(day).padStart(2, '0')}T15:00:00Z,${amount},USD,CASH_DEPOSIT,,${customer}`;

describe('a structuring pattern in a file', () => {
  it('opens one alert in the rule’s queue, with the hit’s variables, the deposits and the customer', async () => {
    const structuring = await ruleId('Structuring below CTR threshold');
    const member = await t.one<{ id: number }>(sql`select id from agents where email = 'analyst@demo.test'`);
    await t.database.db.execute(
      sql`insert into queue_members (org_id, queue_id, agent_id) values (1, ${structuring.queue_id}, ${member.id}) on conflict do nothing`,
    );
    await load('dt_struct_a', [deposit('DT-S1', 10, 9500, 'dt_cust_1'), deposit('DT-S2', 11, 9300, 'dt_cust_1'), deposit('DT-S3', 12, 9700, 'dt_cust_1')]);
    const before = await t.one<{ n: number }>(
      sql`select count(*)::int as n from notifications where agent_id = ${member.id} and entity_type = 'RULE' and entity_id = ${structuring.id}`,
    );
    const [summary] = (await detect()) as Array<Record<string, number>>;
    expect(summary).toMatchObject({ evaluated: 3, alertsOpened: 1, alertsUpdated: 0, silenced: 0 });

    const customer = await entityId('dt_cust_1');
    const [alert, ...others] = await alertsOf('dt_cust_1');
    expect(others).toEqual([]);
    expect(alert).toMatchObject({
      status: 'OPEN',
      queue_id: structuring.queue_id,
      alert_type: 'TRANSACTION_MONITORING',
      amount_volume: 28_500,
      detection_key: `rule:${structuring.id}:ENTITY:${customer}`,
    });
    expect(alert.title).toBe('Structuring below CTR threshold: dt_cust_1');
    // the High Risk queue gives new work 7 days
    expect(new Date(alert.deadline).getTime() - new Date(alert.created_at).getTime()).toBe(7 * 86_400_000);
    const hits = await hitsOf(alert.id);
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({
      rule_id: structuring.id,
      rule_version: 1,
      variable_snapshots: { cash_deposit_count_7d: 3, cash_deposit_sum_7d: 28_500 },
      new_txn_events_count: 3,
      new_entities_count: 1,
    });
    expect(new Date(hits[0].window_end).toISOString()).toBe('2026-11-12T15:00:00.000Z');
    const attached = await t.all<{ external_id: string; has_alerts: boolean }>(
      sql`select t.external_id, t.has_alerts from alert_transactions at join transactions t on t.id = at.transaction_id where at.alert_id = ${alert.id} order by 1`,
    );
    expect(attached).toEqual([
      { external_id: 'DT-S1', has_alerts: true },
      { external_id: 'DT-S2', has_alerts: true },
      { external_id: 'DT-S3', has_alerts: true },
    ]);
    const rules = await t.all<{ rule_id: number }>(sql`select rule_id from alert_rules where alert_id = ${alert.id}`);
    expect(rules).toEqual([{ rule_id: structuring.id }]);
    const after = await t.one<{ n: number; content: string }>(
      sql`select count(*)::int as n, max(content) as content from notifications where agent_id = ${member.id} and entity_type = 'RULE' and entity_id = ${structuring.id}`,
    );
    expect(after.n - before.n).toBe(1);
    expect(after.content).toBe('Structuring below CTR threshold raised an alert in High Risk.');
  });

  it('logs every rule for every event: the third deposit fails structuring, the shadow rule has its own log', async () => {
    const structuring = await ruleId('Structuring below CTR threshold');
    const dormant = await ruleId('Dormant account reactivation');
    const logs = await t.all<{ external_id: string; is_shadow: boolean; rule_executions: Record<string, { status: string }> }>(
      sql`select t.external_id, l.is_shadow, l.rule_executions from evaluation_logs l join transactions t on t.id = l.event_id
        where l.org_id = 1 and t.external_id like 'DT-S%' order by 1, 2`,
    );
    // one log per event, the shadow rule's entry marked
    expect(logs.map((l) => [l.external_id, l.is_shadow])).toEqual([
      ['DT-S1', false],
      ['DT-S2', false],
      ['DT-S3', false],
    ]);
    expect(logs.map((l) => l.rule_executions[structuring.id]?.status ?? null)).toEqual(['PASS', 'PASS', 'FAIL']);
    expect(logs[1].rule_executions[dormant.id]).toEqual({ status: 'PASS', rule_status: 'ACTIVE_SHADOW' });
    expect(Object.keys(logs[0].rule_executions).length).toBeGreaterThanOrEqual(5);
    // the console's call names each rule and says whether it ran live or in shadow
    const token = await t.signIn('analyst@demo.test');
    const shown = await t.call({ method: 'GET', url: '/api/txn-events/DT-S3/shadow_evaluation_log', token });
    const [log] = shown.json().evaluation_logs as Array<{ rule_executions: Record<string, { rule_name: string; status: string; rule_status: string }> }>;
    expect(log.rule_executions[structuring.id]).toEqual({ rule_name: 'Structuring below CTR threshold', status: 'FAIL', rule_status: 'ACTIVE' });
    expect(log.rule_executions[dormant.id]).toEqual({ rule_name: 'Dormant account reactivation', status: 'PASS', rule_status: 'ACTIVE_SHADOW' });
  });

  it('a later file adds a hit to the open alert with only the new deposit counted as new', async () => {
    await load('dt_struct_b', [deposit('DT-S4', 13, 9100, 'dt_cust_1')]);
    const [summary] = (await detect()) as Array<Record<string, number>>;
    expect(summary).toMatchObject({ alertsOpened: 0, alertsUpdated: 1 });
    const [alert, ...others] = await alertsOf('dt_cust_1');
    expect(others).toEqual([]);
    expect(alert.amount_volume).toBe(37_600);
    const hits = await hitsOf(alert.id);
    expect(hits.map((h) => [h.variable_snapshots.cash_deposit_count_7d, h.new_txn_events_count, h.new_entities_count])).toEqual([
      [3, 3, 1],
      [4, 1, 0],
    ]);
  });

  it('the same file again, and a job run twice, add nothing', async () => {
    const count = () =>
      t.one<{ alerts: number; hits: number; ledger: number; logs: number }>(
        sql`select (select count(*)::int from alerts where org_id = 1) as alerts, (select count(*)::int from alert_hits where org_id = 1) as hits,
          (select count(*)::int from rule_hits where org_id = 1) as ledger, (select count(*)::int from evaluation_logs where org_id = 1) as logs`,
      );
    const before = await count();
    await load('dt_struct_a_again', [
      deposit('DT-S1', 10, 9500, 'dt_cust_1'),
      deposit('DT-S2', 11, 9300, 'dt_cust_1'),
      deposit('DT-S3', 12, 9700, 'dt_cust_1'),
    ]);
    await detect({ twice: true });
    expect(await count()).toEqual(before);
    await load('dt_struct_c', [deposit('DT-S5', 14, 9200, 'dt_cust_2'), deposit('DT-S6', 14, 9200, 'dt_cust_2'), deposit('DT-S7', 14, 9200, 'dt_cust_2')]);
    const results = (await detect({ twice: true })) as Array<Record<string, number>>;
    expect(results.map((r) => [r.newHits, r.alertsOpened])).toEqual([
      [1, 1],
      [0, 0],
    ]);
    expect(await count()).toMatchObject({ alerts: before.alerts + 1, hits: before.hits + 1, ledger: before.ledger + 1, logs: before.logs + 3 });
  });
});

describe('a silenced customer', () => {
  it('goes to the ledger and the log marked silenced, and raises nothing', async () => {
    const structuring = await ruleId('Structuring below CTR threshold');
    const customer = await load('dt_silence_seed', ['DT-Q0,2026-11-01T10:00:00Z,50,USD,P2P,dt_cust_3,']).then(() => entityId('dt_cust_3'));
    await detect();
    const [silence] = await t.all<{ id: number }>(
      sql`insert into rule_silences (org_id, entity_id, rule_id, reason, expires_at) values (1, ${customer}, ${structuring.id}, 'Known business: cash-heavy bakery', now() + interval '30 days') returning id`,
    );
    await load('dt_silence', [deposit('DT-Q1', 10, 9500, 'dt_cust_3'), deposit('DT-Q2', 11, 9500, 'dt_cust_3'), deposit('DT-Q3', 12, 9500, 'dt_cust_3')]);
    const [summary] = (await detect()) as Array<Record<string, number>>;
    expect(summary).toMatchObject({ silenced: 1, alertsOpened: 0, newHits: 1 });
    expect(await alertsOf('dt_cust_3')).toEqual([]);
    const ledger = await t.one<{ silence_id: number; alert_id: number | null }>(
      sql`select silence_id, alert_id from rule_hits where org_id = 1 and subject_id = ${customer}`,
    );
    expect(ledger).toEqual({ silence_id: silence.id, alert_id: null });
    const log = await t.one<{ rule_executions: Record<string, unknown> }>(
      sql`select l.rule_executions from evaluation_logs l join transactions t on t.id = l.event_id where t.external_id = 'DT-Q3' and not l.is_shadow`,
    );
    expect(log.rule_executions[structuring.id]).toMatchObject({ status: 'FAIL', silenced: true });
  });
});

describe('a shadow rule', () => {
  it('records its failure for the rule’s shadow results and opens no alert', async () => {
    const dormant = await ruleId('Dormant account reactivation');
    await load('dt_dormant', ['DT-D1,2026-01-05T10:00:00Z,40,USD,P2P,dt_cust_4,', 'DT-D2,2026-11-20T10:00:00Z,6200,USD,WIRE,dt_cust_4,']);
    await detect();
    const customer = await entityId('dt_cust_4');
    const ledger = await t.all<{ is_shadow: boolean; variable_snapshot: Record<string, number>; alert_id: number | null }>(
      sql`select is_shadow, variable_snapshot, alert_id from rule_hits where org_id = 1 and rule_id = ${dormant.id} and subject_id = ${customer}`,
    );
    expect(ledger).toEqual([{ is_shadow: true, variable_snapshot: { days_since_last_activity: 319, sum_24h: 6200 }, alert_id: null }]);
    expect(await alertsOf('dt_cust_4')).toEqual([]);
  });
});

describe('a live rule edited', () => {
  it('makes a new version; the next hit names it, and the alert read and its hits say which version produced each hit', async () => {
    const admin = await t.signIn('admin@demo.test');
    const structuring = await ruleId('Structuring below CTR threshold');
    const before = (await t.call({ method: 'GET', url: `/api/rules/${structuring.id}`, token: admin })).json();
    // four deposits in the window instead of three
    const spec = structuredClone(before.spec);
    spec.condition.operands[0].operands[1].value = 4;
    const saved = await t.call({
      method: 'PUT',
      url: `/api/rules/${structuring.id}`,
      token: admin,
      payload: { title: before.title, description: before.description, queue_id: before.queue?.id ?? null, spec },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const version = saved.json().version as number;
    expect(version).toBe(before.version + 1);

    // dt_cust_1's open alert (hits of the old version) gets a fifth deposit in the window
    await load('dt_struct_d', [deposit('DT-S8', 15, 9000, 'dt_cust_1')]);
    await detect();
    const [alert] = await alertsOf('dt_cust_1');
    expect((await hitsOf(alert.id)).map((h) => h.rule_version)).toEqual([before.version, before.version, version]);

    const read = await t.call({
      method: 'POST',
      url: '/api/investigations/retrieve/alert',
      token,
      payload: { object_type: 'ALERT', object_ids: [alert.id], short: false },
    });
    expect(read.statusCode, read.body).toBe(200);
    const full = read.json().results[0] as { variable_snapshots: Record<string, number>[]; hit_rules: Array<{ rule_id: number; rule_version: number }> };
    expect(full.hit_rules).toEqual([
      { rule_id: structuring.id, rule_version: before.version },
      { rule_id: structuring.id, rule_version: before.version },
      { rule_id: structuring.id, rule_version: version },
    ]);
    expect(full.variable_snapshots.map((v) => v.cash_deposit_count_7d)).toEqual([3, 4, 5]);

    const hits = await t.call({ method: 'POST', url: `/api/alerts/${alert.id}/hits`, token, payload: {} });
    expect(hits.statusCode, hits.body).toBe(200);
    expect((hits.json().hits as Array<{ rule_version: number }>).map((h) => h.rule_version)).toEqual([version, before.version, before.version]);

    // the first hit (three deposits) met the version that judged it, and would not meet the new one
    const versions = (await t.call({ method: 'GET', url: `/api/rules/${structuring.id}/versions`, token })).json().versions as Array<{
      version: number;
      spec: unknown;
    }>;
    const specOf = (v: number) => versions.find((x) => x.version === v)!.spec;
    const first = full.variable_snapshots[0];
    expect(explainRule(specOf(before.version), [first])).toMatchObject({ state: 'evaluated', tree: { evaluation_result: true } });
    expect(explainRule(specOf(version), [first])).toMatchObject({ state: 'evaluated', tree: { evaluation_result: false } });
  });
});
