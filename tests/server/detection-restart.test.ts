import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { openDatabase } from '../../server/db/client.js';
import { serverProcesses } from './helpers/server-process.js';

/**
 * A real server process is killed with SIGKILL while the detection engine works through a file's
 * batches; a new one started on the same data claims the interrupted job again (its lease ran out)
 * and finishes. Every customer with the planted structuring pattern ends with exactly one alert and
 * one hit: nothing lost, nothing doubled. On PGlite the servers share a data folder; with
 * DATABASE_URL, a database copied from the seeded template.
 */

const CUSTOMERS = 600;
const FILLER_PER_CUSTOMER = 27;
const server = serverProcesses('detect-restart', 3567);
const { base: BASE, dir, adminUrl, databaseUrl } = server;
const signIn = (email?: string) => server.signIn(email);
const start = () => server.start();
let child: ChildProcess | null = null;

afterAll(() => server.cleanUp(child));

/** Each customer: three cash deposits just under 10,000 on three days (the structuring rule's pattern) among card payments. */
function file(): string {
  const rows: Array<[number, string]> = [];
  // customers start an hour apart, so their third deposits fall in every batch of the file
  const HOUR = 3_600_000;
  const start = Date.UTC(2026, 9, 1);
  for (let c = 0; c < CUSTOMERS; c++) {
    const first = start + c * HOUR;
    for (let d = 0; d < 3; d++)
      rows.push([first + d * 24 * HOUR, `KD-${c}-${d},${new Date(first + d * 24 * HOUR).toISOString()},9500,USD,CASH_DEPOSIT,,kd_cust_${c}`]);
    for (let f = 0; f < FILLER_PER_CUSTOMER; f++) {
      const t = start + ((c * 37 + f * 997) % (CUSTOMERS + 48)) * HOUR + f * 60_000;
      rows.push([t, `KF-${c}-${f},${new Date(t).toISOString()},20,USD,CARD,kd_cust_${c},`]);
    }
  }
  rows.sort((a, b) => a[0] - b[0]);
  return ['txn_id,event_time,amount,currency,txn_type,sender_id,receiver_id', ...rows.map((r) => r[1])].join('\n');
}

describe('a server killed during detection', () => {
  it('raises every alert and hit exactly once after a restart', { timeout: 240_000 }, async () => {
    await server.prepareData();
    child = await start();
    let auth = await signIn();
    const rules = (await (await fetch(`${BASE}/api/rules?q=Structuring`, { headers: auth })).json()) as { rules: Array<{ id: number; title: string }> };
    const structuring = rules.rules.find((r) => r.title === 'Structuring below CTR threshold')!;
    const hits = async () => {
      const res = await fetch(`${BASE}/api/rules/${structuring.id}/hits?limit=1`, { headers: auth });
      expect(res.status).toBe(200);
      return ((await res.json()) as { count: number }).count;
    };
    const before = await hits();
    const created = await fetch(`${BASE}/api/database-connections/pull-based-datafiles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ file_name: 'structuring.csv', stream: 'detect_restart', object_type: 'transactions' }),
    });
    const fileId = ((await created.json()) as { id: number }).id;
    const put = await fetch(`${BASE}/api/database-connections/pull-based-datafiles/${fileId}/content`, {
      method: 'PUT',
      headers: { 'content-type': 'text/csv', ...auth },
      body: file(),
    });
    expect(put.status).toBe(202);

    // killed while the engine works through the file's batches
    if (adminUrl) {
      // PostgreSQL: watched from outside until a batch is being judged, after others were or with more to come
      const watcher = postgres(databaseUrl, { max: 1, onnotice: () => {} });
      try {
        for (;;) {
          const [jobs] = await watcher<{ done: number; running: number; queued: number }[]>`select
            count(*) filter (where status = 'succeeded')::int as done, count(*) filter (where status = 'running')::int as running,
            count(*) filter (where status = 'queued')::int as queued from jobs where kind = 'detection.evaluate'`;
          // a run is judging, after another finished or with more waiting (a run takes the jobs queued
          // when it starts, so on a fast machine the file's last batches may all be in one run)
          if (jobs.running >= 1 && (jobs.done >= 1 || jobs.queued >= 1)) break;
          await new Promise((r) => setTimeout(r, 2));
        }
      } finally {
        await watcher.end();
      }
    } else {
      // PGlite: the server's one connection is busy with the engine's batches back to back (a request
      // waits seconds), so the kill comes a moment after the file has loaded, while they run
      for (;;) {
        const res = await fetch(`${BASE}/api/database-connections/pull-based-datafiles/${fileId}`, { headers: auth });
        if (((await res.json()) as { status: string }).status === 'finished') break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await new Promise((r) => setTimeout(r, 400));
    }
    child.kill('SIGKILL');
    await once(child, 'exit');

    child = await start();
    auth = await signIn();
    // every row judged once by the structuring rule (its daily counters, on the rules admin dashboard),
    // the interrupted batch's partial work having been rolled back with its transaction
    const admin = await signIn('admin@demo.test');
    const judged = async () => {
      const res = await fetch(`${BASE}/api/rules-admin`, { headers: admin });
      const rows = ((await res.json()) as { rules: Array<{ rule_id: number; evaluations_7d: number }> }).rules;
      return rows.find((r) => r.rule_id === structuring.id)?.evaluations_7d ?? 0;
    };
    const ROWS = CUSTOMERS * (3 + FILLER_PER_CUSTOMER);
    // (the demo's own unfinished files, resumed at start, add a few judgements of their own)
    for (let i = 0; i < 600 && (await judged()) < ROWS; i++) await new Promise((r) => setTimeout(r, 250));
    // a little longer: anything raised twice would show now
    await new Promise((r) => setTimeout(r, 3000));
    expect(await judged()).toBeGreaterThanOrEqual(ROWS);
    expect((await hits()) - before).toBe(CUSTOMERS);
    child.kill('SIGTERM');
    await once(child, 'exit');

    const db = await openDatabase(adminUrl ? { databaseUrl } : { dataDir: dir });
    const [alerts] = await db.query<{ alerts: number; customers: number; hits: number; one_hit_each: boolean }>(
      `select count(distinct a.id)::int as alerts, count(distinct ae.entity_id)::int as customers, count(h.id)::int as hits,
          bool_and((select count(*) from alert_hits x where x.alert_id = a.id) = 1) as one_hit_each
        from alerts a join alert_entities ae on ae.alert_id = a.id join entities e on e.id = ae.entity_id and e.external_id like 'kd_cust_%'
        join alert_hits h on h.alert_id = a.id
        where a.detection_key like $1`,
      [`rule:${structuring.id}:ENTITY:%`],
    );
    const [jobs] = await db.query<{ retried: number }>(
      `select count(*) filter (where attempts > 1)::int as retried
        from jobs where kind = 'detection.evaluate'`,
    );
    await db.close();
    expect(alerts).toEqual({ alerts: CUSTOMERS, customers: CUSTOMERS, hits: CUSTOMERS, one_hit_each: true });
    // the kill cut a batch's evaluation short: its job was claimed again after the restart
    expect(jobs.retried).toBeGreaterThanOrEqual(1);
  });
});
