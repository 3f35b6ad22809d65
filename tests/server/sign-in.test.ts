import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../server/auth/tokens.js';
import { createTestContext, type TestContext } from './helpers/app.js';

let t: TestContext;
beforeAll(async () => {
  // The suite signs the same agents in many times; the per-address limit is exercised at 12.
  t = await createTestContext({ magicLinkLimitPerAddress: 12 });
});
afterAll(() => t.close());

let clientSeq = 0;
const nextClient = () => `192.0.2.${++clientSeq}`;

async function requestLink(email: string, remoteAddress = nextClient()) {
  return t.app.inject({ method: 'POST', url: '/api/agents/magic-link', payload: { email }, remoteAddress });
}

async function latestToken(email: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` });
  expect(res.statusCode).toBe(200);
  const link = res.json().messages[0].link as string;
  expect(link).toMatch(/\/email-login\?token=/);
  return new URL(link).searchParams.get('token') as string;
}

function refreshCookie(res: { cookies: Array<{ name: string; value: string }> }) {
  const cookie = res.cookies.find((c) => c.name === 'vigil_refresh');
  if (!cookie) throw new Error('no refresh cookie set');
  return cookie;
}

async function signInFully(email: string) {
  await requestLink(email);
  const exchanged = await t.app.inject({ method: 'POST', url: '/api/agents/email-login', payload: { token: await latestToken(email) } });
  expect(exchanged.statusCode).toBe(200);
  return { body: exchanged.json(), cookie: refreshCookie(exchanged) };
}

const refresh = (value: string) => t.app.inject({ method: 'GET', url: '/api/agents/refresh-jwt', cookies: { vigil_refresh: value } });

describe('magic link request', () => {
  it('answers a registered and an unknown address identically', async () => {
    const known = await requestLink('analyst@demo.test');
    const unknown = await requestLink('nobody-here@demo.test');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    const mail = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=nobody-here@demo.test' });
    expect(mail.json().messages).toEqual([]);
  });

  it('mails a link to /email-login with a token', async () => {
    await requestLink('Manager@Demo.test');
    const token = await latestToken('manager@demo.test');
    expect(token.length).toBeGreaterThanOrEqual(40);
  });

  it('limits requests per address from one client, and the unused links an address holds', async () => {
    const email = 'restricted@demo.test';
    const limit = t.config.magicLinkLimitPerAddress;
    const client = nextClient();
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) statuses.push((await requestLink(email, client)).statusCode);
    expect(statuses.every((s) => s === 202)).toBe(true);
    const last = await requestLink(email, client);
    expect(last.statusCode).toBe(429);
    expect(last.json().error.code).toBe('rate_limited');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // another client is answered as usual, but the address already holds its limit of unused links
    const mailed = (await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${email}` })).json().messages.length;
    expect((await requestLink(email)).statusCode).toBe(202);
    expect((await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${email}` })).json().messages.length).toBe(mailed);
  });

  it('limits requests per client, registered or not', async () => {
    const local = await createTestContext({ magicLinkLimitPerClient: 3 });
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) {
        answers.push(
          (await local.app.inject({ method: 'POST', url: '/api/agents/magic-link', payload: { email: `x${i}@nowhere.test` }, remoteAddress: '198.51.100.7' }))
            .statusCode,
        );
      }
      expect(answers).toEqual([202, 202, 202, 429]);
    } finally {
      await local.close();
    }
  });

  it('rejects a malformed address with the error shape', async () => {
    const res = await requestLink('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'bad_request' });
    expect(res.json().error.details.length).toBeGreaterThan(0);
  });
});

describe('token exchange', () => {
  it('is single-use', async () => {
    await requestLink('analyst@demo.test');
    const token = await latestToken('analyst@demo.test');
    const first = await t.app.inject({ method: 'POST', url: '/api/agents/email-login', payload: { token } });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(typeof body.jwt).toBe('string');
    expect(body.jwt_expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(body.refresh_token_expires).toBe(t.config.refreshTtlSeconds);
    const again = await t.app.inject({ method: 'POST', url: '/api/agents/email-login', payload: { token } });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('unauthorized');
  });

  it('expires after 15 minutes', async () => {
    await requestLink('manager@demo.test');
    const token = await latestToken('manager@demo.test');
    const link = await t.one<{ ttl: number }>(sql`select extract(epoch from (expires_at - created_at))::int as ttl from magic_links order by id desc limit 1`);
    expect(link.ttl).toBe(15 * 60);
    await t.database.db.execute(sql`update magic_links set expires_at = now() - interval '1 second' where id = (select max(id) from magic_links)`);
    const res = await t.app.inject({ method: 'POST', url: '/api/agents/email-login', payload: { token } });
    expect(res.statusCode).toBe(401);
  });

  it('sets an httpOnly SameSite=Strict refresh cookie', async () => {
    const { cookie } = await signInFully('analyst@demo.test');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/agents' });
  });

  it('names the connection the agent signed in with', async () => {
    const { body } = await signInFully('analyst@demo.test');
    const res = await t.call({ method: 'GET', url: '/api/get-connection', token: body.jwt });
    expect(res.json()).toEqual({ connection: 'email' });
  });
});

describe('refresh', () => {
  it('rotates the refresh token and issues a new access token', async () => {
    const { cookie } = await signInFully('analyst@demo.test');
    const res = await refresh(cookie.value);
    expect(res.statusCode).toBe(200);
    const next = refreshCookie(res);
    expect(next.value).not.toBe(cookie.value);
    const me = await t.call({ method: 'GET', url: '/api/agents/me', token: res.json().jwt });
    expect(me.json().email).toBe('analyst@demo.test');
  });

  it('revokes the whole family when a spent token is presented again', async () => {
    const { cookie, body } = await signInFully('manager@demo.test');
    const rotated = refreshCookie(await refresh(cookie.value));
    const reuse = await refresh(cookie.value);
    expect(reuse.statusCode).toBe(401);
    // the legitimate newer token dies with the family, and so does the access token
    expect((await refresh(rotated.value)).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/agents/me', token: body.jwt })).statusCode).toBe(401);
  });

  it('refuses without a cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/agents/refresh-jwt' });
    expect(res.statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the session: neither the access token nor the refresh cookie works afterwards', async () => {
    const { cookie, body } = await signInFully('analyst@demo.test');
    const out = await t.call({ method: 'POST', url: '/api/agents/logout', token: body.jwt });
    expect(out.statusCode).toBe(204);
    expect((await t.call({ method: 'GET', url: '/api/agents/me', token: body.jwt })).statusCode).toBe(401);
    expect((await refresh(cookie.value)).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  it('refuses an expired token', async () => {
    const { body } = await signInFully('analyst@demo.test');
    const claims = JSON.parse(Buffer.from(body.jwt.split('.')[1], 'base64url').toString());
    const expired = await signAccessToken(t.config.jwtSecret, { sub: claims.sub, org: claims.org, sid: claims.sid, con: 'email' }, 60, Date.now() - 3600_000);
    const res = await t.call({ method: 'GET', url: '/api/agents/me', token: expired.jwt });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    const forged = await signAccessToken(new TextEncoder().encode('x'.repeat(48)), { sub: '1', org: 1, sid: crypto.randomUUID(), con: 'email' }, 600);
    expect((await t.call({ method: 'GET', url: '/api/agents/me', token: forged.jwt })).statusCode).toBe(401);
  });
});

describe('development mailbox', () => {
  it('does not exist when SMTP is configured', async () => {
    const local = await createTestContext({ smtpUrl: 'smtp://127.0.0.1:2525' });
    try {
      const res = await local.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=analyst@demo.test' });
      expect(res.statusCode).toBe(404);
      expect((await local.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await local.close();
    }
  });

  it('does not exist in production', async () => {
    const local = await createTestContext({ production: true });
    try {
      expect((await local.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=analyst@demo.test' })).statusCode).toBe(404);
    } finally {
      await local.close();
    }
  });

  it('has a page listing the links', async () => {
    await requestLink('analyst@demo.test');
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox?to=analyst@demo.test' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Development mailbox');
    expect(res.body).toContain('/email-login?token=');
  });
});
