/** The organisation's queues (GET /api/queues); queue edits and moves of work change their counts. */
export const queueKeys = {
  all: ['queues'] as const,
  list: () => [...queueKeys.all, 'list'] as const,
};
