// The writes alerts and cases share: assignment and queue moves (POST /api/investigations/action),
// deadline edits (POST /api/deadlines/edit) and status changes (POST /api/alerts/{id}/status,
// /api/cases/{id}/status). One mutation per operation, used by every screen that makes the change
// (the alert list's bulk bar, the alert page, the panels, the case page). Each refreshes exactly what
// it changes: the objects, the lists they appear in, their activity and, when work moves, the queues'
// counts.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { WorkObjectType } from '../../lib/work-rules';
import type { AlertListPage } from '../alerts/queries';
import { alertKeys } from '../alerts/keys';
import { auditKeys } from '../audit/keys';
import { api, unwrap } from '../client';
import { queueKeys } from '../queues/keys';
import { workKeys } from './keys';

export type DeadlineObjectType = components['schemas']['DeadlineObjectType'];
export type StatusChangeRequest = components['schemas']['StatusChangeRequest'];

function refreshWork(queryClient: QueryClient, type: WorkObjectType, ids: readonly number[], { queues = false } = {}) {
  const keys = workKeys(type);
  for (const id of ids) {
    void queryClient.invalidateQueries({ queryKey: keys.detail(id) });
    void queryClient.invalidateQueries({ queryKey: auditKeys.list(type, id) });
  }
  void queryClient.invalidateQueries({ queryKey: keys.lists() });
  if (queues) void queryClient.invalidateQueries({ queryKey: queueKeys.list() });
}

/** Assign to an agent (-1 unassigns) or move to a queue; the queue's title, when known, shows in list rows at once. */
export type AssignmentChange = { kind: 'assign'; agentId: number } | { kind: 'queue'; queueId: number; queueTitle?: string };

export interface WorkAssignment {
  id: number;
  assigned_to_id: number | null;
  assigned_to_name: string | null;
  queue_id: number | null;
}

/** The contract's maxItems for object_ids. */
export const ACTION_CHUNK_SIZE = 100;

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function runAssignment(type: WorkObjectType, ids: readonly number[], change: AssignmentChange): Promise<WorkAssignment[]> {
  const updated: WorkAssignment[] = [];
  // One chunk at a time: the server applies each chunk all or nothing, so a refusal stops the rest
  // instead of leaving an unknown mix behind.
  for (const part of chunk(ids, ACTION_CHUNK_SIZE)) {
    const target = change.kind === 'assign' ? { agent_id: change.agentId } : { investigation_queue_id: change.queueId };
    const body = await unwrap(api.POST('/api/investigations/action', { body: { object_ids: part, object_type: type, ...target } }));
    updated.push(...body.updated);
  }
  return updated;
}

/** Writes the server's answer into every cached alert list page, so rows change before the refetch lands. */
function patchAlertListPages(client: QueryClient, updated: readonly WorkAssignment[], change: AssignmentChange) {
  const byId = new Map(updated.map((u) => [u.id, u]));
  client.setQueriesData<AlertListPage>({ queryKey: alertKeys.lists() }, (page) => {
    if (!page?.alerts?.some((a) => byId.has(a.id))) return page;
    return {
      ...page,
      alerts: page.alerts.map((a) => {
        const u = byId.get(a.id);
        if (!u) return a;
        const queue_title = change.kind === 'queue' && change.queueTitle !== undefined && u.queue_id === change.queueId ? change.queueTitle : a.queue_title;
        return { ...a, assigned_to_id: u.assigned_to_id, assigned_to_name: u.assigned_to_name, queue_id: u.queue_id, queue_title };
      }),
    };
  });
}

/**
 * Assigns or moves alerts or cases, in chunks of 100. Afterwards (even after a refusal part way,
 * when earlier chunks did change) the objects' details and activity, their lists (an assigned alert
 * may leave "Unassigned") and the queues' counts are read again.
 */
export function useAssignmentMutation(type: WorkObjectType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, change }: { ids: readonly number[]; change: AssignmentChange }) => runAssignment(type, ids, change),
    onSuccess: (updated, { change }) => {
      if (type === 'ALERT') patchAlertListPages(queryClient, updated, change);
    },
    onSettled: (_data, _error, { ids }) => refreshWork(queryClient, type, ids, { queues: true }),
  });
}

/** Moves a deadline by `duration` seconds (negative shortens). */
export function useDeadlineMutation(type: DeadlineObjectType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, duration }: { id: number; duration: number }) =>
      unwrap(api.POST('/api/deadlines/edit', { body: { article_id: id, object_type: type, duration } })),
    onSuccess: (_data, { id }) => {
      if (type !== 'SAR') refreshWork(queryClient, type, [id]);
    },
  });
}

/** Closes with a disposition, sends to review or reopens. */
export function useStatusMutation(type: WorkObjectType, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StatusChangeRequest) =>
      unwrap(
        type === 'ALERT'
          ? api.POST('/api/alerts/{id}/status', { params: { path: { id } }, body })
          : api.POST('/api/cases/{id}/status', { params: { path: { id } }, body }),
      ),
    onSuccess: () => refreshWork(queryClient, type, [id], { queues: true }),
  });
}
