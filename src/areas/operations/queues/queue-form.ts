// The queue dialog's form: values as typed, checks, and the body sent. Pure, tested on its own.
import { ApiError } from '../../../api/errors';
import type { Queue } from '../../../api/queues/queries';
import type { QueueWrite } from '../../../api/queues/mutations';

export const SECONDS_PER_DAY = 86_400;
/** The contract's bounds on deadline_seconds (1 hour to 365 days); the form takes whole days. */
export const MAX_DEADLINE_DAYS = 365;

export const TEXTS = {
  titleRequired: 'Title is required.',
  titleTaken: 'A queue with this title already exists. Choose another title.',
  deadlineInvalid: `Enter a whole number of days between 1 and ${MAX_DEADLINE_DAYS}, or leave it empty for no deadline.`,
  saveFailed: 'The queue could not be saved. Please try again.',
  memberGone: 'One of the members is no longer an agent of your organisation. Review the members and try again.',
  created: (title: string) => `Queue "${title}" created.`,
  updated: (title: string) => `Queue "${title}" updated.`,
};

export interface QueueFormValues {
  title: string;
  description: string;
  accessType: 'open' | 'restricted';
  /** As typed: whole days, or empty for no deadline. */
  deadlineDays: string;
  memberIds: number[];
}

export function formValues(queue: Queue | null): QueueFormValues {
  if (!queue) return { title: '', description: '', accessType: 'open', deadlineDays: '', memberIds: [] };
  return {
    title: queue.title,
    description: queue.description ?? '',
    accessType: queue.access_type,
    deadlineDays: queue.deadline_seconds === null ? '' : String(Math.max(1, Math.round(queue.deadline_seconds / SECONDS_PER_DAY))),
    memberIds: [...queue.member_ids],
  };
}

export interface QueueFormErrors {
  title?: string;
  deadlineDays?: string;
}

export function validateQueueForm(v: QueueFormValues): QueueFormErrors {
  const errors: QueueFormErrors = {};
  if (!v.title.trim()) errors.title = TEXTS.titleRequired;
  const days = v.deadlineDays.trim();
  if (days !== '' && !(/^\d+$/.test(days) && Number(days) >= 1 && Number(days) <= MAX_DEADLINE_DAYS)) errors.deadlineDays = TEXTS.deadlineInvalid;
  return errors;
}

/** The body to send. On edit, the deadline in days is sent back as it was stored when untouched, so a queue of 36 hours stays 36 hours. */
export function queueBody(v: QueueFormValues, original: Queue | null): QueueWrite {
  const days = v.deadlineDays.trim();
  const untouched = original !== null && days === formValues(original).deadlineDays;
  return {
    title: v.title.trim(),
    description: v.description.trim() ? v.description.trim() : null,
    access_type: v.accessType,
    deadline_seconds: untouched ? original.deadline_seconds : days === '' ? null : Number(days) * SECONDS_PER_DAY,
    member_ids: [...new Set(v.memberIds)],
  };
}

/** Where a refusal shows: a taken title beside the title, anything else above the buttons. */
export function saveErrorOf(error: unknown): { field?: 'title'; message: string } {
  if (error instanceof ApiError) {
    if (error.status === 409) return { field: 'title', message: TEXTS.titleTaken };
    if (error.status === 404) return { message: TEXTS.memberGone };
    if (error.status < 500 && error.message) return { message: error.message };
  }
  return { message: TEXTS.saveFailed };
}

export function formatDeadlineDays(seconds: number | null): string {
  if (seconds === null) return '—';
  const days = seconds / SECONDS_PER_DAY;
  if (Number.isInteger(days)) return days === 1 ? '1 day' : `${days} days`;
  const hours = Math.round(seconds / 3600);
  return hours === 1 ? '1 hour' : `${hours} hours`;
}
