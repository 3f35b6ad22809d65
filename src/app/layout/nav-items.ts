// The left navigation. Each link is shown only when the agent may open its route (the route
// table's guard decides, so links and guards never disagree).
import type { IconName } from '../../ui/icons';
import { ROUTES } from '../route-table';

export interface NavItem {
  label: string;
  to: string;
  icon: IconName;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

/** A link to a route: the route's path, and its page title unless the link says it shorter. */
function link(routeId: string, icon: IconName, label?: string): NavItem {
  const route = ROUTES.find((r) => r.id === routeId);
  if (!route) throw new Error(`The navigation names a route that does not exist: ${routeId}`);
  return { label: label ?? route.page, to: route.path, icon };
}

export const NAV_GROUPS: NavGroup[] = [
  {
    label: 'Investigate',
    items: [
      link('alerts.list', 'alert'),
      link('cases.list', 'case'),
      link('operations.queues', 'queue'),
      link('filings.list', 'filing'),
      link('dashboards.home', 'dashboard'),
    ],
  },
  {
    label: 'Data',
    items: [
      link('dataExplorer.home', 'explorer'),
      link('dataExplorer.uploadFiles', 'data'),
      link('dataManagement.flatFiles', 'data', 'Flat files'),
      link('dataManagement.mapping', 'workflow'),
      link('lists.list', 'list'),
    ],
  },
  {
    label: 'Detect',
    items: [
      link('rules.list', 'rules'),
      link('riskRatings.list', 'risk'),
      link('operations.workflows', 'workflow'),
      link('ai.chat', 'ai'),
      link('ai.agents', 'sparkle'),
    ],
  },
  {
    label: 'Manage',
    items: [
      link('reporting.home', 'reporting'),
      link('people.userManagement', 'people', 'Users & teams'),
      link('orgManagement.home', 'org', 'Organisation'),
      link('orgManagement.auditLog', 'list'),
      link('aiAdmin.home', 'shield'),
      link('rulesAdmin.home', 'shield'),
    ],
  },
];

/** A link is current on its own path and below it ("/alerts/12" keeps "Alerts" current). */
export function isCurrent(to: string, pathname: string, all: readonly string[]): boolean {
  if (pathname === to) return true;
  if (!pathname.startsWith(`${to}/`)) return false;
  // A longer link that also matches wins ("/data-explorer/upload-files" over "/data-explorer").
  return !all.some((other) => other !== to && other.startsWith(`${to}/`) && (pathname === other || pathname.startsWith(`${other}/`)));
}
