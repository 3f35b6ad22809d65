// The rules of the silence form, pure so they are tested without rendering it: when a silence ends,
// what its row says, and which of the server's refusals belongs to which field.
import { ApiError } from '../../../../api/errors';
import type { RuleSilence } from '../../../../api/rules/queries';
import { compactTime, fromDateTimeLocal, instantString } from '../../../../lib/time';

const DAY_MS = 86_400_000;

/** How long a new silence lasts: a period from now, a date and time typed, or until it is lifted. */
export type SilenceEnd = '30d' | '90d' | '365d' | 'at' | 'never';

export const SILENCE_ENDS: ReadonlyArray<{ value: SilenceEnd; label: string }> = [
  { value: '30d', label: 'In 30 days' },
  { value: '90d', label: 'In 90 days' },
  { value: '365d', label: 'In 1 year' },
  { value: 'at', label: 'On a date and time' },
  { value: 'never', label: 'Never (until lifted)' },
];

/** A silence ends in 90 days unless the agent chooses otherwise: a silence nobody reviews should not last for ever. */
export const DEFAULT_SILENCE_END: SilenceEnd = '90d';

/** Every rule of the customer: the rule picker's first choice. */
export const ALL_RULES = 'All rules';

export const REASON_REQUIRED = 'A reason is required.';
export const DATE_REQUIRED = 'Enter a date and time.';
export const DATE_IN_PAST = 'The silence must end in the future.';
export const SILENCE_FAILED = 'The silence could not be saved. Please try again.';

export interface SilenceDraft {
  /** '' for every rule, else the rule's id. */
  ruleId: string;
  end: SilenceEnd;
  /** The datetime-local text when `end` is 'at'. */
  at: string;
  reason: string;
}

export interface SilenceErrors {
  rule?: string;
  end?: string;
  reason?: string;
}

/** The instant the silence ends (ISO), null for until lifted, or the problem with what was typed. */
export function silenceExpiry(draft: Pick<SilenceDraft, 'end' | 'at'>, now: number = Date.now()): { expiresAt: string | null } | { error: string } {
  switch (draft.end) {
    case 'never':
      return { expiresAt: null };
    case '30d':
      return { expiresAt: instantString(now + 30 * DAY_MS) };
    case '90d':
      return { expiresAt: instantString(now + 90 * DAY_MS) };
    case '365d':
      return { expiresAt: instantString(now + 365 * DAY_MS) };
    case 'at': {
      const at = fromDateTimeLocal(draft.at);
      if (at === null) return { error: DATE_REQUIRED };
      if (at <= now) return { error: DATE_IN_PAST };
      return { expiresAt: instantString(at) };
    }
  }
}

/** The form's own checks, shown once a save was tried (the server repeats them). */
export function silenceErrors(draft: SilenceDraft, now: number = Date.now()): SilenceErrors {
  const errors: SilenceErrors = {};
  if (!draft.reason.trim()) errors.reason = REASON_REQUIRED;
  const expiry = silenceExpiry(draft, now);
  if ('error' in expiry) errors.end = expiry.error;
  return errors;
}

/** The server's 400 details at their fields; what no field shows is the form's message. */
export function serverSilenceErrors(error: unknown): { fields: SilenceErrors; message: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, message: SILENCE_FAILED };
  const at = (path: string) => error.details.find((d) => d.path === path)?.message;
  const fields: SilenceErrors = { rule: at('body/rule_id'), end: at('body/expires_at'), reason: at('body/reason') };
  const placed = Object.values(fields).some(Boolean);
  if (placed) return { fields, message: null };
  return { fields, message: error.status >= 500 || !error.message ? SILENCE_FAILED : error.message };
}

export type SilenceState = 'in-force' | 'expired' | 'lifted';

/** Whether a silence is still in force, ran out, or was lifted. */
export function silenceState(s: Pick<RuleSilence, 'active' | 'lifted_at'>): SilenceState {
  if (s.lifted_at !== null) return 'lifted';
  return s.active ? 'in-force' : 'expired';
}

export const SILENCE_STATE_LABELS: Record<SilenceState, string> = { 'in-force': 'In force', expired: 'Expired', lifted: 'Lifted' };

/** The Ends column: when it ends (or ended), or that it lasts until lifted. */
export function silenceEndText(s: Pick<RuleSilence, 'active' | 'lifted_at' | 'lifted_by' | 'expires_at'>): string {
  if (s.lifted_at !== null) return `Lifted ${compactTime(s.lifted_at)}${s.lifted_by ? ` by ${s.lifted_by.full_name}` : ''}`;
  if (s.expires_at === null) return 'Until lifted';
  return s.active ? `Until ${compactTime(s.expires_at)}` : `Ended ${compactTime(s.expires_at)}`;
}

/** The rule a silence names, or every rule. */
export const silencedRule = (s: Pick<RuleSilence, 'rule'>) => s.rule?.title ?? ALL_RULES;
