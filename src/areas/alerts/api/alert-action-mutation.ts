// POST /api/investigations/action for alerts: assign (agent_id, -1 unassigns) or move to a queue.
// The call takes at most 100 ids, so larger selections go in chunks, one after another.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { queueKeys } from '../../../api/keys';
import type { AlertListPage } from './alert-list-query';
import { alertKeys } from './keys';

/** Spec part 2, section 8: the texts of the two actions, verbatim. */
export const ALERT_ACTION_TEXTS = {
  assign: { success: 'Successfully reassigned alert.', failure: 'Failed to reassign alert. Please try again.' },
  queue: { success: 'Successfully changed alert queue.', failure: 'Failed to change alert queue. Please try again.' },
} as const;

/** The contract's maxItems for object_ids. */
export const ACTION_CHUNK_SIZE = 100;

export type AlertAction =
  | { kind: 'assign'; agentId: number; agentName: string | null }
  | { kind: 'queue'; queueId: number; queueTitle: string };

export interface AlertAssignment {
  id: number;
  assigned_to_id: number | null;
  assigned_to_name: string | null;
  queue_id: number | null;
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function runAlertAction(ids: readonly number[], action: AlertAction): Promise<AlertAssignment[]> {
  const updated: AlertAssignment[] = [];
  // One chunk at a time: the server applies each chunk all or nothing, so a refusal stops the rest
  // instead of leaving an unknown mix behind.
  for (const part of chunk(ids, ACTION_CHUNK_SIZE)) {
    const target = action.kind === 'assign' ? { agent_id: action.agentId } : { investigation_queue_id: action.queueId };
    const body = await unwrap(api.POST('/api/investigations/action', { body: { object_ids: part, object_type: 'ALERT', ...target } }));
    updated.push(...body.updated);
  }
  return updated;
}

/** Writes the server's answer into every cached list page, so rows change before the refetch lands. */
export function patchListPages(client: QueryClient, updated: readonly AlertAssignment[], action: AlertAction) {
  const byId = new Map(updated.map((u) => [u.id, u]));
  client.setQueriesData<AlertListPage>({ queryKey: alertKeys.lists() }, (page) => {
    if (!page || !page.alerts.some((a) => byId.has(a.id))) return page;
    return {
      ...page,
      alerts: page.alerts.map((a) => {
        const u = byId.get(a.id);
        if (!u) return a;
        const queue_title = action.kind === 'queue' && u.queue_id === action.queueId ? action.queueTitle : a.queue_title;
        return { ...a, assigned_to_id: u.assigned_to_id, assigned_to_name: u.assigned_to_name, queue_id: u.queue_id, queue_title };
      }),
    };
  });
}

/**
 * Assigns or moves alerts. Afterwards the lists refetch (an assigned alert may leave "Unassigned"),
 * as do the changed alerts' details and the queues' counts.
 */
export function useAlertActionMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, action }: { ids: readonly number[]; action: AlertAction }) => runAlertAction(ids, action),
    onSuccess: (updated, { action }) => patchListPages(client, updated, action),
    onSettled: (_data, _error, { ids }) => {
      void client.invalidateQueries({ queryKey: alertKeys.lists() });
      ids.forEach((id) => void client.invalidateQueries({ queryKey: alertKeys.detail(id) }));
      void client.invalidateQueries({ queryKey: queueKeys.list() });
    },
  });
}
