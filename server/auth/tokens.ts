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

export async function signAccessToken(
  secret: Uint8Array,
  claims: AccessClaims,
  ttlSeconds: number,
  now = Date.now(),
): Promise<IssuedAccessToken> {
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

/** Returns the claims, or null for any token that is malformed, forged or expired. */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.org !== 'number' || typeof payload.sid !== 'string') return null;
    return payload as unknown as AccessClaims;
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
