// The session's writes. Most are driven by machines (session, impersonation), whose actors call
// the fetchers here; the login form's magic link and the organisation switch are mutations.
import { useMutation } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { sessionToken, type SessionToken } from './session-token';

export type ImpersonationStart = components['schemas']['ImpersonationStartRequest'];

/** A new access token from the refresh cookie (the server rotates the cookie). */
export function refreshSession(): Promise<SessionToken> {
  return sessionToken(api.GET('/api/agents/refresh-jwt'));
}

/** Ends the session on the server. The header is explicit: the shared token is cleared when logging out ends. */
export async function logoutSession(jwt: string): Promise<void> {
  await unwrap(api.POST('/api/agents/logout', { headers: { Authorization: `Bearer ${jwt}` } }));
}

/** Exchanges the magic link's single-use token for a session. */
export function exchangeEmailToken(token: string): Promise<SessionToken> {
  return sessionToken(api.POST('/api/agents/email-login', { body: { token } }));
}

/** Sends a magic link to the address (the server answers alike whether or not it is registered). */
export function useMagicLinkMutation() {
  return useMutation({
    mutationFn: (email: string) => unwrap(api.POST('/api/agents/magic-link', { body: { email } })),
  });
}

/**
 * Starts a new session in another organisation (the server sets its refresh cookie). Nothing is
 * invalidated: the console reloads at home and restores that session with a clean state.
 */
export function useSwitchOrgMutation() {
  return useMutation({
    mutationFn: (orgId: number) => unwrap(api.POST('/api/agents/switch-org', { body: { org_id: orgId } })),
  });
}

/** Records the start of an impersonation; the server answers the log entry that a cancel names. */
export async function startImpersonation(body: ImpersonationStart): Promise<number> {
  const answer = await unwrap(api.POST('/api/agents/log-impersonation-start', { body }));
  return answer.impersonation_log_id;
}

export async function cancelImpersonation(impersonationLogId: number): Promise<void> {
  await unwrap(api.POST('/api/agents/log-impersonation-cancelled', { body: { impersonation_log_id: impersonationLogId } }));
}
