import { DEFAULT_ACCESS_DENIED, MAX_TIMER_MS, RENEW_BEFORE_EXPIRY_MS, type Connection, type SessionToken } from './session.types';

/** Token expiry in epoch milliseconds (the API answers in Unix seconds). */
export function tokenExpiresAtMs(token: SessionToken): number {
  return token.jwt_expires_at * 1000;
}

/** Authentication is valid while the current time is before the token expiry. */
export function isTokenValid(token: SessionToken | null, nowMs: number): boolean {
  return token !== null && nowMs < tokenExpiresAtMs(token);
}

/** Milliseconds from now until the token should be renewed, never negative, never past a timer's range. */
export function renewalDelayMs(token: SessionToken | null, nowMs: number): number {
  if (token === null) return 0;
  const due = tokenExpiresAtMs(token) - RENEW_BEFORE_EXPIRY_MS - nowMs;
  return Math.min(MAX_TIMER_MS, Math.max(0, due));
}

export type RenewalMethod = 'refreshToken' | 'renewSilently' | null;

/** Magic link renews through the refresh cookie; only Google and SAML renew through the provider. */
export function renewalMethod(connection: Connection | null): RenewalMethod {
  if (connection === 'email') return 'refreshToken';
  if (connection === 'google-oauth2' || connection === 'saml') return 'renewSilently';
  return null;
}

export function isAccessDenied(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { error?: unknown }).error === 'access_denied';
}

/** The provider's description of an access_denied rejection, or the spec's default. */
export function accessDeniedDescription(error: unknown): string {
  const description = typeof error === 'object' && error !== null ? (error as { error_description?: unknown }).error_description : undefined;
  return typeof description === 'string' && description.trim() !== '' ? description : DEFAULT_ACCESS_DENIED;
}
