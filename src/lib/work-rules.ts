// What an agent may do with an alert or a case (spec part 2, section 4 "Alert assignee and queue",
// "Deadline", "Case status colours"; section 6). Pure functions over the agent's permissions and the
// object's status, so the chips, the header buttons, the palette commands and their tests agree.
// The status rules are core/work-rules.ts, which the server enforces too (docs/decisions.md
// "Investigation data"); this adds the agent's permissions and the console's texts.
import type { components } from '../../openapi/schema';
import { EDIT_PERMISSION, READ_PERMISSION } from '../../core/permissions';
import { assignmentFrozen, deadlineEditable, isValidationResult, type WorkObjectType, type WorkStatus } from '../../core/work-rules';
import { hasPermission, type CurrentAgent, type PermissionName } from './permissions';

export type { AlertStatus, CaseStatus, WorkObjectType, WorkStatus } from '../../core/work-rules';
export type Disposition = components['schemas']['Disposition'];

type Subject = Pick<CurrentAgent, 'permissions'>;

/** The permission that edits the object: assignment, queue, status and comments. */
export function editPermission(type: WorkObjectType): PermissionName {
  return EDIT_PERMISSION[type];
}

export function readPermission(type: WorkObjectType): PermissionName {
  return READ_PERMISSION[type];
}

/** The alert panel hides the assignee and queue of an alert in RULE_VALIDATION. */
export function assignmentVisible(type: WorkObjectType, status: WorkStatus): boolean {
  return !(type === 'ALERT' && isValidationResult(status));
}

/** The assignee and queue chips open their pickers: the permission, and not CLOSED or IN_REVIEW. */
export function canChangeAssignment(agent: Subject, type: WorkObjectType, status: WorkStatus): boolean {
  return hasPermission(agent, editPermission(type)) && !assignmentFrozen(type, status);
}

/** The deadline is editable only while OPEN, with edit_deadlines. */
export function canEditDeadline(agent: Subject, status: WorkStatus): boolean {
  return deadlineEditable(status) && hasPermission(agent, 'edit_deadlines');
}

export function canEditTags(agent: Subject): boolean {
  return hasPermission(agent, 'edit_tags');
}

export function canComment(agent: Subject, type: WorkObjectType): boolean {
  return hasPermission(agent, editPermission(type));
}

/** A mention links to the agent only for viewers who may see agents. */
export function canSeeAgents(agent: Subject): boolean {
  return hasPermission(agent, 'read_agents');
}

export interface StatusActions {
  close: boolean;
  sendToReview: boolean;
  reopen: boolean;
}

/**
 * The status moves offered: close (with a disposition) from OPEN or IN_REVIEW, send to review from
 * OPEN, reopen from CLOSED or IN_REVIEW. Alerts in RULE_VALIDATION belong to a rule's validation run
 * and are not worked.
 */
export function statusActions(agent: Subject, type: WorkObjectType, status: WorkStatus): StatusActions {
  if (!hasPermission(agent, editPermission(type)) || isValidationResult(status)) return { close: false, sendToReview: false, reopen: false };
  return { close: status !== 'CLOSED', sendToReview: status === 'OPEN', reopen: status !== 'OPEN' };
}

export type Tone = 'success' | 'error' | 'warning' | 'neutral';

/** Badge colours: OPEN success, CLOSED error, IN_REVIEW warning (spec: cases; alerts follow suit). */
export function statusTone(status: WorkStatus): Tone {
  switch (status) {
    case 'OPEN':
      return 'success';
    case 'CLOSED':
      return 'error';
    case 'IN_REVIEW':
      return 'warning';
    default:
      return 'neutral';
  }
}

const STATUS_LABELS: Record<WorkStatus, string> = {
  OPEN: 'Open',
  CLOSED: 'Closed',
  IN_REVIEW: 'In review',
  RULE_VALIDATION: 'Rule validation',
};

export function statusLabel(status: WorkStatus): string {
  return STATUS_LABELS[status] ?? status;
}

export const DISPOSITIONS: readonly Disposition[] = ['TRUE_POSITIVE', 'FALSE_POSITIVE', 'NEEDS_REVIEW'];

const DISPOSITION_LABELS: Record<Disposition, string> = {
  TRUE_POSITIVE: 'True positive',
  FALSE_POSITIVE: 'False positive',
  NEEDS_REVIEW: 'Needs review',
};

export function dispositionLabel(disposition: Disposition): string {
  return DISPOSITION_LABELS[disposition] ?? disposition;
}

/** The noun in messages: "alert", "case". */
export function objectNoun(type: WorkObjectType): 'alert' | 'case' {
  return type === 'ALERT' ? 'alert' : 'case';
}

/** Spec part 2, section 8: the reassign and queue-change messages, per object type. */
export function assignmentMessages(type: WorkObjectType) {
  const noun = objectNoun(type);
  return {
    reassigned: `Successfully reassigned ${noun}.`,
    reassignFailed: `Failed to reassign ${noun}. Please try again.`,
    queueChanged: `Successfully changed ${noun} queue.`,
    queueFailed: `Failed to change ${noun} queue. Please try again.`,
  };
}
