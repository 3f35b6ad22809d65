// Query-key factories for the shell's resources. Areas keep their own factories beside their
// queries (src/areas/<area>/api/keys.ts); these are the ones the shell itself reads.

export const agentKeys = {
  all: ['agents'] as const,
  me: () => [...agentKeys.all, 'me'] as const,
  detail: (id: number) => [...agentKeys.all, 'detail', id] as const,
};

export const appKeys = {
  all: ['app'] as const,
  version: () => [...appKeys.all, 'version'] as const,
  identityProvider: () => [...appKeys.all, 'identity-provider'] as const,
};

export const orgKeys = {
  all: ['orgs'] as const,
  list: () => [...orgKeys.all, 'list'] as const,
};

export interface NotificationListParams {
  limit: number;
  offset: number;
  unreadOnly: boolean;
}

/** The agent's notifications: the screen and the top-bar popover read lists; marking read changes them all. */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (params: NotificationListParams) => [...notificationKeys.lists(), params] as const,
};
