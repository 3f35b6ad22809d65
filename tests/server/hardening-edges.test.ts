// Holes a probe found in how the server treats client addresses and in its defaults, one
// describe per hole: each test fails on the server as it was before the fix.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { isLoopback, rateLimitClient } from '../../server/lib/client-address.js';
import { registerSecurityHeaders } from '../../server/lib/security-headers.js';
import { createTestContext, TEST_SECRET, type TestContext } from './helpers/app.js';
import { TEST_FIELD_KEY } from './helpers/template.js';
import { scalarText } from '../../core/scalar-text';

const PER_ADDRESS = 3;
const PER_CLIENT = 8;
const WINDOW = 15 * 60;
/** The load balancer in front of the server in these tests: only it may speak X-Forwarded-For. */
const PROXY = '10.0.0.0/8';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    magicLinkLimitPerAddress: PER_ADDRESS,
    magicLinkLimitPerClient: PER_CLIENT,
    trustProxy: [PROXY],
    // a provider that cannot be reached: a renewal frame is answered at once (the answer page)
    oidc: { issuer: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y', connection: 'google-oauth2', active: false },
  });
});
afterAll(() => t.close());

const ask = (email: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/agents/magic-link', payload: { email }, remoteAddress, headers });

async function mailbox(email: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` });
  expect(res.statusCode).toBe(200);
  return res.json().messages as Array<{ id: number; link: string }>;
}

const exchange = (link: string) =>
  t.app.inject({ method: 'POST', url: '/api/agents/email-login', payload: { token: new URL(link).searchParams.get('token') } });

/** Moves every counted request of a key back in time, as if `seconds` had passed. */
const age = (key: string, seconds: number) =>
  t.database.db.execute(sql`update magic_link_requests set created_at = created_at - make_interval(secs => ${seconds}) where key like ${key}`);

const env = { JWT_SECRET: TEST_SECRET, FIELD_ENCRYPTION_KEY: TEST_FIELD_KEY.toString('base64'), DATA_DIR: '.tmp/unused' };

describe('spoofed X-Forwarded-For', () => {
  it('does not make a direct client a new one: its per-client limit holds whatever the header says', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= PER_CLIENT; i++) {
      statuses.push((await ask(`spoof-${i}@nowhere.test`, '198.51.100.20', { 'x-forwarded-for': `203.0.113.${i + 1}` })).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(PER_CLIENT).fill(202), 429]);
  });

  it('is believed from a configured proxy, which forwards many clients', async () => {
    for (let i = 0; i <= PER_CLIENT; i++) {
      const res = await ask(`proxied-${i}@nowhere.test`, '10.0.0.2', { 'x-forwarded-for': `192.0.2.${i + 1}` });
      expect(res.statusCode).toBe(202);
    }
  });

  it('counts the client the proxy saw, not an address the client put first in the header', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= PER_CLIENT; i++) {
      // the client sends "X-Forwarded-For: <made up>", the proxy appends the address it saw
      const res = await ask(`chained-${i}@nowhere.test`, '10.0.0.2', { 'x-forwarded-for': `203.0.113.${i + 1}, 198.51.100.21` });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(PER_CLIENT).fill(202), 429]);
  });

  it('TRUST_PROXY is off by default and takes only addresses and CIDR ranges', () => {
    expect(loadConfig(env).trustProxy).toBe(false);
    expect(loadConfig({ ...env, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...env, TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,loopback' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'loopback']);
    for (const value of ['true', '1', '2', 'proxy.internal', '10.0.0.0/33', '10.0.0.1/8/1', ',']) {
      expect(() => loadConfig({ ...env, TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });

  it('an IPv6 client counts by its /64, so new addresses of one host share one limit', async () => {
    expect(rateLimitClient('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(rateLimitClient('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(rateLimitClient('::ffff:192.0.2.7')).toBe('192.0.2.7');
    const statuses: number[] = [];
    for (let i = 0; i <= PER_CLIENT; i++) statuses.push((await ask(`six-${i}@nowhere.test`, `2001:db8:77:1::${(i + 1).toString(16)}`)).statusCode);
    expect(statuses).toEqual([...Array<number>(PER_CLIENT).fill(202), 429]);
  });
});

describe('Retry-After on 429', () => {
  it('the per-client limit says how many seconds until its window frees', async () => {
    for (let i = 0; i < PER_CLIENT; i++) expect((await ask(`retry-${i}@nowhere.test`, '198.51.100.30')).statusCode).toBe(202);
    const refused = await ask('retry-last@nowhere.test', '198.51.100.30');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    const seconds = Number(refused.headers['retry-after']);
    expect(Number.isInteger(seconds)).toBe(true);
    expect(seconds).toBeGreaterThan(WINDOW - 30);
    expect(seconds).toBeLessThanOrEqual(WINDOW);
  });

  it('the per-address limit of one client says it too, and waiting that long is enough', async () => {
    const email = 'retry-pair@nowhere.test';
    for (let i = 0; i < PER_ADDRESS; i++) expect((await ask(email, '198.51.100.31')).statusCode).toBe(202);
    // the requests are 10 minutes old: the oldest leaves the window in about 5
    await age('pair:198.51.100.31 %', 600);
    const refused = await ask(email, '198.51.100.31');
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(WINDOW - 600 - 30);
    expect(seconds).toBeLessThanOrEqual(WINDOW - 600);
    // refused requests are not counted, so asking again does not push the time back
    for (let i = 0; i < 3; i++) expect(Number((await ask(email, '198.51.100.31')).headers['retry-after'])).toBeLessThanOrEqual(seconds);
    await age('pair:198.51.100.31 %', seconds);
    expect((await ask(email, '198.51.100.31')).statusCode).toBe(202);
  });

  it('a 429 whose thrower gave no time still carries one', async () => {
    const bare = Fastify({ logger: false });
    registerSecurityHeaders(bare, { oidc: undefined });
    bare.get('/busy', async (_request, reply) => reply.code(429).send({ error: { code: 'rate_limited', message: 'busy', details: [] } }));
    try {
      const res = await bare.inject({ method: 'GET', url: '/busy' });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await bare.close();
    }
  });
});

describe('magic-link lock-out', () => {
  it('one client spending the address limit on someone else does not refuse the owner', async () => {
    const victim = 'analyst@northwind.test';
    const statuses: number[] = [];
    for (let i = 0; i <= PER_ADDRESS; i++) statuses.push((await ask(victim, '198.51.100.40')).statusCode);
    expect(statuses).toEqual([...Array<number>(PER_ADDRESS).fill(202), 429]);
    // the owner, from their own machine
    expect((await ask(victim, '192.0.2.200')).statusCode).toBe(202);
    const [newest] = await mailbox(victim);
    expect((await exchange(newest.link)).statusCode).toBe(200);
  });

  it('many clients asking for one address mail it a bounded number of links, and its owner signs in with one', async () => {
    const victim = 'admin@northwind.test';
    const before = (await mailbox(victim)).length;
    for (let i = 0; i < 20; i++) expect((await ask(victim, `198.51.100.${100 + i}`)).statusCode).toBe(202);
    const mailed = await mailbox(victim);
    expect(mailed.length - before).toBe(PER_ADDRESS);
    // the owner asks: the same answer, and the inbox already holds links only they can read
    const own = await ask(victim, '192.0.2.201');
    expect(own.statusCode).toBe(202);
    expect(own.json().message).toBe((await ask('nobody-at-all@nowhere.test', '192.0.2.202')).json().message);
    expect((await exchange(mailed[0].link)).statusCode).toBe(200);
    // a spent link makes room: the next request is mailed again
    expect((await ask(victim, '192.0.2.201')).statusCode).toBe(202);
    expect((await mailbox(victim)).length).toBe(mailed.length + 1);
  });
});

describe('dev mailbox only to loopback', () => {
  it('refuses the API and the page to another machine in the error shape', async () => {
    for (const url of ['/api/dev/mailbox?to=analyst@demo.test', '/dev/mailbox', '/dev/mailbox?to=analyst@demo.test']) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: '10.1.2.3' });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'forbidden', message: expect.stringContaining('development mailbox'), details: [] } });
    }
  });

  it('a trusted proxy forwarding "127.0.0.1" does not make a remote caller local', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox?to=analyst@demo.test',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(res.statusCode).toBe(403);
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '203.0.113.5', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(page.statusCode).toBe(403);
  });

  it('answers this machine over IPv4, IPv6 and IPv4-mapped loopback', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=analyst@demo.test', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
    }
    expect([undefined, '', '10.1.2.3', '::ffff:10.1.2.3', '128.0.0.1', '::2', 'fe80::1'].map(isLoopback)).toEqual(Array(7).fill(false));
  });
});

describe('safe defaults: the interface the server listens on', () => {
  it('is loopback outside production, every interface in production, and HOST wins', () => {
    expect(loadConfig(env).host).toBe('127.0.0.1');
    expect(loadConfig({ ...env, NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...env, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...env, NODE_ENV: 'production', HOST: '10.0.0.7' }).host).toBe('10.0.0.7');
  });
});

function policyOf(headers: Record<string, unknown>): Map<string, string> {
  const value = scalarText(headers['content-security-policy']);
  return new Map(
    value
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(' ')[0], d.slice(d.indexOf(' ') + 1)] as [string, string]),
  );
}

function expectConsoleHeaders(headers: Record<string, unknown>, what: string) {
  const policy = policyOf(headers);
  expect(policy.get('default-src'), what).toBe("'self'");
  expect(policy.get('script-src'), what).toBe("'self'");
  expect(policy.get('frame-ancestors'), what).toBe("'none'");
  expect(policy.get('object-src'), what).toBe("'none'");
  expect(policy.get('base-uri'), what).toBe("'self'");
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
}

describe('security headers', () => {
  let spaDir: string;
  let withConsole: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    spaDir = mkdtempSync(join(tmpdir(), 'vigil-spa-'));
    mkdirSync(join(spaDir, 'assets'));
    writeFileSync(
      join(spaDir, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(spaDir, 'assets', 'app.js'), 'console.log("vigil")');
    withConsole = await buildApp({ db: t.database.db, config: t.config, spaDir, logger: false });
    await withConsole.ready();
  });
  afterAll(async () => {
    await withConsole.close();
    rmSync(spaDir, { recursive: true, force: true });
  });

  it('every console file and client-side route carries them', async () => {
    for (const url of ['/', '/index.html', '/alerts/12', '/assets/app.js', '/assets/missing.js']) {
      const res = await withConsole.inject({ method: 'GET', url });
      expectConsoleHeaders(res.headers, url);
    }
  });

  it("the console's page gets a fresh nonce for run-time <style> elements, and no cache keeps it", async () => {
    const nonces: string[] = [];
    for (const url of ['/', '/index.html', '/alerts/12', '/alerts/12']) {
      const res = await withConsole.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const nonce = /<meta property="csp-nonce" nonce="([^"]+)"/.exec(res.body)?.[1];
      expect(nonce, url).toBeTruthy();
      expect(policyOf(res.headers).get('style-src'), url).toBe(`'self' 'nonce-${nonce}'`);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.body).toContain('<div id="root">');
      nonces.push(nonce!);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it('a HEAD of the console page (a load balancer checking it) answers as the page would, without a body', async () => {
    const res = await withConsole.inject({ method: 'HEAD', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expectConsoleHeaders(res.headers, 'HEAD /');
    expect(res.body).toBe('');
  });

  it('every API answer carries them, errors included', async () => {
    const answers = [
      await t.call({ method: 'GET', url: '/api/app-version' }),
      await t.call({ method: 'GET', url: '/api/agents/me' }),
      await t.call({ method: 'GET', url: '/api/no-such-thing' }),
      await t.call({ method: 'POST', url: '/api/agents/magic-link', payload: { email: 'not an address' } }),
    ];
    for (let i = 0; i <= PER_CLIENT; i++) answers.push(await ask(`headers-${i}@nowhere.test`, '198.51.100.50'));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 400, ...Array<number>(PER_CLIENT).fill(202), 429]);
    for (const res of answers) expectConsoleHeaders(res.headers, `${res.statusCode}`);
  });

  it('lets the console show blob: documents and frame the identity provider, and nothing frame the console', async () => {
    const policy = policyOf((await t.call({ method: 'GET', url: '/api/app-version' })).headers);
    expect(policy.get('img-src')?.split(' ')).toEqual(expect.arrayContaining(["'self'", 'blob:']));
    expect(policy.get('frame-src')?.split(' ')).toEqual(["'self'", 'blob:', 'http://127.0.0.1:9']);
    expect(policy.get('style-src')).not.toContain('unsafe-inline');
  });

  it('the development mailbox page allows only its own style, by hash', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    const css = /<style>([\s\S]*?)<\/style>/.exec(res.body)?.[1] ?? '';
    const policy = policyOf(res.headers);
    expect(policy.get('default-src')).toBe("'none'");
    expect(policy.get('style-src')).toBe(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    expect(policy.has('script-src')).toBe(false);
    expect(policy.get('frame-ancestors')).toBe("'none'");
  });

  it('the renewal answer runs only its own script, by nonce, and only the console may frame it', async () => {
    const res = await t.call({ method: 'GET', url: '/api/agents/oidc/authorize?prompt=none' });
    expect(res.statusCode).toBe(200);
    const nonce = /<script nonce="([^"]+)">/.exec(res.body)?.[1];
    expect(nonce).toBeTruthy();
    const policy = policyOf(res.headers);
    expect(policy.get('script-src')).toBe(`'nonce-${nonce}'`);
    expect(policy.get('frame-ancestors')).toBe("'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const again = await t.call({ method: 'GET', url: '/api/agents/oidc/authorize?prompt=none' });
    expect(/<script nonce="([^"]+)">/.exec(again.body)?.[1]).not.toBe(nonce);
  });
});

describe('malformed token claims', () => {
  let good: Record<string, unknown>;
  beforeAll(async () => {
    const jwt = await t.signIn('manager@demo.test');
    good = JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
  });

  /** A token signed with the server's own secret, issuer and audience, carrying `claims` as given. */
  const signed = (claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('vigil')
      .setAudience('vigil-console')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(TEST_SECRET));

  const me = async (claims: Record<string, unknown>) => t.call({ method: 'GET', url: '/api/agents/me', token: await signed(claims) });

  it('a well-formed token of the same shape is accepted (the control)', async () => {
    const { sub, org, sid, con } = good;
    expect((await me({ sub, org, sid, con })).statusCode).toBe(200);
  });

  const variants: Array<[string, Record<string, unknown>]> = [
    ['sub not a number', { sub: 'abc' }],
    ['sub a number, not a string', { sub: 1 }],
    ['sub beyond PostgreSQL integers', { sub: '99999999999999' }],
    ['sub negative', { sub: '-3' }],
    ['sub with a fraction', { sub: '1.5' }],
    ['sub missing', { sub: undefined }],
    ['sid a number', { sid: 12 }],
    ['sid not a UUID', { sid: 'not-a-uuid' }],
    ['sid missing', { sid: undefined }],
    ['org a string', { org: '1' }],
    ['org beyond PostgreSQL integers', { org: 1e12 }],
    ['org with a fraction', { org: 1.5 }],
    ['con unknown', { con: 'password' }],
    ['imp not a number', { imp: 'x' }],
    ['imp beyond PostgreSQL integers', { imp: 2 ** 40 }],
    ['act not a number', { act: [1] }],
  ];
  for (const [name, change] of variants) {
    it(`answers 401, not 500: ${name}`, async () => {
      const claims: Record<string, unknown> = { sub: good.sub, org: good.org, sid: good.sid, con: good.con, ...change };
      for (const key of Object.keys(claims)) if (claims[key] === undefined) delete claims[key];
      const res = await me(claims);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    });
  }
});
