// Query keys of organisations: the ones the agent can switch to, an organisation's agents (the
// impersonation form) and the settings of the agent's own organisation.
export const orgKeys = {
  all: ['orgs'] as const,
  list: () => [...orgKeys.all, 'list'] as const,
  agents: (orgId: number | null) => [...orgKeys.all, orgId, 'agents'] as const,
  settings: () => [...orgKeys.all, 'settings'] as const,
};
