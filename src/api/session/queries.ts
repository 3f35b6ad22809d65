// The session's reads: the signed-in agent (permissions, feature flags, settings), how this
// deployment signs in, and the development mailbox of a console without SMTP.
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { agentKeys } from '../agents/keys';
import { api, unwrap } from '../client';
import { sessionKeys } from './keys';

export type CurrentAgent = components['schemas']['CurrentAgent'];
export type IdentityProviderState = components['schemas']['IdentityProvider'];

export function fetchCurrentAgent(): Promise<CurrentAgent> {
  return unwrap(api.GET('/api/agents/me'));
}

/** The signed-in agent: permissions, feature flags, settings. Only runs with an access token. */
export function useCurrentAgentQuery(enabled: boolean) {
  return useQuery({
    queryKey: agentKeys.me(),
    queryFn: fetchCurrentAgent,
    enabled,
    staleTime: 5 * 60_000,
  });
}

/**
 * Whether detail reads use the cached (cold-storage) calls: the organisation's cold_storage flag on
 * the signed-in agent. It only watches the agent the session keeps loaded (never fetches it), so a
 * query hook may also run where no agent is signed in (tests of a single view): then it is off.
 */
export function useColdStorageEnabled(): boolean {
  const flag = useQuery({
    queryKey: agentKeys.me(),
    queryFn: fetchCurrentAgent,
    enabled: false,
    select: (agent: CurrentAgent) => agent.feature_flags.includes('cold_storage'),
  });
  return flag.data ?? false;
}

/** Where the browser goes to sign in with the identity provider (a navigation, not a fetch). */
export const IDENTITY_PROVIDER_LOGIN_URL = '/api/agents/oidc/authorize';

/** Whether "Continue with Google" works here, and whether the provider is the active client. Fixed per deployment. */
export function useIdentityProviderQuery() {
  return useQuery({
    queryKey: sessionKeys.identityProvider(),
    queryFn: () => unwrap(api.GET('/api/agents/identity-provider')),
    staleTime: Infinity,
    retry: 1,
  });
}

/** The development mailbox exists only where the server has no SMTP; it answers 404 elsewhere. */
export function useDevMailboxQuery(email: string) {
  return useQuery({
    queryKey: sessionKeys.devMailbox(email),
    queryFn: () => unwrap(api.GET('/api/dev/mailbox', { params: { query: { to: email } } })),
    retry: false,
    staleTime: Infinity,
  });
}
