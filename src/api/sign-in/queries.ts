// Signing in: how this deployment signs in, and the development mailbox of a console without SMTP.
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { signInKeys } from './keys';

export type IdentityProviderState = components['schemas']['IdentityProvider'];

/** Where the browser goes to sign in with the identity provider (a navigation, not a fetch). */
export const IDENTITY_PROVIDER_LOGIN_URL = '/api/agents/oidc/authorize';

/** Whether "Continue with Google" works here, and whether the provider is the active client. Fixed per deployment. */
export function useIdentityProviderQuery() {
  return useQuery({
    queryKey: signInKeys.identityProvider(),
    queryFn: () => unwrap(api.GET('/api/agents/identity-provider')),
    staleTime: Infinity,
    retry: 1,
  });
}

/** The development mailbox exists only where the server has no SMTP; it answers 404 elsewhere. */
export function useDevMailboxQuery(email: string) {
  return useQuery({
    queryKey: signInKeys.devMailbox(email),
    queryFn: () => unwrap(api.GET('/api/dev/mailbox', { params: { query: { to: email } } })),
    retry: false,
    staleTime: Infinity,
  });
}
