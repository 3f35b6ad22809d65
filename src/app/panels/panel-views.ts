// The names of the right panel's views (spec part 1, section 2 "App shell") and what a view
// receives. The views themselves (areas' components) import this module; the registry that loads
// them (registry.ts) is the shell's alone, so no view depends on the list of all views.
export const PANEL_VIEW_NAMES = [
  'alert',
  'entity',
  'instrument',
  'transaction',
  'action-event',
  'table-config',
  'case',
  'sar',
  'filings-batch',
  'fintrac',
  'filing-settings',
  'rule-admin',
  'permissions',
  'feature-flags',
  'view-errors',
  'data-setting',
  'ctr-entity-custom-data',
  'report-dashboards-config',
  'ai-admin',
  'ai-agent',
] as const;

export type PanelViewName = (typeof PANEL_VIEW_NAMES)[number];

const NAMES: ReadonlySet<string> = new Set(PANEL_VIEW_NAMES);

export function isPanelView(name: string): name is PanelViewName {
  return NAMES.has(name);
}

export interface PanelViewProps {
  view: PanelViewName;
  /** The object shown (alert id, entity id, ...); null for views about the agent or the page. */
  id: string | null;
  label: string;
  close: () => void;
}
