// The alert page's tabs and their addresses (spec part 2, section 2: /alerts/{id} with the
// suffixes alert-score, alert-updates, consortium-hits, custom-data; the alert updates tab also by
// a hash marker). Tabs without a suffix of their own are addressed as ?tab=. Every tab change is a
// URL change, so a link reopens the same tab.
import { isAllowed, type Guard, type GuardSubject } from '../../../lib/permissions';

export type AlertTabId = 'entities' | 'transactions' | 'action-events' | 'instruments' | 'custom-data' | 'alert-score' | 'alert-updates' | 'consortium-hits';

export interface AlertTab {
  id: AlertTabId;
  label: string;
  /** Path suffix of the spec's routes; tabs without one use ?tab=<id>. */
  suffix?: string;
  /** The route id of the suffix route. */
  routeId?: string;
  /** Hidden unless allowed (the reads it makes need these on the server). */
  guard?: Guard;
}

/** The hash marker that addresses the alert updates tab on /alerts/{id}. */
export const ALERT_UPDATES_HASH = 'ALERT_UPDATES_TAB';

export const ALERT_TABS: readonly AlertTab[] = [
  // Flagged entities depend on the alert-read permission (spec part 2, section 6).
  { id: 'entities', label: 'Flagged Entities', guard: { allOf: ['read_alerts', 'read_entities'] } },
  { id: 'transactions', label: 'Transactions', guard: { allOf: ['read_events'] } },
  { id: 'action-events', label: 'Action Events', guard: { allOf: ['read_events'] } },
  { id: 'instruments', label: 'Instruments', guard: { allOf: ['read_transaction_instruments'] } },
  { id: 'custom-data', label: 'Custom Data', suffix: 'custom-data', routeId: 'alerts.customData' },
  { id: 'alert-score', label: 'Alert score', suffix: 'alert-score', routeId: 'alerts.score' },
  { id: 'alert-updates', label: 'Alert updates', suffix: 'alert-updates', routeId: 'alerts.updates' },
  { id: 'consortium-hits', label: 'Consortium hits', suffix: 'consortium-hits', routeId: 'alerts.consortium' },
];

export function visibleTabs(agent: GuardSubject): AlertTab[] {
  return ALERT_TABS.filter((t) => isAllowed(t.guard, agent));
}

/** The tab a location selects: the suffix route, the hash marker, ?tab=, else the first visible tab. */
export function tabFromLocation(routeId: string, search: string, hash: string, tabs: readonly AlertTab[]): AlertTabId {
  const bySuffix = tabs.find((t) => t.routeId === routeId);
  if (bySuffix) return bySuffix.id;
  if (hash.replace(/^#/, '') === ALERT_UPDATES_HASH && tabs.some((t) => t.id === 'alert-updates')) return 'alert-updates';
  const asked = new URLSearchParams(search).get('tab');
  const byQuery = tabs.find((t) => t.id === asked && !t.suffix);
  return byQuery?.id ?? tabs[0]?.id ?? 'custom-data';
}

/** The address of a tab of alert `id`. The first tab is the bare /alerts/{id}. */
export function tabHref(id: number, tab: AlertTabId, tabs: readonly AlertTab[]): string {
  const def = tabs.find((t) => t.id === tab);
  if (def?.suffix) return `/alerts/${id}/${def.suffix}`;
  if (tabs[0]?.id === tab || !def) return `/alerts/${id}`;
  return `/alerts/${id}?tab=${tab}`;
}
