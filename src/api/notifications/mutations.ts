import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import { notificationKeys } from './keys';

/** Marks one notification read; every notification list (screen and popover) is refetched. */
export function useMarkNotificationReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.POST('/api/notifications/{id}/read', { params: { path: { id } }, body: {} })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
  });
}

/** Marks all the agent's notifications read. */
export function useMarkAllNotificationsReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/notifications/read-all', { body: {} })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
  });
}
