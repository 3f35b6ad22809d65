// Query keys of signing in: how this deployment signs in, and the development mailbox. The
// signed-in agent is agentKeys.me() (src/api/agents/keys.ts), which the people screens invalidate.
export const sessionKeys = {
  all: ['session'] as const,
  identityProvider: () => [...sessionKeys.all, 'identity-provider'] as const,
  devMailbox: (email: string) => [...sessionKeys.all, 'dev-mailbox', email] as const,
};
