// Query keys of the developer tools: an organisation's feature flags and its permission audit.
export const devToolsKeys = {
  all: ['dev-tools'] as const,
  flags: (orgId: number) => [...devToolsKeys.all, 'flags', orgId] as const,
  audit: (orgId: number) => [...devToolsKeys.all, 'audit', orgId] as const,
};
