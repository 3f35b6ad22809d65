// GET /api/alerts/rules: the rules the list's rule filter offers.
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../openapi/schema';
import { api, unwrap } from '../../../api/client';
import { alertFilterKeys } from './keys';

export type RuleSummary = components['schemas']['RuleSummary'];

export async function fetchAlertRules(): Promise<RuleSummary[]> {
  return (await unwrap(api.GET('/api/alerts/rules'))).rules;
}

export function useAlertRulesQuery() {
  return useQuery({ queryKey: alertFilterKeys.rules(), queryFn: fetchAlertRules, staleTime: 5 * 60_000 });
}
