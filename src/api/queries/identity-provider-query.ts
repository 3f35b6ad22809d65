import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { appKeys } from '../keys';

export type IdentityProviderState = components['schemas']['IdentityProvider'];

/** Where the browser goes to sign in with the identity provider (a navigation, not a fetch). */
export const IDENTITY_PROVIDER_LOGIN_URL = '/api/agents/oidc/authorize';

/** Whether "Continue with Google" works here, and whether the provider is the active client. Fixed per deployment. */
export function useIdentityProviderQuery() {
  return useQuery({
    queryKey: appKeys.identityProvider(),
    queryFn: () => unwrap(api.GET('/api/agents/identity-provider')),
    staleTime: Infinity,
    retry: 1,
  });
}
