import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import type { Database } from '../../server/db/client.js';
import { testConfig } from './helpers/app.js';
import { cloneTemplate } from './helpers/template.js';

/** A server whose log lines are captured, to check what is logged and what is answered. */
const lines: Array<Record<string, unknown>> = [];
const stream = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  database = await cloneTemplate();
  app = await buildApp({ db: database.db, config: testConfig(), logger: { level: 'info', stream } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function signIn(email: string) {
  await app.inject({ method: 'POST', url: '/api/agents/magic-link', payload: { email } });
  const mail = await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${email}` });
  const token = new URL(mail.json().messages[0].link).searchParams.get('token');
  return (await app.inject({ method: 'POST', url: '/api/agents/email-login', payload: { token } })).json().jwt as string;
}

describe('logging and failures', () => {
  it('logs every request with its request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/app-version', headers: { 'x-request-id': 'log-check-000001' } });
    expect(res.statusCode).toBe(200);
    const logged = lines.filter((l) => l.reqId === 'log-check-000001');
    expect(logged.some((l) => l.msg === 'incoming request')).toBe(true);
    expect(logged.some((l) => l.msg === 'request completed' && (l.res as { statusCode: number }).statusCode === 200)).toBe(true);
  });

  it('answers a failure with 500 in the error shape, without internals, and logs the detail', async () => {
    const jwt = await signIn('analyst@demo.test');
    await database.close(); // every query now fails inside the driver
    const res = await app.inject({ method: 'GET', url: '/api/agents/me', headers: { authorization: `Bearer ${jwt}`, 'x-request-id': 'fail-check-000001' } });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({ error: { code: 'internal_error', message: expect.stringContaining('fail-check-000001'), details: [] } });
    expect(res.body).not.toMatch(/PGlite|postgres|CONNECTION|closed|stack|at .*\.ts|select /i);
    const logged = lines.find((l) => l.reqId === 'fail-check-000001' && l.level === 50);
    expect(logged).toBeDefined();
    expect((logged?.err as { message?: string } | undefined)?.message).toBeTruthy();
  });
});
