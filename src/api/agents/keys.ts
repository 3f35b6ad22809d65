// Query keys of the organisation's agents as the console reads them: the signed-in agent (me) and
// the agent options of assignee pickers and mentions. User management's own reads of agents are
// under peopleKeys (src/api/people).
export const agentKeys = {
  all: ['agents'] as const,
  me: () => [...agentKeys.all, 'me'] as const,
  detail: (id: number) => [...agentKeys.all, 'detail', id] as const,
  /** The organisation's agents for assignee pickers and mentions (GET /api/agents). */
  list: (includeInactive = false) => [...agentKeys.all, 'list', { includeInactive }] as const,
};
