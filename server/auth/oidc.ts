// Sign-in through an OpenID Connect identity provider ("Continue with Google"): the authorization
// code flow with PKCE, state and nonce, run by the server so no provider secret reaches the browser.
// The provider proves who the person is; the console finds the active agent with that verified
// email and starts its own session, exactly as a magic link does.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { OidcConfig, ServerConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { firstRow } from '../db/sql.js';
import { hashToken } from './tokens.js';

/** Carries state, nonce and the PKCE verifier from the redirect to the callback. */
export const OIDC_COOKIE = 'vigil_oidc';
export const OIDC_COOKIE_PATH = '/api/agents/oidc';
export const OIDC_COOKIE_TTL_SECONDS = 10 * 60;
/** The spec's default scope, plus email: the console finds the agent by verified email. */
export const OIDC_SCOPE = 'openid profile email';
const COOKIE_AUDIENCE = 'vigil-oidc-login';

/** A sign-in the provider or the console refused; `error` follows OAuth's codes. */
export class OidcFailure extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
  jwks_uri: string;
}

interface Provider {
  discovery: Discovery;
  keys: ReturnType<typeof createRemoteJWKSet>;
}

// One discovery per issuer for the life of the process; a failed one is retried on the next sign-in.
const providers = new Map<string, Promise<Provider>>();

async function discover(issuer: string): Promise<Provider> {
  const res = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`identity provider discovery answered ${res.status}`);
  const discovery = (await res.json()) as Discovery;
  if (discovery.issuer.replace(/\/$/, '') !== issuer) throw new Error(`identity provider issuer is ${discovery.issuer}, expected ${issuer}`);
  return { discovery, keys: createRemoteJWKSet(new URL(discovery.jwks_uri)) };
}

function provider(oidc: OidcConfig): Promise<Provider> {
  let found = providers.get(oidc.issuer);
  if (!found) {
    found = discover(oidc.issuer);
    found.catch(() => providers.delete(oidc.issuer));
    providers.set(oidc.issuer, found);
  }
  return found;
}

const randomToken = () => randomBytes(32).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export function callbackUrl(config: ServerConfig): string {
  return `${config.publicUrl}/api/agents/oidc/callback`;
}

interface LoginState {
  state: string;
  nonce: string;
  verifier: string;
  /** A hidden frame renewing the session (prompt=none): the callback answers it with a message. */
  silent: boolean;
  /** The session family a silent renewal replaces, ended once the new one starts. */
  replaces?: string;
}

/** The provider's authorization URL, and the signed cookie that lets the callback check it. */
export async function beginLogin(config: ServerConfig, oidc: OidcConfig, silent: boolean, replaces?: string): Promise<{ url: string; cookie: string }> {
  const { discovery } = await provider(oidc);
  const login: LoginState = { state: randomToken(), nonce: randomToken(), verifier: randomToken(), silent, ...(replaces ? { replaces } : {}) };
  const url = new URL(discovery.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: oidc.clientId,
    redirect_uri: callbackUrl(config),
    scope: OIDC_SCOPE,
    state: login.state,
    nonce: login.nonce,
    code_challenge: s256(login.verifier),
    code_challenge_method: 'S256',
    // Silent renewal must show nothing. A person choosing Google on purpose picks the account: the
    // browser may be signed in to Google with a personal account that no agent uses.
    ...(silent ? { prompt: 'none' } : oidc.connection === 'google-oauth2' ? { prompt: 'select_account' } : {}),
  }).toString();
  const cookie = await new SignJWT({ ...login })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(COOKIE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${OIDC_COOKIE_TTL_SECONDS}s`)
    .sign(config.jwtSecret);
  return { url: url.toString(), cookie };
}

/** Reads the login cookie; undefined when it is missing, forged or expired. */
export async function readLoginState(config: ServerConfig, cookie: string | undefined): Promise<LoginState | undefined> {
  if (!cookie) return undefined;
  try {
    const { payload } = await jwtVerify<LoginState & JWTPayload>(cookie, config.jwtSecret, { audience: COOKIE_AUDIENCE, algorithms: ['HS256'] });
    return {
      state: payload.state,
      nonce: payload.nonce,
      verifier: payload.verifier,
      silent: payload.silent === true,
      ...(typeof payload.replaces === 'string' ? { replaces: payload.replaces } : {}),
    };
  } catch {
    return undefined;
  }
}

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
  error_description?: string;
}

const SIGN_IN_AGAIN = 'Google sign-in did not complete. Please try again.';

/** Exchanges the code, verifies the ID token and finds the agent it names. */
export async function finishLogin(
  db: Db,
  config: ServerConfig,
  oidc: OidcConfig,
  login: LoginState | undefined,
  query: CallbackQuery,
): Promise<{ agentId: number; orgId: number; email: string }> {
  if (!login || !query.state || query.state !== login.state) throw new OidcFailure('invalid_request', SIGN_IN_AGAIN);
  if (query.error) throw new OidcFailure(query.error, query.error_description?.trim() || defaultDescription(query.error));
  if (!query.code) throw new OidcFailure('invalid_request', SIGN_IN_AGAIN);

  const { discovery, keys } = await provider(oidc);
  const tokens = await exchangeCode(config, oidc, discovery, query.code, login.verifier);
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(tokens.id_token, keys, { issuer: discovery.issuer, audience: oidc.clientId }));
  } catch {
    throw new OidcFailure('invalid_token', SIGN_IN_AGAIN);
  }
  if (claims.nonce !== login.nonce) throw new OidcFailure('invalid_token', SIGN_IN_AGAIN);

  const email = await verifiedEmail(claims, discovery, tokens.access_token);
  const agent = await firstRow<{ id: number; org_id: number }>(
    db,
    sql`select id, org_id from agents where email = ${email} and status = 'active' and has_valid_auth`,
  );
  if (!agent) throw new OidcFailure('access_denied', `There is no active Vigil account for ${email}.`);
  return { agentId: agent.id, orgId: agent.org_id, email };
}

function defaultDescription(error: string): string {
  if (error === 'access_denied') return 'Access Denied';
  if (error === 'login_required' || error === 'interaction_required' || error === 'consent_required') return 'Please sign in again.';
  return SIGN_IN_AGAIN;
}

async function exchangeCode(config: ServerConfig, oidc: OidcConfig, discovery: Discovery, code: string, verifier: string) {
  // client_secret_basic: both parts form-encoded before base64, as RFC 6749 section 2.3.1 says.
  const basic = Buffer.from(`${encodeURIComponent(oidc.clientId)}:${encodeURIComponent(oidc.clientSecret)}`).toString('base64');
  const res = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: callbackUrl(config), code_verifier: verifier }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json().catch(() => ({}))) as { id_token?: string; access_token?: string; error?: string; error_description?: string };
  if (!res.ok || !body.id_token)
    throw new OidcFailure(body.error === 'access_denied' ? 'access_denied' : 'invalid_grant', body.error_description || SIGN_IN_AGAIN);
  return { id_token: body.id_token, access_token: body.access_token };
}

/** The email from the ID token, or else from userinfo; an address the provider has not verified is refused. */
async function verifiedEmail(claims: JWTPayload, discovery: Discovery, accessToken: string | undefined): Promise<string> {
  let source: Record<string, unknown> = claims;
  if (typeof claims.email !== 'string' && discovery.userinfo_endpoint && accessToken) {
    const res = await fetch(discovery.userinfo_endpoint, { headers: { Authorization: `Bearer ${accessToken}` }, signal: AbortSignal.timeout(10_000) });
    const info = res.ok ? ((await res.json()) as Record<string, unknown>) : {};
    // Userinfo must describe the same person as the ID token (OpenID Connect Core 5.3.2).
    if (info.sub === claims.sub) source = info;
  }
  if (typeof source.email !== 'string' || source.email_verified === false) {
    throw new OidcFailure('access_denied', 'Your identity provider did not share a verified email address.');
  }
  return source.email.trim().toLowerCase();
}

/**
 * The session family of the refresh cookie the browser sent when a silent renewal began: the frame's
 * first request is same-origin, so the SameSite=Strict cookie comes with it.
 */
export async function familyOfRefreshToken(db: Db, refresh: string | undefined): Promise<string | undefined> {
  if (!refresh) return undefined;
  const row = await firstRow<{ family_id: string }>(
    db,
    sql`select family_id::text as family_id from refresh_tokens where token_hash = ${hashToken(refresh)} and revoked_at is null`,
  );
  return row?.family_id;
}

/** Ends the family a silent renewal replaced, if it belongs to the agent who renewed. */
export async function endReplacedFamily(db: Db, family: string | undefined, agentId: number): Promise<void> {
  if (!family) return;
  await db.execute(sql`update refresh_tokens set revoked_at = now()
    where family_id = ${family}::uuid and agent_id = ${agentId} and revoked_at is null`);
}
