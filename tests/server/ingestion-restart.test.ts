import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.js';
import { serverProcesses } from './helpers/server-process.js';

/**
 * A real server process is killed with SIGKILL in the middle of a file; a new one started on the
 * same data finds the job (its lease ran out), resumes after the last committed batch and
 * finishes. The execution's counts equal the rows in the database: nothing lost, nothing doubled.
 * JOB_LEASE_SECONDS shortens the 15 s lease; most of the run is the two server starts (~25-95 s
 * in all, depending on the machine's load). On PGlite the servers share a data folder; with
 * DATABASE_URL, a database copied from the seeded template (where two batches are in flight at
 * the kill: one committing, the next being written).
 */

const ROWS = 30_000;
const server = serverProcesses('restart', 3566);
const { base: BASE, dir, adminUrl, databaseUrl } = server;
const signIn = () => server.signIn();
const start = () => server.start();
let child: ChildProcess | null = null;

afterAll(() => server.cleanUp(child));

type FileAnswer = { status: string; latest_execution: { success_count: number; failure_count: number; total_count: number } | null };

describe('a server killed mid-file', () => {
  it('resumes after a restart with counts equal to the database rows', { timeout: 150_000 }, async () => {
    await server.prepareData();

    child = await start();
    let auth = await signIn();
    const created = await fetch(`${BASE}/api/database-connections/pull-based-datafiles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ file_name: 'restart.csv', stream: 'restart', object_type: 'transactions' }),
    });
    const fileId = ((await created.json()) as { id: number }).id;
    const lines = ['txn_id,event_time,amount,txn_type,sender_id'];
    for (let i = 0; i < ROWS; i++) lines.push(`KR-${i},2026-04-01T00:00:00Z,${i + 1},CARD,kr_cust_${i % 50}`);
    const put = await fetch(`${BASE}/api/database-connections/pull-based-datafiles/${fileId}/content`, {
      method: 'PUT',
      headers: { 'content-type': 'text/csv', ...auth },
      body: lines.join('\n'),
    });
    expect(put.status).toBe(202);

    const read = async () => {
      const res = await fetch(`${BASE}/api/database-connections/pull-based-datafiles/${fileId}`, { headers: auth });
      expect(res.status).toBe(200); // a refused sign-in would otherwise keep the loops below waiting
      return (await res.json()) as FileAnswer;
    };
    // killed once some batches are in, well before the end
    let seen: FileAnswer;
    for (;;) {
      seen = await read();
      if ((seen.latest_execution?.total_count ?? 0) >= 2000) break;
      expect(seen.status).not.toBe('finished');
      await new Promise((r) => setTimeout(r, 20));
    }
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(seen.latest_execution!.total_count).toBeLessThan(ROWS);

    child = await start();
    auth = await signIn();
    let done: FileAnswer;
    for (;;) {
      done = await read();
      if (done.status === 'finished' || done.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(done.status).toBe('finished');
    expect(done.latest_execution).toMatchObject({ success_count: ROWS, failure_count: 0, total_count: ROWS });
    child.kill('SIGTERM');
    await once(child, 'exit');

    const db = await openDatabase(adminUrl ? { databaseUrl } : { dataDir: dir });
    const [count] = await db.query<{ n: number; distinct_ids: number }>(
      `select count(*)::int as n, count(distinct external_id)::int as distinct_ids from transactions where external_id like 'KR-%'`,
    );
    const [execution] = await db.query<{ success_count: number; last_row_number: number }>(
      `select success_count, last_row_number from flat_file_executions where file_id = $1 order by id desc limit 1`,
      [fileId],
    );
    // the job was cut short once and claimed again by the restarted server
    // (this file's job: the server also gives jobs to the demo data's orphaned runs after start)
    const [job] = await db.query<{ status: string; attempts: number }>(
      `select status, attempts from jobs where kind = 'ingestion.process' and payload->>'file_id' = $1 order by id desc limit 1`,
      [String(fileId)],
    );
    await db.close();
    expect(job).toEqual({ status: 'succeeded', attempts: 2 });
    expect(count).toEqual({ n: ROWS, distinct_ids: ROWS });
    expect(execution).toEqual({ success_count: ROWS, last_row_number: ROWS + 1 });
  });
});
