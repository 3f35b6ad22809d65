import { useEffect } from 'react';
import type { AlertListState } from './alert-list-url';
import type { UpdateList } from './AlertListFilters';
import type { FilterOptions } from './use-alert-list-options';

/**
 * "By queue" needs a queue: opened without one (the view button, a bare ?view=queue link), it shows
 * the first queue the agent can work, replacing the history entry so Back does not return to the
 * queue-less address.
 */
export function useQueueViewDefault(state: AlertListState, options: FilterOptions, update: UpdateList) {
  const first = options.queues.options[0]?.value;
  const missing = state.view === 'queue' && state.queueIds.length === 0;
  useEffect(() => {
    if (missing && first !== undefined) update({ queueIds: [Number(first)] }, { replace: true });
  }, [missing, first, update]);
}
