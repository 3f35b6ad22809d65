// Label (tag) edits of transactions and action events (GET /api/delta_lake_cgdo_data_label_edits):
// polled every 5 s with a 5-minute lookback while the view is open (spec part 2, section 4 "Tag edit").
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { labelEditKeys } from './keys';

export type CgdoType = components['schemas']['CgdoType'];
export type LabelEdit = components['schemas']['LabelEdit'];

export const LABEL_EDIT_POLL_MS = 5_000;
export const LABEL_EDIT_LOOKBACK_MINS = 5;

/** The newest label edit of the object within the lookback; it is pending while it has not finished. */
export function useLatestLabelEditQuery(type: CgdoType, externalId: string | undefined) {
  return useQuery({
    queryKey: labelEditKeys.latest(type, externalId ?? ''),
    queryFn: async () => {
      const body = await unwrap(
        api.GET('/api/delta_lake_cgdo_data_label_edits', {
          params: { query: { cgdo_type: type, cgdo_external_id: externalId!, within_last_mins: LABEL_EDIT_LOOKBACK_MINS, limit: 1 } },
        }),
      );
      return body.data[0] ?? null;
    },
    refetchInterval: LABEL_EDIT_POLL_MS,
    placeholderData: keepPreviousData,
    enabled: Boolean(externalId),
  });
}
