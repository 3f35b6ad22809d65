// Query keys of user management: the organisation's agents as managed (GET
// /api/user-management/agents), one agent's profile and notification settings. Teams are teamKeys
// (src/api/teams); the agent options of pickers are agentKeys (src/api/agents).
export const peopleKeys = {
  all: ['people'] as const,
  agents: () => [...peopleKeys.all, 'agents'] as const,
  agent: (id: number) => [...peopleKeys.agents(), id] as const,
  notificationSettings: (id: number) => [...peopleKeys.all, 'notification-settings', id] as const,
};
