import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { notificationKeys, type NotificationListParams } from './keys';

export type Notification = components['schemas']['Notification'];
export type NotificationList = components['schemas']['NotificationList'];

export function fetchNotifications({ limit, offset, unreadOnly }: NotificationListParams): Promise<NotificationList> {
  return unwrap(api.GET('/api/notifications', { params: { query: { limit, offset, unread_only: unreadOnly } } }));
}

/** One page of the signed-in agent's notifications (the server scopes them to the caller). */
export function useNotificationsQuery(params: NotificationListParams) {
  return useQuery({
    queryKey: notificationKeys.list(params),
    queryFn: () => fetchNotifications(params),
    placeholderData: keepPreviousData,
  });
}
