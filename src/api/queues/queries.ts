import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { queueKeys } from './keys';

export type Queue = components['schemas']['Queue'];

export async function fetchQueues(): Promise<Queue[]> {
  const body = await unwrap(api.GET('/api/queues'));
  return body.queues;
}

/**
 * The organisation's queues by title with their counts and access type: the queues page and every
 * queue picker read the same cache. Counts move whenever work moves, so it is refetched on mount.
 */
export function useQueuesQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queueKeys.list(),
    queryFn: fetchQueues,
    staleTime: 30_000,
    enabled,
  });
}
