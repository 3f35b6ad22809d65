// The writes every work widget shares, for alerts and cases alike: assignment and queue moves
// (POST /api/investigations/action), deadline edits (POST /api/deadlines/edit) and status changes
// (POST /api/alerts/{id}/status, /api/cases/{id}/status). Each refreshes exactly what it changes:
// the object, the lists it appears in, queue counts and its activity.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../../api/client';
import { alertKeys, auditKeys, caseKeys, queueKeys } from '../../api/keys';
import type { WorkObjectType } from '../../lib/work-rules';

export type DeadlineObjectType = components['schemas']['DeadlineObjectType'];
export type StatusChangeRequest = components['schemas']['StatusChangeRequest'];

/** The detail and list keys of an alert or a case. */
export function workKeys(type: WorkObjectType) {
  return type === 'ALERT' ? { detail: alertKeys.detail, lists: alertKeys.lists } : { detail: caseKeys.detail, lists: caseKeys.lists };
}

function refreshWork(queryClient: QueryClient, type: WorkObjectType, ids: readonly number[], { queues = false } = {}) {
  const keys = workKeys(type);
  for (const id of ids) {
    void queryClient.invalidateQueries({ queryKey: keys.detail(id) });
    void queryClient.invalidateQueries({ queryKey: auditKeys.list(type, id) });
  }
  void queryClient.invalidateQueries({ queryKey: keys.lists() });
  if (queues) void queryClient.invalidateQueries({ queryKey: queueKeys.list() });
}

export type AssignmentChange = { agentId: number } | { queueId: number };

/** Assigns (agent_id, -1 unassigns) or moves to a queue; all or nothing on the server. */
export function useAssignmentMutation(type: WorkObjectType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, change }: { ids: number[]; change: AssignmentChange }) =>
      unwrap(
        api.POST('/api/investigations/action', {
          body:
            'agentId' in change
              ? { object_ids: ids, object_type: type, agent_id: change.agentId }
              : { object_ids: ids, object_type: type, investigation_queue_id: change.queueId },
        }),
      ),
    onSuccess: (_data, { ids }) => refreshWork(queryClient, type, ids, { queues: true }),
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
