// The rules of "Create alert", pure so they are tested without rendering: what is attached and how
// it reads, the body sent, and what the dialog says when the server refuses.
import { ApiError } from '../../../api/errors';
import type { ManualAlertInput } from '../../../api/alerts/mutations';
import type { Queue } from '../../../api/queues/queries';
import { hasPermission, type CurrentAgent } from '../../../lib/permissions';

/** The object a manual alert is created from, attached to it. */
export interface AlertSubject {
  type: 'ENTITY' | 'INSTRUMENT' | 'TRANSACTION';
  id: number;
  /** How the object reads in the dialog's Attached list ("Ada Lovelace · C-1001"). */
  label: string;
}

export const SUBJECT_NOUN: Record<AlertSubject['type'], string> = { ENTITY: 'Entity', INSTRUMENT: 'Instrument', TRANSACTION: 'Transaction' };

export const TITLE_REQUIRED = 'A title is required.';
export const QUEUE_REQUIRED = 'Choose a queue.';
export const NO_QUEUE_ACCESS = 'You do not have access to this queue.';
export const SUBJECT_GONE = 'What this alert was to hold no longer exists or you may not open it.';
export const CREATE_ALERT_FAILED = 'The alert could not be created. Please try again.';

/** Who may create an alert by hand: the contract's create_alerts (the Manager preset holds it, the Agent preset does not). */
export const canCreateAlerts = (agent: Pick<CurrentAgent, 'permissions'>) => hasPermission(agent, 'create_alerts');

/** Queues a manual alert may go to: open ones, restricted ones the agent is a member of (or root_all). */
export function usableQueues(queues: readonly Queue[], agent: Pick<CurrentAgent, 'permissions'>): Queue[] {
  return queues.filter((q) => q.access_type === 'open' || q.is_member || hasPermission(agent, 'root_all'));
}

export interface AlertDraft {
  title: string;
  /** '' until one is chosen. */
  queueId: string;
  description: string;
}

export function draftErrors(draft: AlertDraft): { title?: string; queue?: string } {
  return { title: draft.title.trim() ? undefined : TITLE_REQUIRED, queue: draft.queueId ? undefined : QUEUE_REQUIRED };
}

/** The call's body: the draft with the subject attached in its list. */
export function alertBody(draft: AlertDraft, subject: AlertSubject): ManualAlertInput {
  const description = draft.description.trim();
  return {
    title: draft.title.trim(),
    queue_id: Number(draft.queueId),
    ...(description ? { description } : {}),
    ...(subject.type === 'ENTITY' ? { entity_ids: [subject.id] } : {}),
    ...(subject.type === 'INSTRUMENT' ? { instrument_ids: [subject.id] } : {}),
    ...(subject.type === 'TRANSACTION' ? { transaction_ids: [subject.id] } : {}),
  };
}

/**
 * The server's refusal: a 400 detail at the title shows there; a 404 of the queue (a restricted queue
 * the agent is not in is not admitted to exist) reads as an access problem, of the subject as gone.
 */
export function createAlertError(error: unknown): { title?: string; message: string | null } {
  if (!(error instanceof ApiError)) return { message: CREATE_ALERT_FAILED };
  const title = error.details.find((d) => d.path === 'body/title')?.message;
  if (title) return { title, message: null };
  if (error.status === 404) return { message: /^queue/i.test(error.message) ? NO_QUEUE_ACCESS : SUBJECT_GONE };
  if (error.status >= 500 || !error.message) return { message: CREATE_ALERT_FAILED };
  return { message: error.message };
}
