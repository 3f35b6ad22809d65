/** Types, texts and the pure form rules of the impersonation machine (spec part 1, sections 5 and 8). */

export const IMPERSONATION_REASONS = ['Customer support ticket', 'Customer screen share', 'Test/View changes', 'Other'] as const;
export type ImpersonationReason = (typeof IMPERSONATION_REASONS)[number];

export const START_FAILED = 'Failed to start impersonation. Please try again.';
export const CANCEL_FAILED = 'Failed to cancel impersonation. Please try again.';

/** The form's fields; each has its own "required" message. */
export type ImpersonationField = 'orgId' | 'agentId' | 'reason' | 'supportTicketId' | 'details' | 'changeDetails' | 'screenShareDetails';
/** The free-text fields, changed with `field.change`. */
export type ImpersonationTextField = 'supportTicketId' | 'details' | 'changeDetails' | 'screenShareDetails';

export const REQUIRED_MESSAGES: Record<ImpersonationField, string> = {
  orgId: 'Organization is required.',
  agentId: 'Agent to impersonate is required.',
  reason: 'Impersonation reason is required.',
  supportTicketId: 'Support ticket ID is required.',
  details: 'Details of impersonation reason are required.',
  changeDetails: 'Details of changes and impersonation reason are required.',
  screenShareDetails: 'Screen share details are required.',
};

export interface ImpersonationForm {
  orgId: number | null;
  agentId: number | null;
  reason: ImpersonationReason | null;
  supportTicketId: string;
  /** "Details": for a support ticket or another reason */
  details: string;
  /** "Details of changes": for Test/View changes */
  changeDetails: string;
  /** "Screen share details": for a customer screen share */
  screenShareDetails: string;
}

export const EMPTY_FORM: ImpersonationForm = {
  orgId: null,
  agentId: null,
  reason: null,
  supportTicketId: '',
  details: '',
  changeDetails: '',
  screenShareDetails: '',
};

/** The conditional text fields a reason shows, in display order. */
export function fieldsForReason(reason: ImpersonationReason | null): ImpersonationTextField[] {
  switch (reason) {
    case 'Customer support ticket':
      return ['supportTicketId', 'details'];
    case 'Other':
      return ['details'];
    case 'Test/View changes':
      return ['changeDetails'];
    case 'Customer screen share':
      return ['screenShareDetails'];
    default:
      return [];
  }
}

/** Every field the form shows that is still empty, with its message (whitespace counts as empty). */
export function impersonationErrors(form: ImpersonationForm): Partial<Record<ImpersonationField, string>> {
  const errors: Partial<Record<ImpersonationField, string>> = {};
  if (form.orgId === null) errors.orgId = REQUIRED_MESSAGES.orgId;
  if (form.agentId === null) errors.agentId = REQUIRED_MESSAGES.agentId;
  if (form.reason === null) errors.reason = REQUIRED_MESSAGES.reason;
  for (const field of fieldsForReason(form.reason)) {
    if (!form[field].trim()) errors[field] = REQUIRED_MESSAGES[field];
  }
  return errors;
}

export interface ImpersonationStartRequest {
  org_id: number;
  agent_to_impersonate_id: number;
  impersonation_reason: ImpersonationReason;
  support_ticket_id: string | null;
  additional_details: string;
}

/** The body of POST /agents/log-impersonation-start for a complete form; the shown details field fills additional_details. */
export function startRequest(form: ImpersonationForm): ImpersonationStartRequest {
  if (form.orgId === null || form.agentId === null || form.reason === null) throw new Error('impersonation form is incomplete');
  const detailsField = fieldsForReason(form.reason).find((f) => f !== 'supportTicketId') ?? 'details';
  return {
    org_id: form.orgId,
    agent_to_impersonate_id: form.agentId,
    impersonation_reason: form.reason,
    support_ticket_id: form.reason === 'Customer support ticket' ? form.supportTicketId.trim() : null,
    additional_details: form[detailsField].trim(),
  };
}

export interface ImpersonationContext {
  form: ImpersonationForm;
  /** Errors show after the first submit, then follow every change. */
  submitted: boolean;
  /** The open impersonation of this session, while impersonating. */
  impersonationLogId: number | null;
  /** START_FAILED or CANCEL_FAILED after a refused call; cleared by the next attempt. */
  failure: string | null;
}

export interface ImpersonationInput {
  /** The session's open impersonation, when it is one (CurrentAgent.impersonation_log_id). */
  impersonationLogId: number | null;
}

export type ImpersonationEvent =
  | { type: 'org.select'; orgId: number | null }
  | { type: 'agent.select'; agentId: number | null }
  | { type: 'reason.select'; reason: ImpersonationReason | null }
  | { type: 'field.change'; field: ImpersonationTextField; value: string }
  | { type: 'form.submit' }
  | { type: 'start.succeeded'; impersonationLogId: number }
  | { type: 'start.failed' }
  | { type: 'impersonation.cancel' }
  | { type: 'cancel.succeeded' }
  | { type: 'cancel.failed' };
