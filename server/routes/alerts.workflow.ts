import { listAlertRules, listAlerts } from './alerts.list.js';
import { defineHandlers } from './types.js';

/** The analyst's working loop on alerts: the list, status changes, comments, the audit trail, the PDF. */
export const alertWorkflowHandlers = defineHandlers({
  async listAlerts({ db, principal, body }) {
    return listAlerts(db, principal, body);
  },

  async listAlertRules({ db, principal }) {
    return { rules: await listAlertRules(db, principal) };
  },
});
