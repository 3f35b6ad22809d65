import type { LightMyRequestResponse } from 'fastify';
import type { OidcConfig } from '../../../server/config.js';
import { startIdentityProvider, type IdentityProvider } from '../../support/identity-provider.js';
import type { TestContext } from './app.js';
import { testConfig } from './app.js';

export const TEST_CLIENT = { clientId: 'vigil-console', clientSecret: 'test-client-secret-not-used-anywhere-else' };

/** A local identity provider registered for the test server's callback, and the config naming it. */
export async function startTestIdentityProvider(options: { unverified?: string[] } = {}): Promise<{ idp: IdentityProvider; oidc: OidcConfig }> {
  const idp = await startIdentityProvider({
    ...TEST_CLIENT,
    redirectUris: [`${testConfig().publicUrl}/api/agents/oidc/callback`],
    unverified: options.unverified,
  });
  return { idp, oidc: { issuer: idp.issuer, ...TEST_CLIENT, connection: 'google-oauth2', active: false } };
}

/** Cookies of the provider's origin, as a browser keeps them between visits. */
export type CookieJar = Map<string, string>;

async function visit(url: string, jar: CookieJar, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  for (const header of res.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    const value = pair.slice(at + 1);
    if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(header)) jar.delete(name);
    else jar.set(name, value);
  }
  return res;
}

/** The form of a page that posts itself on load, with its hidden fields. */
function autoSubmittedForm(html: string): { action: string; fields: URLSearchParams } | undefined {
  if (!/forms\[0\]\.submit\(\)/.test(html)) return undefined;
  const action = /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(html)?.[1];
  if (!action) return undefined;
  const fields = new URLSearchParams();
  for (const input of html.matchAll(/<input[^>]*type="hidden"[^>]*>/gi)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
    if (name) fields.append(name, value.replace(/&amp;/g, '&').replace(/&quot;/g, '"'));
  }
  return { action: action.replace(/&amp;/g, '&'), fields };
}

export interface ProviderVisit {
  /** The console's answer to the provider's redirect back. */
  callback: LightMyRequestResponse;
  /** Where the provider sent the browser back to (the callback URL with its query). */
  returnedTo: URL;
  /** The console's signed login cookie, as the browser held it. */
  loginCookie: string;
}

/**
 * Plays the browser: starts sign-in at the console, follows the provider's redirects, answers its
 * sign-in page (unless the provider already knows the person), and hands the redirect back to the
 * console's callback with the login cookie, as the browser would.
 */
export async function signInThroughProvider(
  t: TestContext,
  options: { email?: string; action?: 'allow' | 'deny'; prompt?: 'none'; jar?: CookieJar; refreshCookie?: string } = {},
): Promise<ProviderVisit> {
  const jar = options.jar ?? new Map();
  const start = await t.app.inject({
    method: 'GET',
    url: `/api/agents/oidc/authorize${options.prompt ? `?prompt=${options.prompt}` : ''}`,
    // The console's own session cookie, which the browser sends with the frame's first request.
    cookies: options.refreshCookie ? { vigil_refresh: options.refreshCookie } : {},
  });
  if (start.statusCode !== 302) throw new Error(`authorize answered ${start.statusCode}: ${start.body}`);
  const loginCookie = start.cookies.find((c) => c.name === 'vigil_oidc')?.value ?? '';
  let url = new URL(String(start.headers.location));
  const consoleOrigin = t.config.publicUrl;

  for (let hops = 0; url.origin !== consoleOrigin; hops++) {
    if (hops > 10) throw new Error('too many redirects at the identity provider');
    let res = await visit(url.toString(), jar);
    if (res.status === 200 && url.pathname.startsWith('/interaction/')) {
      const body = new URLSearchParams({ email: options.email ?? '', action: options.action ?? 'allow' });
      res = await visit(new URL(`${url.pathname}/login`, url).toString(), jar, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      });
    }
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      continue;
    }
    // A page that submits itself (the provider ending one person's session before another's).
    const page = await res.text();
    const form = autoSubmittedForm(page);
    if (res.status !== 200 || !form) throw new Error(`the identity provider answered ${res.status} at ${url}: ${page.slice(0, 300)}`);
    const posted = await visit(new URL(form.action, url).toString(), jar, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.fields.toString(),
    });
    const next = posted.headers.get('location');
    if (!next) throw new Error(`the identity provider answered ${posted.status} to ${form.action}`);
    url = new URL(next, url);
  }

  const callback = await t.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    cookies: loginCookie ? { vigil_oidc: loginCookie } : {},
  });
  return { callback, returnedTo: url, loginCookie };
}
