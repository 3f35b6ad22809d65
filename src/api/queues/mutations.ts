// Creating and changing queues (POST /api/queues, PATCH /api/queues/{id}). Queue edits change the
// queue list (and what pickers offer); nothing else is cached from a queue.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { queueKeys } from './keys';

export type QueueWrite = components['schemas']['QueueWrite'];

export function useSaveQueueMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: QueueWrite }) =>
      id === null ? unwrap(api.POST('/api/queues', { body })) : unwrap(api.PATCH('/api/queues/{id}', { params: { path: { id } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queueKeys.list() }),
  });
}
