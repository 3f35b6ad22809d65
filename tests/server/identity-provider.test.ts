import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityProvider } from '../support/identity-provider.js';
import { createTestContext, type TestContext } from './helpers/app.js';
import { signInThroughProvider, startTestIdentityProvider, TEST_CLIENT, type CookieJar } from './helpers/oidc.js';

let idp: IdentityProvider;
let t: TestContext;
beforeAll(async () => {
  const started = await startTestIdentityProvider({ unverified: ['manager@demo.test'] });
  idp = started.idp;
  t = await createTestContext({ oidc: started.oidc });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

const loginError = (location: string | undefined) => {
  const url = new URL(String(location), 'http://console.invalid');
  return { path: url.pathname, error: url.searchParams.get('error'), description: url.searchParams.get('error_description') };
};

describe('Continue with Google: an OpenID Connect provider', () => {
  it('tells the login page the provider is configured, and whether it is the active client', async () => {
    const res = await t.call({ method: 'GET', url: '/api/agents/identity-provider' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ configured: true, active: false, connection: 'google-oauth2' });
  });

  it('redirects to the provider with PKCE, state, nonce and the console callback, in a signed Lax cookie', async () => {
    const res = await t.call({ method: 'GET', url: '/api/agents/oidc/authorize' });
    expect(res.statusCode).toBe(302);
    const to = new URL(String(res.headers.location));
    expect(`${to.origin}`).toBe(idp.issuer);
    const q = to.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(TEST_CLIENT.clientId);
    expect(q.get('redirect_uri')).toBe(`${t.config.publicUrl}/api/agents/oidc/callback`);
    expect(q.get('scope')).toBe('openid profile email');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Google shows its account chooser, so someone signed in with another account can pick theirs.
    expect(q.get('prompt')).toBe('select_account');
    const cookie = res.cookies.find((c) => c.name === 'vigil_oidc');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/agents/oidc', maxAge: 600 });
    // The cookie is signed, not a readable copy of the state.
    expect(cookie?.value).not.toContain(q.get('state'));
  });

  it('signs a registered agent in: the refresh cookie renews a session whose connection is google-oauth2', async () => {
    const { callback } = await signInThroughProvider(t, { email: 'analyst@demo.test' });
    expect(callback.statusCode, callback.body).toBe(302);
    expect(callback.headers.location).toBe('/');
    const refresh = callback.cookies.find((c) => c.name === 'vigil_refresh');
    expect(refresh?.value).toBeTruthy();
    expect(callback.cookies.find((c) => c.name === 'vigil_oidc')?.value).toBe('');

    const renewed = await t.call({ method: 'GET', url: '/api/agents/refresh-jwt', cookies: { vigil_refresh: refresh!.value } });
    expect(renewed.statusCode).toBe(200);
    const me = await t.call({ method: 'GET', url: '/api/agents/me', token: renewed.json().jwt });
    expect(me.json()).toMatchObject({ email: 'analyst@demo.test', connection: 'google-oauth2' });
    const connection = await t.call({ method: 'GET', url: '/api/get-connection', token: renewed.json().jwt });
    expect(connection.json()).toEqual({ connection: 'google-oauth2' });
  });

  it('spends the code once: replaying the provider redirect signs nobody in', async () => {
    const first = await signInThroughProvider(t, { email: 'analyst@demo.test' });
    expect(first.callback.headers.location).toBe('/');
    const replay = await t.app.inject({
      method: 'GET',
      url: `${first.returnedTo.pathname}${first.returnedTo.search}`,
      cookies: { vigil_oidc: first.loginCookie },
    });
    expect(replay.statusCode).toBe(302);
    expect(loginError(replay.headers.location)).toMatchObject({ path: '/agent-login', error: 'invalid_grant' });
    expect(replay.cookies.find((c) => c.name === 'vigil_refresh')).toBeUndefined();
  });

  it('refuses a redirect without the login cookie, or whose state does not match it', async () => {
    const visit = await signInThroughProvider(t, { email: 'analyst@demo.test' });
    const url = `${visit.returnedTo.pathname}${visit.returnedTo.search}`;
    const noCookie = await t.app.inject({ method: 'GET', url });
    expect(loginError(noCookie.headers.location)).toEqual({
      path: '/agent-login',
      error: 'invalid_request',
      description: 'Google sign-in did not complete. Please try again.',
    });
    const other = await t.call({ method: 'GET', url: '/api/agents/oidc/authorize' });
    const mismatched = await t.app.inject({ method: 'GET', url, cookies: { vigil_oidc: other.cookies.find((c) => c.name === 'vigil_oidc')!.value } });
    expect(loginError(mismatched.headers.location).error).toBe('invalid_request');
    const forged = await t.app.inject({ method: 'GET', url, cookies: { vigil_oidc: 'eyJhbGciOiJub25lIn0.e30.' } });
    expect(loginError(forged.headers.location).error).toBe('invalid_request');
    expect([noCookie, mismatched, forged].flatMap((r) => r.cookies.filter((c) => c.name === 'vigil_refresh'))).toEqual([]);
  });

  it('passes the provider refusal on to the login page', async () => {
    const { callback } = await signInThroughProvider(t, { action: 'deny' });
    expect(loginError(callback.headers.location)).toEqual({
      path: '/agent-login',
      error: 'access_denied',
      description: 'You declined to share your identity.',
    });
  });

  it('refuses a person with no active agent, an unverified address, and a deactivated agent', async () => {
    const unknown = await signInThroughProvider(t, { email: 'nobody@demo.test' });
    expect(loginError(unknown.callback.headers.location)).toEqual({
      path: '/agent-login',
      error: 'access_denied',
      description: 'There is no active Vigil account for nobody@demo.test.',
    });
    const unverified = await signInThroughProvider(t, { email: 'manager@demo.test' });
    expect(loginError(unverified.callback.headers.location)).toMatchObject({
      error: 'access_denied',
      description: 'Your identity provider did not share a verified email address.',
    });
    const agent = await t.one<{ id: number }>(sql`select id from agents where email = 'restricted@demo.test'`);
    await t.database.db.execute(sql`update agents set status = 'inactive' where id = ${agent.id}`);
    try {
      const inactive = await signInThroughProvider(t, { email: 'restricted@demo.test' });
      expect(loginError(inactive.callback.headers.location).error).toBe('access_denied');
    } finally {
      await t.database.db.execute(sql`update agents set status = 'active' where id = ${agent.id}`);
    }
  });
});

describe('silent renewal in a hidden frame (prompt=none)', () => {
  const message = (body: string) => JSON.parse(/parent\.postMessage\((.*), location\.origin\)/.exec(body)?.[1] ?? 'null');

  it('asks the provider to let the person choose the account on every deliberate sign-in', async () => {
    const jar: CookieJar = new Map();
    const wrong = await signInThroughProvider(t, { email: 'nobody@demo.test', jar });
    expect(loginError(wrong.callback.headers.location).error).toBe('access_denied');
    // The provider still has nobody@demo.test signed in; choosing again shows its sign-in page.
    const right = await signInThroughProvider(t, { email: 'analyst@demo.test', jar });
    expect(right.callback.headers.location).toBe('/');
  });

  it('renews while the provider still knows the person, without showing anything', async () => {
    const jar: CookieJar = new Map();
    await signInThroughProvider(t, { email: 'analyst@demo.test', jar });
    const silent = await signInThroughProvider(t, { prompt: 'none', jar });
    expect(silent.returnedTo.searchParams.get('code')).toBeTruthy();
    expect(silent.callback.statusCode).toBe(200);
    expect(silent.callback.headers['content-type']).toContain('text/html');
    expect(message(silent.callback.body)).toEqual({ type: 'vigil.oidc', ok: true });
    const refresh = silent.callback.cookies.find((c) => c.name === 'vigil_refresh');
    const renewed = await t.call({ method: 'GET', url: '/api/agents/refresh-jwt', cookies: { vigil_refresh: refresh!.value } });
    expect(renewed.statusCode).toBe(200);
  });

  it('ends the session it renewed, and only a session of the same agent', async () => {
    const jar: CookieJar = new Map();
    const first = await signInThroughProvider(t, { email: 'analyst@demo.test', jar });
    const old = first.callback.cookies.find((c) => c.name === 'vigil_refresh')!.value;
    const silent = await signInThroughProvider(t, { prompt: 'none', jar, refreshCookie: old });
    expect(message(silent.callback.body)).toEqual({ type: 'vigil.oidc', ok: true });
    const fresh = silent.callback.cookies.find((c) => c.name === 'vigil_refresh')!.value;
    expect((await t.call({ method: 'GET', url: '/api/agents/refresh-jwt', cookies: { vigil_refresh: old } })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/agents/refresh-jwt', cookies: { vigil_refresh: fresh } })).statusCode).toBe(200);

    // Another agent's cookie in the same browser is left alone.
    await t.signIn('manager@demo.test');
    const mail = await t.call({ method: 'POST', url: '/api/agents/magic-link', payload: { email: 'manager@demo.test' }, remoteAddress: '198.51.100.7' });
    expect(mail.statusCode).toBe(202);
    const link = (await t.call({ method: 'GET', url: '/api/dev/mailbox?to=manager@demo.test' })).json().messages[0].link as string;
    const manager = await t.call({ method: 'POST', url: '/api/agents/email-login', payload: { token: new URL(link).searchParams.get('token') } });
    const managerCookie = manager.cookies.find((c) => c.name === 'vigil_refresh')!.value;
    await signInThroughProvider(t, { prompt: 'none', jar, refreshCookie: managerCookie });
    expect((await t.call({ method: 'GET', url: '/api/agents/refresh-jwt', cookies: { vigil_refresh: managerCookie } })).statusCode).toBe(200);
  });

  it('answers the frame with the provider error once the provider session is gone', async () => {
    const silent = await signInThroughProvider(t, { prompt: 'none', jar: new Map() });
    expect(silent.callback.statusCode).toBe(200);
    expect(message(silent.callback.body)).toMatchObject({ type: 'vigil.oidc', ok: false, error: 'login_required' });
    expect(silent.callback.cookies.find((c) => c.name === 'vigil_refresh')).toBeUndefined();
  });

  it('answers access_denied with its description, which cannot break out of the script', async () => {
    const start = await t.call({ method: 'GET', url: '/api/agents/oidc/authorize?prompt=none' });
    expect(new URL(String(start.headers.location)).searchParams.get('prompt')).toBe('none');
    const state = new URL(String(start.headers.location)).searchParams.get('state')!;
    const description = 'Blocked </script><script>alert(1)</script>';
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/agents/oidc/callback?${new URLSearchParams({ state, error: 'access_denied', error_description: description })}`,
      cookies: { vigil_oidc: start.cookies.find((c) => c.name === 'vigil_oidc')!.value },
    });
    expect(res.body).not.toContain('</script><script>');
    expect(message(res.body)).toEqual({ type: 'vigil.oidc', ok: false, error: 'access_denied', error_description: description });
  });
});

describe('with the identity provider unreachable', () => {
  let down: TestContext;
  beforeAll(async () => {
    // A port nothing listens on: the provider's discovery document cannot be read.
    down = await createTestContext({ oidc: { issuer: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y', connection: 'google-oauth2', active: false } });
  });
  afterAll(() => down.close());

  it('sends the browser back to the login page with the reason, and answers a renewal frame', async () => {
    const res = await down.call({ method: 'GET', url: '/api/agents/oidc/authorize' });
    expect(res.statusCode).toBe(302);
    expect(loginError(res.headers.location)).toEqual({
      path: '/agent-login',
      error: 'temporarily_unavailable',
      description: 'Google sign-in is unavailable right now. Please try again later.',
    });
    const silent = await down.call({ method: 'GET', url: '/api/agents/oidc/authorize?prompt=none' });
    expect(silent.statusCode).toBe(200);
    expect(silent.body).toContain('"error":"temporarily_unavailable"');
  });
});

describe('without an identity provider', () => {
  let plain: TestContext;
  beforeAll(async () => {
    plain = await createTestContext();
  });
  afterAll(() => plain.close());

  it('says none is configured, and its calls answer 404', async () => {
    expect((await plain.call({ method: 'GET', url: '/api/agents/identity-provider' })).json()).toEqual({ configured: false, active: false, connection: null });
    for (const url of ['/api/agents/oidc/authorize', '/api/agents/oidc/callback?code=x&state=y']) {
      const res = await plain.call({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
  });
});
