import type { components } from '../openapi/schema';

/**
 * What may happen to an alert or a case, by its status (spec part 2, section 4 "Alert assignee and
 * queue", "Deadline"; section 6): the server refuses what these forbid (409), and the console
 * offers only what they allow (src/lib/work-rules.ts adds the agent's permissions and the texts).
 */

type S = components['schemas'];
export type WorkObjectType = S['InvestigationObjectType'];
export type AlertStatus = S['AlertStatus'];
export type CaseStatus = S['CaseStatus'];
export type WorkStatus = AlertStatus | CaseStatus;

/** Statuses in which the assignee and the queue are frozen. */
const FROZEN: readonly WorkStatus[] = ['CLOSED', 'IN_REVIEW'];

/**
 * An alert of a rule's validation run is the rule's test result, not work: it has no assignee or
 * queue to change, and its status never changes.
 */
export function isValidationResult(status: WorkStatus): boolean {
  return status === 'RULE_VALIDATION';
}

/** Assignment and queue cannot change once work is closed or under review, nor on a validation result. */
export function assignmentFrozen(type: WorkObjectType, status: WorkStatus): boolean {
  return FROZEN.includes(status) || (type === 'ALERT' && isValidationResult(status));
}

/** An alert's or case's deadline moves only while it is OPEN. */
export function deadlineEditable(status: WorkStatus): boolean {
  return status === 'OPEN';
}
