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
