import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGEST_JOB } from '../../server/domain/ingestion/job.js';
import { requeueOrphanedExecutions } from '../../server/domain/ingestion/reconcile.js';
import { startJobWorker } from '../../server/jobs/index.js';
import { createTestContext, type TestContext } from './helpers/app.js';

/**
 * Executions that sit in queued or processing with no job behind them (the demo data writes some)
 * are given a job, so their files finish instead of polling for ever.
 */

let t: TestContext;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vigil-orphans-'));
  t = await createTestContext({ dataDir });
});
afterAll(() => t.close());

const open = () =>
  t.all<{ id: number; status: string; job_id: number | null }>(
    sql`select id, status, job_id from flat_file_executions where status in ('QUEUED', 'PROCESSING') order by id`,
  );

describe('orphaned executions', () => {
  it('get one job each, are left alone while it is pending, and finish when the worker runs', async () => {
    const before = await open();
    // the demo data has queued and processing executions that no job knows
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect(before.every((e) => e.job_id === null)).toBe(true);

    expect(await requeueOrphanedExecutions(t.database.db)).toBe(before.length);
    const queued = await t.all<{ execution_id: string; status: string }>(
      sql`select payload->>'execution_id' as execution_id, status from jobs where kind = ${INGEST_JOB} order by id`,
    );
    expect(queued.map((j) => Number(j.execution_id)).sort((a, b) => a - b)).toEqual(before.map((e) => e.id));
    // a second look while those jobs are pending adds nothing
    expect(await requeueOrphanedExecutions(t.database.db)).toBe(0);

    const worker = startJobWorker({ db: t.database.db, dataDir, pollMs: 50, sweepEveryMs: 3_600_000 });
    try {
      const deadline = Date.now() + 20_000;
      while ((await open()).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await worker.stop();
    }
    expect(await open()).toEqual([]);
    const files = await t.all<{ status: string }>(
      sql`select f.status from flat_files f join flat_file_executions e on e.file_id = f.id where e.id in (${sql.join(
        before.map((e) => sql`${e.id}`),
        sql`, `,
      )})`,
    );
    expect(files.every((f) => f.status === 'FINISHED' || f.status === 'FAILED')).toBe(true);
    // the interrupted run resumed after its committed rows: its counts are the ones it had
    const resumed = await t.one<{ success_count: number; total_count: number }>(
      sql`select success_count, total_count from flat_file_executions where id = ${before.find((e) => e.status === 'PROCESSING')!.id}`,
    );
    expect(resumed).toMatchObject({ success_count: 800, total_count: 1500 });
  });
});
