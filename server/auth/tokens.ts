import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export type ConnectionName = 'email' | 'google-oauth2' | 'saml';

/** Claims Vigil puts in its access tokens. */
export interface AccessClaims {
  /** agent id the request acts as */
  sub: string;
  /** organisation the session works in */
  org: number;
  /** refresh-token family: revoking it ends the session at once */
  sid: string;
  /** how the agent signed in */
  con: ConnectionName;
  /** impersonation log id while an internal agent impersonates */
  imp?: number;
  /** the impersonating agent's own id */
  act?: number;
}

export interface IssuedAccessToken {
  jwt: string;
  jwt_expires_at: number;
}

const ISSUER = 'vigil';
const AUDIENCE = 'vigil-console';

export async function signAccessToken(secret: Uint8Array, claims: AccessClaims, ttlSeconds: number, now = Date.now()): Promise<IssuedAccessToken> {
  const issuedAt = Math.floor(now / 1000);
  const expiresAt = issuedAt + ttlSeconds;
  const { sub, ...rest } = claims;
  const jwt = await new SignJWT({ ...rest })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(secret);
  return { jwt, jwt_expires_at: expiresAt };
}

const CONNECTIONS: ReadonlySet<unknown> = new Set<ConnectionName>(['email', 'google-oauth2', 'saml']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Row ids are PostgreSQL integers. */
const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0 && (value as number) <= 2_147_483_647;

/**
 * The claims with the types and forms Vigil signs, or null: a validly signed token whose claims are
 * not (a sub that is not an agent id, a sid that is not a UUID, an unknown connection) answers 401
 * like any other bad token instead of reaching the database.
 */
function accessClaims(payload: Record<string, unknown>): AccessClaims | null {
  const { sub, org, sid, con, imp, act } = payload;
  if (typeof sub !== 'string' || !/^[1-9]\d{0,9}$/.test(sub) || !isId(Number(sub))) return null;
  if (!isId(org) || typeof sid !== 'string' || !UUID.test(sid) || !CONNECTIONS.has(con)) return null;
  if ((imp !== undefined && !isId(imp)) || (act !== undefined && !isId(act))) return null;
  return { sub, org, sid, con: con as ConnectionName, ...(isId(imp) ? { imp } : {}), ...(isId(act) ? { act } : {}) };
}

/** Returns the claims, or null for any token that is malformed, forged or expired. */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    return accessClaims(payload);
  } catch {
    return null;
  }
}

/** An opaque random token for links and cookies; only its hash is stored. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
