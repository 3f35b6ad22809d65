// The rule page's actions: what the lifecycle machine allows for the stored rule
// (machines/rule.machine.ts, the answer the server gives) crossed with what the agent may do. An
// action the machine does not offer in this state is not shown; one it offers that the agent may not
// take (or not yet: a draft not validated) is shown disabled with the reason. The same list feeds
// the buttons and the palette.
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ruleSnapshot, type RuleEvent } from '../../../../machines/rule.machine';
import { ApiError } from '../../../api/errors';
import { useAgent } from '../../../app/auth/auth-context';
import { useToast } from '../../../app/toasts/toast-context';
import { hasPermission } from '../../../lib/permissions';
import { useSetRuleStatusMutation, type RuleStatusTarget } from '../../../api/rules/mutations';
import { isRunPending, type Rule } from '../../../api/rules/queries';
import { editRulePath } from '../rule-paths';

export type RuleActionId = 'edit' | 'validate' | 'shadow' | 'activate' | 'archive';

export interface RuleAction {
  id: RuleActionId;
  label: string;
  /** why it is disabled; null when it may be taken */
  reason: string | null;
  run: () => void;
}

export const ACTION_LABELS: Record<RuleActionId, string> = {
  edit: 'Edit',
  validate: 'Validate',
  shadow: 'Put in shadow',
  activate: 'Activate',
  archive: 'Archive',
};

const EVENTS: Record<RuleActionId, RuleEvent['type']> = {
  edit: 'rule.edit',
  validate: 'validation.request',
  shadow: 'rule.shadow',
  activate: 'rule.activate',
  archive: 'rule.archive',
};

const SUCCESS: Record<RuleStatusTarget, (title: string) => string> = {
  ACTIVE_SHADOW: (t) => `${t} runs in shadow: it judges events and raises nothing.`,
  ACTIVE: (t) => `${t} is active: it raises alerts.`,
  ARCHIVED: (t) => `${t} archived.`,
};

export function actionErrorText(error: unknown): string {
  return error instanceof ApiError ? error.message : 'The request failed. Please try again.';
}

export function useRuleActions(rule: Rule) {
  const agent = useAgent();
  const toast = useToast();
  const [, navigate] = useLocation();
  const status = useSetRuleStatusMutation(rule.id);
  const [confirming, setConfirming] = useState<RuleStatusTarget | null>(null);
  const [validating, setValidating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const snapshot = ruleSnapshot(rule.status, rule.last_validation?.status, rule.validated_current);
  const live = rule.status === 'ACTIVE' || rule.status === 'ACTIVE_SHADOW';
  const may = (name: Parameters<typeof hasPermission>[1]) => hasPermission(agent, name);
  const canEdit = may('edit_rules');
  const pending = isRunPending(rule.last_validation);

  /** Shown: what the machine allows now, and every step of a draft's way (disabled until it may be taken). */
  const offered = (id: RuleActionId): boolean => rule.status === 'DRAFT' || snapshot.can({ type: EVENTS[id] });

  const reasonFor = (id: RuleActionId): string | null => {
    if (id === 'validate' && pending) return 'A validation is queued or in progress.';
    if ((id === 'shadow' || id === 'activate') && !may('activate_live_rules')) return 'Putting a rule live needs the activate_live_rules permission.';
    if (id === 'archive' && live && !may('archive_live_rules')) return 'Archiving a live rule needs the archive_live_rules permission.';
    if (!snapshot.can({ type: EVENTS[id] })) {
      if (pending) return 'Not while its validation is queued or in progress.';
      if (id === 'shadow' || id === 'activate') return 'Validate the current definition first: the last validation must succeed on it.';
      return 'Not in this status.';
    }
    return null;
  };

  const change = (target: RuleStatusTarget) => {
    setError(null);
    status.mutate(target, {
      onSuccess: (saved) => {
        setConfirming(null);
        toast.show({ message: SUCCESS[target](saved.title), type: 'Success' });
      },
      onError: (e) => {
        setConfirming(null);
        setError(actionErrorText(e));
      },
    });
  };

  const runs: Record<RuleActionId, () => void> = {
    edit: () => navigate(editRulePath(rule.id)),
    validate: () => setValidating(true),
    shadow: () => setConfirming('ACTIVE_SHADOW'),
    activate: () => setConfirming('ACTIVE'),
    archive: () => setConfirming('ARCHIVED'),
  };

  const order: RuleActionId[] = ['edit', 'validate', 'shadow', 'activate', 'archive'];
  // a reader who may change no rule is offered nothing (the note says so)
  const actions: RuleAction[] = order
    .filter((id) => canEdit && offered(id))
    // shadow and active switch between each other: the current one is not offered
    .filter((id) => !(id === 'shadow' && rule.status === 'ACTIVE_SHADOW') && !(id === 'activate' && rule.status === 'ACTIVE'))
    .map((id) => ({ id, label: ACTION_LABELS[id], reason: reasonFor(id), run: runs[id] }));

  return {
    actions,
    confirming,
    confirm: () => confirming && change(confirming),
    closeConfirm: () => setConfirming(null),
    validating,
    closeValidate: () => setValidating(false),
    busy: status.isPending,
    error,
    note: lifecycleNote(rule, canEdit),
  };
}

/** Where the rule stands in its lifecycle, in a sentence. */
export function lifecycleNote(rule: Rule, canEdit: boolean): string {
  if (!canEdit && rule.status !== 'ARCHIVED') return `${statusSentence(rule)} You can view this rule; changing it needs permission to edit rules.`;
  return statusSentence(rule);
}

function statusSentence(rule: Rule): string {
  if (rule.status === 'ARCHIVED') return 'Archived rules judge nothing and do not change again.';
  if (rule.status === 'ACTIVE') return 'Active: the rule judges every new event and raises alerts.';
  if (rule.status === 'ACTIVE_SHADOW') return 'In shadow: the rule judges every new event and logs its hits without raising alerts (see Shadow results).';
  if (isRunPending(rule.last_validation)) return 'A validation is under way; the draft cannot change until it ends.';
  if (rule.validated_current) return 'The last validation succeeded on this definition: the draft may go live.';
  return 'A draft: validate it over past events; once a validation succeeds on its current definition it may go live.';
}
