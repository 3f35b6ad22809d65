import { listAlertRules, listAlerts } from './alerts.list.js';
import { alertPdf } from './alerts.pdf.js';
import { changeStatus } from './cases.status.js';
import { defineHandlers } from '../modules/types.js';

/** The analyst's working loop on alerts: the list, status changes, comments, the audit trail, the PDF. */
export const alertWorkflowHandlers = defineHandlers({
  async listAlerts({ db, principal, body }) {
    return listAlerts(db, principal, body);
  },

  async listAlertRules({ db, principal }) {
    return { rules: await listAlertRules(db, principal) };
  },

  async updateAlertStatus({ db, req, principal, params, body }) {
    return changeStatus(db, req, principal, 'ALERT', params.id, body);
  },

  async getAlertPdf({ db, reply, principal, params }) {
    return alertPdf(db, reply, principal, params.id);
  },
});
