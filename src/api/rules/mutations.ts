// Rule writes, one per operation: write a draft, save, change the status (shadow, active,
// archived) and queue a validation. A rule the server answers replaces its cached copy; its own
// reads (history, validations) and the lists are read again; a saved spec also refreshes the
// detection model the alert pages replay. Silencing a rule for a customer, or lifting a silence,
// reads that customer's silences again.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import { ruleKeys } from './keys';
import type { Rule, RuleInput, RuleSilenceInput, RuleValidationWindow } from './queries';

function store(client: QueryClient, rule: Rule) {
  client.setQueryData(ruleKeys.detail(rule.id), rule);
  return Promise.all([
    client.invalidateQueries({ queryKey: ruleKeys.lists() }),
    client.invalidateQueries({ queryKey: ruleKeys.history(rule.id) }),
    client.invalidateQueries({ queryKey: ruleKeys.versions(rule.id) }),
  ]);
}

export function useCreateRuleMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RuleInput) => unwrap(api.POST('/api/rules', { body })),
    onSuccess: (rule) => store(client, rule),
  });
}

export function useUpdateRuleMutation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RuleInput) => unwrap(api.PUT('/api/rules/{id}', { params: { path: { id } }, body })),
    onSuccess: (rule) => {
      void client.invalidateQueries({ queryKey: ruleKeys.detectionModel(rule.id) });
      return store(client, rule);
    },
  });
}

export type RuleStatusTarget = 'ACTIVE_SHADOW' | 'ACTIVE' | 'ARCHIVED';

export function useSetRuleStatusMutation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: RuleStatusTarget) => unwrap(api.POST('/api/rules/{id}/status', { params: { path: { id } }, body: { status } })),
    onSuccess: (rule) => store(client, rule),
  });
}

/** Queues a validation run; the rule (its last validation) and its runs are read again and followed. */
export function useValidateRuleMutation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (window: RuleValidationWindow) => unwrap(api.POST('/api/rules/{id}/validations', { params: { path: { id } }, body: window })),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ruleKeys.detail(id), exact: true }),
        client.invalidateQueries({ queryKey: ruleKeys.validations(id) }),
        client.invalidateQueries({ queryKey: ruleKeys.history(id) }),
        client.invalidateQueries({ queryKey: ruleKeys.lists() }),
      ]),
  });
}

/** Silences one rule (or, without rule_id, every rule) for the customer. */
export function useCreateRuleSilenceMutation(entityId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RuleSilenceInput) => unwrap(api.POST('/api/entities/{id}/rule-silences', { params: { path: { id: entityId } }, body })),
    onSuccess: () => client.invalidateQueries({ queryKey: ruleKeys.silences(entityId) }),
  });
}

/** Lifts one of the customer's silences (it ends now). */
export function useLiftRuleSilenceMutation(entityId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (silenceId: number) => unwrap(api.DELETE('/api/rule-silences/{id}', { params: { path: { id: silenceId } } })),
    // a silence lifted meanwhile by someone else (409) is shown lifted too
    onSettled: () => client.invalidateQueries({ queryKey: ruleKeys.silences(entityId) }),
  });
}
