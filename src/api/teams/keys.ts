// Query keys of the organisation's teams (GET /api/user-management/teams): one list for user
// management and for every picker that grants something to a team, and one team.
export const teamKeys = {
  all: ['teams'] as const,
  lists: () => [...teamKeys.all, 'list'] as const,
  detail: (id: number) => [...teamKeys.all, 'detail', id] as const,
};
