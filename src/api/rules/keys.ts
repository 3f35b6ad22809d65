// Query keys of the rules (openapi/paths/rules.yaml). One rule's reads (its validations, versions,
// history and hits) sit under its detail key, so a change of the rule refreshes them together; the
// detection model (GET /api/detection-models/{id}, the spec an alert's condition cards replay) has a
// key of its own, read again when the rule's spec changes. A customer's rule silences have a key of
// their own: silencing and lifting change nothing else the console reads.
import type { components } from '../../../openapi/schema';

/** The list's filters as the call takes them (statuses any of, one queue, a title search). */
export interface RuleListFilters {
  statuses: components['schemas']['RuleStatus'][];
  queueId: number | null;
  q: string;
}

export const ruleKeys = {
  all: ['rules'] as const,
  lists: () => [...ruleKeys.all, 'list'] as const,
  list: (filters: RuleListFilters) => [...ruleKeys.lists(), filters] as const,
  detail: (id: number) => [...ruleKeys.all, 'detail', id] as const,
  validations: (id: number) => [...ruleKeys.detail(id), 'validations'] as const,
  versions: (id: number) => [...ruleKeys.detail(id), 'versions'] as const,
  history: (id: number) => [...ruleKeys.detail(id), 'history'] as const,
  hits: (id: number, page: { shadow: boolean; offset: number; limit: number }) => [...ruleKeys.detail(id), 'hits', page] as const,
  detectionModel: (id: number) => [...ruleKeys.all, 'detection-model', id] as const,
  /** Every organisation's rules with their health (the rules admin dashboard, internal staff). */
  admin: () => [...ruleKeys.all, 'admin'] as const,
  /** One customer's rule silences (the entity's Rule Silencing tab). */
  silences: (entityId: number) => [...ruleKeys.all, 'silences', entityId] as const,
};
