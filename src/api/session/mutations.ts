// The session's calls, driven by machines (session, impersonation) whose actors call these
// fetchers: renewing the access token, logging out, and recording an impersonation's start and end.
// The shell loads this module at start: a mutation hook exported here would bring useMutation into
// the shell's chunk for every visitor, so the hooks of signing in and of switching organisations
// live with their own calls (src/api/sign-in, src/api/orgs).
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

/** Records the start of an impersonation; the server answers the log entry that a cancel names. */
export async function startImpersonation(body: ImpersonationStart): Promise<number> {
  const answer = await unwrap(api.POST('/api/agents/log-impersonation-start', { body }));
  return answer.impersonation_log_id;
}

export async function cancelImpersonation(impersonationLogId: number): Promise<void> {
  await unwrap(api.POST('/api/agents/log-impersonation-cancelled', { body: { impersonation_log_id: impersonationLogId } }));
}
