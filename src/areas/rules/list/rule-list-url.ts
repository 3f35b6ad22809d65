// The rules list's filters in the address, so Back, reload and a shared link keep them:
// ?status=DRAFT,ACTIVE_SHADOW&queue=3&q=cash.
import type { RuleListFilters } from '../../../api/rules/queries';
import { RULE_STATUSES } from '../rules.constants';

export const NO_FILTERS: RuleListFilters = { statuses: [], queueId: null, q: '' };

export function parseRuleListSearch(search: string): RuleListFilters {
  const p = new URLSearchParams(search);
  const statuses = (p.get('status') ?? '').split(',').filter((s): s is RuleListFilters['statuses'][number] => (RULE_STATUSES as readonly string[]).includes(s));
  const queue = Number(p.get('queue'));
  return {
    // in the list's own order, once each
    statuses: RULE_STATUSES.filter((s) => statuses.includes(s)),
    queueId: Number.isInteger(queue) && queue > 0 ? queue : null,
    q: (p.get('q') ?? '').slice(0, 200),
  };
}

export function formatRuleListSearch(filters: RuleListFilters): string {
  const p = new URLSearchParams();
  if (filters.statuses.length) p.set('status', filters.statuses.join(','));
  if (filters.queueId !== null) p.set('queue', String(filters.queueId));
  if (filters.q.trim()) p.set('q', filters.q.trim());
  const qs = p.toString();
  return qs ? `?${qs}` : '';
}

export const hasFilters = (f: RuleListFilters) => f.statuses.length > 0 || f.queueId !== null || f.q.trim() !== '';
