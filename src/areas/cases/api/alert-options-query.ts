// Alerts to choose from when starting a case or adding alerts to one: the newest open and in-review
// alerts the agent can see (POST /api/alerts/list), optionally of one queue.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '../../../../openapi/schema';
import { api, unwrap } from '../../../api/client';
import { alertKeys } from '../../../api/keys';

export type AlertOption = components['schemas']['AlertListItem'];

/** How many candidates the picker lists; older alerts are added by id. */
export const ALERT_OPTIONS_LIMIT = 50;

export function useAlertOptionsQuery(queueId: number | null, { enabled = true }: { enabled?: boolean } = {}) {
  const body = {
    statuses: ['OPEN', 'IN_REVIEW'] as Array<'OPEN' | 'IN_REVIEW'>,
    ...(queueId ? { queue_ids: [queueId] } : {}),
    sort_column: 'created_at' as const,
    sort_direction: 'descending' as const,
    limit: ALERT_OPTIONS_LIMIT,
    offset: 0,
  };
  return useQuery({
    queryKey: alertKeys.list({ ...body, purpose: 'case-picker' }),
    queryFn: async () => (await unwrap(api.POST('/api/alerts/list', { body }))).alerts,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    enabled,
  });
}
