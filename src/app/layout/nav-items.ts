// The left navigation. Each link is shown only when the agent may open its route (the route
// table's guard decides, so links and guards never disagree).
import type { IconName } from '../../ui/icons';

export interface NavItem {
  label: string;
  to: string;
  icon: IconName;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

export const NAV_GROUPS: NavGroup[] = [
  {
    label: 'Investigate',
    items: [
      { label: 'Alerts', to: '/alerts', icon: 'alert' },
      { label: 'Cases', to: '/cases', icon: 'case' },
      { label: 'Queues', to: '/queues', icon: 'queue' },
      { label: 'Filings', to: '/filings', icon: 'filing' },
      { label: 'Dashboards', to: '/dashboards', icon: 'dashboard' },
    ],
  },
  {
    label: 'Data',
    items: [
      { label: 'Data explorer', to: '/data-explorer', icon: 'explorer' },
      { label: 'Upload files', to: '/data-explorer/upload-files', icon: 'data' },
      { label: 'Flat files', to: '/data-management/flat-file-ingestion', icon: 'data' },
      { label: 'Data mapping', to: '/data-management/data-mapping', icon: 'workflow' },
      { label: 'Lists', to: '/lists', icon: 'list' },
    ],
  },
  {
    label: 'Detect',
    items: [
      { label: 'Rules', to: '/rules', icon: 'rules' },
      { label: 'Risk ratings', to: '/risk-ratings', icon: 'risk' },
      { label: 'Workflows', to: '/workflows', icon: 'workflow' },
      { label: 'AI', to: '/ai', icon: 'ai' },
      { label: 'AI agents', to: '/ai/agents', icon: 'sparkle' },
    ],
  },
  {
    label: 'Manage',
    items: [
      { label: 'Reporting', to: '/reporting', icon: 'reporting' },
      { label: 'Users & teams', to: '/user-management', icon: 'people' },
      { label: 'Organisation', to: '/org-management', icon: 'org' },
      { label: 'Audit log', to: '/audit-log', icon: 'list' },
      { label: 'AI admin', to: '/ai-admin', icon: 'shield' },
      { label: 'Rules admin', to: '/rules-admin', icon: 'shield' },
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
