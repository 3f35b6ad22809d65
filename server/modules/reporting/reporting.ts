import { audit } from '../../lib/audit.js';
import { defineHandlers } from '../types.js';
import { checkSections, configFor, deleteOwnConfig, saveConfig } from './config.js';
import { sectionReport } from './sections.js';

/** The dashboards: one aggregation call per section, and the dashboard config (the agent's and the organisation's). */
export const reportingHandlers = defineHandlers({
  getKpiReport: ({ db, principal, query }) => sectionReport(db, principal, 'kpis', query),
  getAlertReport: ({ db, principal, query }) => sectionReport(db, principal, 'alerts', query),
  getCaseReport: ({ db, principal, query }) => sectionReport(db, principal, 'cases', query),
  getSarReport: ({ db, principal, query }) => sectionReport(db, principal, 'sars', query),

  getDashboardConfig: ({ db, principal }) => configFor(db, principal, 'agent'),

  async saveDashboardConfig({ db, req, principal, body }) {
    checkSections(body.sections);
    await db.transaction(async (tx) => {
      await saveConfig(tx, principal, 'agent', body.sections);
      await audit(tx, req, { orgId: principal.orgId, agentId: principal.agentId, action: 'dashboard_config.saved', objectType: 'DASHBOARD_CONFIG' });
    });
    return configFor(db, principal, 'agent');
  },

  async resetDashboardConfig({ db, req, principal }) {
    await db.transaction(async (tx) => {
      if (await deleteOwnConfig(tx, principal))
        await audit(tx, req, { orgId: principal.orgId, agentId: principal.agentId, action: 'dashboard_config.reset', objectType: 'DASHBOARD_CONFIG' });
    });
    return configFor(db, principal, 'agent');
  },

  getOrgDashboardConfig: ({ db, principal }) => configFor(db, principal, 'organisation'),

  async saveOrgDashboardConfig({ db, req, principal, body }) {
    checkSections(body.sections);
    await db.transaction(async (tx) => {
      await saveConfig(tx, principal, 'organisation', body.sections);
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'dashboard_config.organisation_saved',
        objectType: 'DASHBOARD_CONFIG',
      });
    });
    return configFor(db, principal, 'organisation');
  },
});
