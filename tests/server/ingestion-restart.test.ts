import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { openDatabase } from '../../server/db/client.js';
import { TEMPLATE_DB, TEST_FIELD_KEY, prepareTemplate, templateFile, withDatabase } from './helpers/template.js';

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
const PORT = 3566;
const BASE = `http://127.0.0.1:${PORT}`;
const dir = mkdtempSync(join(tmpdir(), 'vigil-restart-'));
const adminUrl = process.env.DATABASE_URL;
const databaseName = `vigil_restart_${process.pid}`;
const databaseUrl = adminUrl ? withDatabase(adminUrl, databaseName) : '';
let child: ChildProcess | null = null;

async function onAdmin(statement: string) {
  const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(statement);
  } finally {
    await admin.end();
  }
}

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGKILL');
    await once(child, 'exit');
  }
  rmSync(dir, { recursive: true, force: true });
  if (adminUrl) await onAdmin(`drop database if exists ${databaseName} with (force)`);
});

async function start(): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      JWT_SECRET: 'restart-test-secret-that-is-long-enough',
      FIELD_ENCRYPTION_KEY: TEST_FIELD_KEY.toString('base64'),
      INGEST_BATCH_ROWS: '1000',
      JOB_LEASE_SECONDS: '2',
      MAGIC_LINK_LIMIT_PER_ADDRESS: '1000',
      MAGIC_LINK_LIMIT_PER_CLIENT: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      if ((await fetch(`${BASE}/api/app-version`)).ok) return proc;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

async function signIn(): Promise<Record<string, string>> {
  await fetch(`${BASE}/api/agents/magic-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'manager@demo.test' }),
  });
  const mailbox = (await (await fetch(`${BASE}/api/dev/mailbox?to=manager%40demo.test`)).json()) as { messages: Array<{ link: string }> };
  // newest first; the outbox is in the database, so a restarted server still lists the old links
  const token = new URL(mailbox.messages[0].link).searchParams.get('token');
  const login = await fetch(`${BASE}/api/agents/email-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  return { authorization: `Bearer ${((await login.json()) as { jwt: string }).jwt}` };
}

type FileAnswer = { status: string; latest_execution: { success_count: number; failure_count: number; total_count: number } | null };

describe('a server killed mid-file', () => {
  it('resumes after a restart with counts equal to the database rows', { timeout: 150_000 }, async () => {
    if (adminUrl) {
      // the template the suite's global setup seeded
      await onAdmin(`create database ${databaseName} template ${TEMPLATE_DB}`);
    } else {
      // the seeded test database, unpacked into a data folder the child servers share
      // (the tarball is PGlite's data directory; tar unpacks it in a second, PGlite's loader takes many)
      await prepareTemplate();
      execFileSync('tar', ['xzf', templateFile(), '-C', dir]);
    }

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
