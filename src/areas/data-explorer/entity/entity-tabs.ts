// The entity page's tabs (spec part 2, section 2) and their addresses: the first visible tab is the
// bare /entities/{id}, the others ?tab=<id>. Every tab change is a URL change, so Back and a shared
// link land on the same tab. Which tabs depend on which permission or feature flag is decided here.
import { isAllowed, type Guard, type GuardSubject } from '../../../lib/permissions';

export type EntityTabId =
  'transactions' | 'action-events' | 'risk' | 'documents' | 'rule-silencing' | 'network-analysis' | 'relationships' | 'geolocation' | 'consortium-hits';

export interface EntityTab {
  id: EntityTabId;
  label: string;
  /** Hidden unless allowed: the reads behind the tab need these on the server. */
  guard?: Guard;
}

export const ENTITY_TABS: readonly EntityTab[] = [
  { id: 'transactions', label: 'Transactions', guard: { allOf: ['read_events'] } },
  { id: 'action-events', label: 'Action Events', guard: { allOf: ['read_events'] } },
  // The score lives on the entity; the tab is the risk score display feature.
  { id: 'risk', label: 'Risk', guard: { flags: ['risk_score_display'] } },
  { id: 'documents', label: 'Documents', guard: { allOf: ['read_entity_media'] } },
  // Its list needs read_entities and read_rules on the server (listRuleSilences).
  { id: 'rule-silencing', label: 'Rule Silencing', guard: { allOf: ['read_entities', 'read_rules'] } },
  { id: 'network-analysis', label: 'Network Analysis', guard: { allOf: ['read_network_analysis'], flags: ['network_analysis'] } },
  { id: 'relationships', label: 'Relationships', guard: { allOf: ['read_events'] } },
  { id: 'geolocation', label: 'Geolocation', guard: { allOf: ['read_events'] } },
  { id: 'consortium-hits', label: 'Consortium Hits' },
];

export function visibleEntityTabs(agent: GuardSubject): EntityTab[] {
  return ENTITY_TABS.filter((t) => isAllowed(t.guard, agent));
}

/** The tab ?tab= names when it is visible, else the first visible tab. */
export function entityTabFromSearch(search: string, tabs: readonly EntityTab[]): EntityTabId {
  const asked = new URLSearchParams(search).get('tab');
  return tabs.find((t) => t.id === asked)?.id ?? tabs[0]?.id ?? 'consortium-hits';
}

/**
 * The address of a tab of entity `id`, keeping the other parameters of `search` (the open panel)
 * except the transactions tab's direction, which belongs to that tab.
 */
export function entityTabHref(id: number, tab: EntityTabId, tabs: readonly EntityTab[], search = ''): string {
  const params = new URLSearchParams(search);
  params.delete('tab');
  params.delete('direction');
  if (tabs[0]?.id !== tab) params.set('tab', tab);
  const query = params.toString();
  return `/entities/${id}${query ? `?${query}` : ''}`;
}
