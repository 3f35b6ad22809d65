// The right panel's views (spec part 1, section 2 "App shell"): each name's label and the component
// that loads lazily for it. Areas replace a view's loader with their own component as they are
// built. Only the shell's RightPanel reads this: views and callers use the names in panel-views.ts,
// so the lazy imports below never lead back here.
import { lazyWithReload, type PreloadableComponent } from '../errors/lazy-with-reload';
import type { PanelViewName, PanelViewProps } from './panel-views';

export interface PanelViewDefinition {
  label: string;
  /** 500 px instead of 370 px (the AI agent view). */
  wide?: boolean;
  /** false: the title is the label alone, for views whose id means nothing to a reader (an agent or team key) */
  idInTitle?: boolean;
  component: PreloadableComponent<PanelViewProps>;
}

const comingSoon = () => lazyWithReload(() => import('./views/ComingSoonPanel'));

export const PANEL_VIEWS = {
  alert: { label: 'Alert', component: lazyWithReload(() => import('../../areas/alerts/panel/AlertPanel')) },
  entity: { label: 'Entity', component: lazyWithReload(() => import('../../areas/data-explorer/panels/EntityPanel')) },
  instrument: { label: 'Instrument', component: lazyWithReload(() => import('../../areas/data-explorer/panels/InstrumentPanel')) },
  transaction: { label: 'Transaction', component: lazyWithReload(() => import('../../areas/data-explorer/panels/TransactionPanel')) },
  'action-event': { label: 'Action event', component: lazyWithReload(() => import('../../areas/data-explorer/panels/ActionEventPanel')) },
  'table-config': { label: 'Table configuration', component: comingSoon() },
  case: { label: 'Case', component: lazyWithReload(() => import('../../areas/cases/detail/CasePanel')) },
  sar: { label: 'SAR', component: lazyWithReload(() => import('../../areas/filings/sar/SarPanel')) },
  'filings-batch': { label: 'Batch', component: lazyWithReload(() => import('../../areas/filings/list/FilingsBatchPanel')) },
  fintrac: { label: 'FINTRAC report', component: lazyWithReload(() => import('../../areas/filings/fintrac/FintracPanel')) },
  'filing-settings': {
    label: 'Filing settings',
    idInTitle: false,
    component: lazyWithReload(() => import('../../areas/filings/settings/FilingSettingsPanel')),
  },
  'rule-admin': { label: 'Rule admin', component: lazyWithReload(() => import('../../areas/rules-admin/RuleAdminPanel')) },
  permissions: { label: 'Permission Control', idInTitle: false, component: lazyWithReload(() => import('../../areas/people/permissions/PermissionsPanel')) },
  'feature-flags': { label: 'Feature flags', component: lazyWithReload(() => import('../devtools/FeatureFlagsPanel')) },
  // the Processing Errors panel (Error Log) of a flat file: ?panel=view-errors:{fileId}
  'view-errors': { label: 'Processing Errors', component: lazyWithReload(() => import('../../areas/data-management/flat-files/panel/FlatFileErrorsPanel')) },
  'data-setting': { label: 'Data setting', component: lazyWithReload(() => import('../../areas/data-management/data-settings/DataSettingPanel')) },
  'ctr-entity-custom-data': { label: 'CTR entity custom data', component: lazyWithReload(() => import('../../areas/filings/ctr/CtrEntityDataPanel')) },
  'report-dashboards-config': { label: 'Report dashboards configuration', component: comingSoon() },
  'ai-admin': { label: 'AI admin', component: comingSoon() },
  'ai-agent': { label: 'AI agent', wide: true, component: comingSoon() },
} satisfies Record<PanelViewName, PanelViewDefinition>;
