// The route table (spec part 1, section 2) as plain data: ids, paths, page titles, guards. It
// imports no area, so areas may read it (tabs that follow the guards) without closing an import
// circle; src/app/routes.tsx adds the lazily loaded area code. Order matters: the first matching
// pattern wins, so specific patterns come before general ones ("/rules/:id/pdf" before
// "/rules/:id/:tab?").
// Guards the spec leaves "not shown" are chosen from the permissions the area's calls need on the
// server, so the console never opens a page whose data it would be refused (docs/decisions.md).
import type { Guard, PermissionName } from '../lib/permissions';
import type { AppRoute } from './routes.types';

export const TITLE_PREFIX = 'Vigil';
export const TITLE_SEPARATOR = ' | ';

export function pageTitle(page: string): string {
  return `${TITLE_PREFIX}${TITLE_SEPARATOR}${page}`;
}

const readAlerts: Guard = { allOf: ['read_alerts'] };
const readCases: Guard = { allOf: ['read_cases'] };
const readRules: Guard = { allOf: ['read_rules'] };
const readFilings: Guard = { anyOf: ['read_sars', 'read_fintrac_filings'] };
const readRisk: Guard = { allOf: ['read_risk_ratings'] };
const readAiAgents: Guard = { allOf: ['read_ai_agents'] };
const investigations: Guard = { anyOf: ['read_alerts', 'read_cases'] };
const dashboards: PermissionName[] = ['read_dashboards', 'create_dashboards', 'edit_dashboards', 'delete_dashboards'];
const aiAdmin = (tab?: PermissionName): Guard => ({
  flags: ['ai_admin_dashboard'],
  allOf: tab ? ['read_ai_admin_dashboard', tab] : ['read_ai_admin_dashboard'],
});

export const ROUTES: readonly AppRoute[] = [
  { id: 'home', path: '/', page: 'Home', screen: 'home', remember: false },

  { id: 'login.agent', path: '/agent-login', page: 'Log in', area: 'login', public: true, remember: false },
  { id: 'login.email', path: '/email-login', page: 'Signing in', area: 'login', public: true, remember: false },

  { id: 'alerts.list', path: '/alerts', page: 'Alerts', area: 'alerts', guard: readAlerts },
  { id: 'alerts.pdf', path: '/alerts/:id/pdf', page: 'Alert PDF', area: 'alerts', guard: readAlerts },
  { id: 'alerts.score', path: '/alerts/:id/alert-score', page: 'Alert score', area: 'alerts', guard: readAlerts },
  { id: 'alerts.updates', path: '/alerts/:id/alert-updates', page: 'Alert updates', area: 'alerts', guard: readAlerts },
  { id: 'alerts.consortium', path: '/alerts/:id/consortium-hits', page: 'Consortium hits', area: 'alerts', guard: readAlerts },
  { id: 'alerts.customData', path: '/alerts/:id/custom-data', page: 'Alert custom data', area: 'alerts', guard: readAlerts },
  { id: 'alerts.detail', path: '/alerts/:id', page: 'Alert', area: 'alerts', guard: readAlerts },

  { id: 'cases.list', path: '/cases', page: 'Cases', area: 'cases', guard: readCases },
  { id: 'cases.pdf', path: '/cases/:id/pdf', page: 'Case PDF export', area: 'cases', guard: readCases },
  { id: 'cases.detail', path: '/cases/:id', page: 'Case', area: 'cases', guard: readCases },

  { id: 'lists.list', path: '/lists', page: 'Lists', area: 'lists', guard: { allOf: ['read_matchlists'] } },

  { id: 'rules.list', path: '/rules', page: 'Rules', area: 'rules', guard: readRules },
  { id: 'rules.pdf', path: '/rules/:id/pdf', page: 'Rule PDF', area: 'rules', guard: readRules },
  { id: 'rules.detail', path: '/rules/:id/:tab?', page: 'Rule', area: 'rules', guard: readRules },

  { id: 'filings.list', path: '/filings', page: 'Filings', area: 'filings', guard: readFilings },
  { id: 'filings.detail', path: '/filings/:reportType/:id', page: 'Filing', area: 'filings', guard: readFilings },

  { id: 'dashboards.home', path: '/dashboards', page: 'Dashboards', area: 'dashboards', guard: { anyOf: dashboards } },

  {
    id: 'dataExplorer.home',
    path: '/data-explorer',
    page: 'Data explorer',
    area: 'data-explorer',
    guard: { anyOf: ['read_events', 'read_entities', 'read_transaction_instruments'] },
  },
  {
    id: 'dataExplorer.uploadFiles',
    path: '/data-explorer/upload-files',
    page: 'Upload files',
    // the explorer's entry to flat-file ingestion: the data management area's page, loaded with that area
    area: 'data-management',
    guard: { allOf: ['read_datafile_uploads'] },
  },
  {
    id: 'dataExplorer.transaction',
    path: '/data-explorer/transactions/:id',
    page: 'Transaction',
    area: 'data-explorer',
    guard: { allOf: ['read_events'] },
  },
  {
    id: 'dataExplorer.actionEvent',
    path: '/data-explorer/action-events/:id',
    page: 'Action event',
    area: 'data-explorer',
    guard: { allOf: ['read_events'] },
  },
  { id: 'dataExplorer.entity', path: '/entities/:id', page: 'Entity', area: 'data-explorer', guard: { allOf: ['read_entities'] } },
  {
    id: 'dataExplorer.instrument',
    path: '/instruments/:id',
    page: 'Instrument',
    area: 'data-explorer',
    guard: { allOf: ['read_transaction_instruments'] },
  },

  {
    id: 'dataManagement.flatFiles',
    path: '/data-management/flat-file-ingestion',
    page: 'Flat-file ingestion',
    area: 'data-management',
    guard: { allOf: ['read_datafile_uploads'] },
  },
  {
    id: 'dataManagement.mapping',
    path: '/data-management/data-mapping',
    page: 'Data mapping',
    area: 'data-management',
    guard: { allOf: ['read_custom_data_settings'] },
  },

  { id: 'riskRatings.list', path: '/risk-ratings', page: 'Risk ratings', area: 'risk-ratings', guard: readRisk },
  { id: 'riskRatings.model', path: '/risk-ratings/:id', page: 'Risk model', area: 'risk-ratings', guard: readRisk },

  { id: 'ai.chat', path: '/ai', page: 'AI', area: 'ai', guard: { flags: ['ai_chat'], allOf: ['use_ai_chat'] } },
  { id: 'ai.agents', path: '/ai/agents', page: 'AI agents', area: 'ai', guard: readAiAgents },
  { id: 'ai.agent', path: '/ai/agents/:id', page: 'AI agent', area: 'ai', guard: readAiAgents },

  // Every agent may open a profile page: the own profile is the last resort of the home redirect.
  // Whose details it shows is the server's call (GET /api/agents/{id}/details needs read_agents).
  { id: 'people.agent', path: '/agents/:id', page: 'Agent profile', area: 'people' },
  { id: 'people.team', path: '/teams/:id', page: 'Team', area: 'people', guard: { allOf: ['read_teams'] } },
  { id: 'people.userManagement', path: '/user-management', page: 'User management', area: 'people', guard: { anyOf: ['read_agents', 'read_teams'] } },

  { id: 'operations.queues', path: '/queues', page: 'Queues', area: 'operations', guard: { anyOf: ['read_alerts', 'edit_queues'] } },
  { id: 'operations.workflows', path: '/workflows', page: 'Workflows', area: 'operations', guard: investigations },
  {
    id: 'operations.checklist',
    path: '/investigation-checklists/:id',
    page: 'Investigation checklist',
    area: 'operations',
    guard: investigations,
  },
  { id: 'operations.webhook', path: '/webhooks/:id', page: 'Webhook', area: 'operations', guard: { allOf: ['read_webhooks'] } },
  { id: 'operations.quality', path: '/quality/:id', page: 'Quality cycle', area: 'operations', guard: { allOf: ['read_quality_cycles'] } },

  {
    id: 'reporting.home',
    path: '/reporting',
    page: 'Reporting',
    area: 'reporting',
    guard: { anyOf: ['read_insights', 'read_file_exports', 'system_exports'] },
  },
  {
    id: 'reporting.fileExports',
    path: '/reporting/file-exports',
    page: 'File exports',
    area: 'reporting',
    // every agent who may export a list finds their files here (docs/decisions.md, File exports)
    guard: { anyOf: ['read_file_exports', 'system_exports', 'read_alerts', 'read_events'] },
  },

  { id: 'orgManagement.home', path: '/org-management', page: 'Org management', area: 'org-management', guard: { allOf: ['read_org_permissions'] } },
  // The audit log is for managers (read_agents and read_permissions, as GET /api/audit-log/entries needs).
  { id: 'orgManagement.auditLog', path: '/audit-log', page: 'Audit log', area: 'org-management', guard: { allOf: ['read_agents', 'read_permissions'] } },

  { id: 'aiAdmin.home', path: '/ai-admin', page: 'AI admin', area: 'ai-admin', guard: aiAdmin() },
  { id: 'aiAdmin.agents', path: '/ai-admin/agents', page: 'AI admin: AI Agents', area: 'ai-admin', guard: aiAdmin('ai_admin_agents') },
  { id: 'aiAdmin.tracking', path: '/ai-admin/tracking', page: 'AI admin: AI Tracking', area: 'ai-admin', guard: aiAdmin('ai_admin_tracking') },
  // AI Stats reuses the tracking permission (section 6).
  { id: 'aiAdmin.stats', path: '/ai-admin/stats', page: 'AI admin: AI Stats', area: 'ai-admin', guard: aiAdmin('ai_admin_tracking') },
  { id: 'aiAdmin.prompts', path: '/ai-admin/prompts', page: 'AI admin: Prompts', area: 'ai-admin', guard: aiAdmin('ai_admin_prompts') },
  {
    id: 'aiAdmin.experimentation',
    path: '/ai-admin/experimentation',
    page: 'AI admin: Experimentation',
    area: 'ai-admin',
    guard: aiAdmin('ai_admin_experimentation'),
  },

  { id: 'rulesAdmin.home', path: '/rules-admin', page: 'Rules admin', area: 'rules-admin', guard: { allOf: ['read_rules_admin_dashboard'] } },

  { id: 'notifications.list', path: '/notifications', page: 'Notifications', area: 'notifications' },

  { id: 'error', path: '/error', page: 'Error', screen: 'error', remember: false },
  { id: 'crash', path: '/crash', page: 'Crash test', area: 'crash', guard: { flags: ['crash_test'], orInternalStaff: true }, remember: false },
];

/** Title of the catch-all page. */
export const NOT_FOUND_PAGE = 'Page not found';
