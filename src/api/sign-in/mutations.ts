// Signing in by magic link: sending the link, and exchanging its single-use token for a session.
// Only the login screens use them, so they load with the login area, not the shell.
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import { sessionToken, type SessionToken } from '../session/session-token';

/** Sends a magic link to the address (the server answers alike whether or not it is registered). */
export function useMagicLinkMutation() {
  return useMutation({
    mutationFn: (email: string) => unwrap(api.POST('/api/agents/magic-link', { body: { email } })),
  });
}

/** Exchanges the magic link's single-use token for a session. */
export function exchangeEmailToken(token: string): Promise<SessionToken> {
  return sessionToken(api.POST('/api/agents/email-login', { body: { token } }));
}
