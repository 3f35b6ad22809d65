// Query keys of signing in: how this deployment signs in, and the development mailbox. The
// signed-in agent is agentKeys.me() (src/api/agents/keys.ts).
export const signInKeys = {
  all: ['sign-in'] as const,
  identityProvider: () => [...signInKeys.all, 'identity-provider'] as const,
  devMailbox: (email: string) => [...signInKeys.all, 'dev-mailbox', email] as const,
};
