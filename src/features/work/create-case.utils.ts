// Pure rules of the create-case dialog, tested without rendering it.
import { ApiError } from '../../api/errors';
import type { Queue } from '../../api/queues/queries';
import { hasPermission, type CurrentAgent } from '../../lib/permissions';

export const TITLE_REQUIRED = 'Title is required.';
export const NO_QUEUE_ACCESS = 'You do not have access to this queue.';
export const ALERT_GONE = 'One of the alerts no longer exists or you do not have access to it.';
export const ASSIGNEE_GONE = 'The assignee is no longer an active agent. Choose another.';
export const CREATE_FAILED = 'The case could not be created. Please try again.';

/** Queues a case may be created in: open ones, restricted ones the agent is a member of (or root_all). */
export function isQueueAccessible(queue: Pick<Queue, 'access_type' | 'is_member'>, agent: Pick<CurrentAgent, 'permissions'>): boolean {
  return queue.access_type === 'open' || queue.is_member || hasPermission(agent, 'root_all');
}

/**
 * What the dialog says when the server refuses. The server answers 404 for a restricted queue the
 * agent cannot use (it does not admit the queue exists), which a person reads best as an access
 * problem; other refusals keep the server's own message.
 */
export function createCaseErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return CREATE_FAILED;
  if (error.status === 404) {
    if (/^queue/i.test(error.message)) return NO_QUEUE_ACCESS;
    if (/^alert/i.test(error.message)) return ALERT_GONE;
    if (/^agent/i.test(error.message)) return ASSIGNEE_GONE;
  }
  if (error.status >= 500 || !error.message) return CREATE_FAILED;
  return error.message;
}

/** The queue a new case defaults to: the first alert's queue (as the server does) when the agent may use it. */
export function defaultQueueId(alertQueueIds: ReadonlyArray<number | null>, accessible: ReadonlyArray<Pick<Queue, 'id'>>): string {
  const first = alertQueueIds[0] ?? null;
  if (first !== null && accessible.some((q) => q.id === first)) return String(first);
  return '';
}
