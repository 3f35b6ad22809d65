import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { TEMPLATE_DB, TEST_FIELD_KEY, prepareTemplate, templateFile, withDatabase } from './template.js';

/**
 * A real server process on the seeded test data, for the tests that kill one with SIGKILL and start
 * another on the same data. On PGlite the processes share a data folder unpacked from the seeded
 * template; with DATABASE_URL, a database copied from the template the suite's global setup seeded.
 */
export interface ServerProcesses {
  base: string;
  dir: string;
  adminUrl: string | undefined;
  databaseUrl: string;
  /** the seeded data, ready for the first server */
  prepareData: () => Promise<void>;
  /** starts a server and waits until it answers */
  start: () => Promise<ChildProcess>;
  /** signs an agent in through the magic link */
  signIn: (email?: string) => Promise<Record<string, string>>;
  /** kills a server still running and removes the data */
  cleanUp: (child: ChildProcess | null) => Promise<void>;
}

export function serverProcesses(name: string, port: number): ServerProcesses {
  const base = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), `vigil-${name}-`));
  const adminUrl = process.env.DATABASE_URL;
  const databaseName = `vigil_${name.replaceAll('-', '_')}_${process.pid}`;
  const databaseUrl = adminUrl ? withDatabase(adminUrl, databaseName) : '';

  async function onAdmin(statement: string) {
    const admin = postgres(adminUrl!, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(statement);
    } finally {
      await admin.end();
    }
  }

  return {
    base,
    dir,
    adminUrl,
    databaseUrl,
    async prepareData() {
      if (adminUrl) await onAdmin(`create database ${databaseName} template ${TEMPLATE_DB}`);
      else {
        // the tarball is PGlite's data directory; tar unpacks it in a second, PGlite's loader takes many
        await prepareTemplate();
        execFileSync('tar', ['xzf', templateFile(), '-C', dir]);
      }
    },
    async start() {
      const proc = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
        env: {
          ...process.env,
          PORT: String(port),
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
          if ((await fetch(`${base}/api/app-version`)).ok) return proc;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('server did not start');
    },
    async signIn(email = 'manager@demo.test') {
      await fetch(`${base}/api/agents/magic-link`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
      // newest first; the outbox is in the database, so a restarted server still lists the old links
      const mailbox = (await (await fetch(`${base}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { messages: Array<{ link: string }> };
      const token = new URL(mailbox.messages[0].link).searchParams.get('token');
      const login = await fetch(`${base}/api/agents/email-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      return { authorization: `Bearer ${((await login.json()) as { jwt: string }).jwt}` };
    },
    async cleanUp(child) {
      if (child && child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await once(child, 'exit');
      }
      rmSync(dir, { recursive: true, force: true });
      if (adminUrl) await onAdmin(`drop database if exists ${databaseName} with (force)`);
    },
  };
}
