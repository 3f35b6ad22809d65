import { listAlertRules, listAlerts } from './list.queries.js';
import { defineHandlers } from '../types.js';

/** The alert list and the options of its rule filter. */
export const alertListHandlers = defineHandlers({
  async listAlerts({ db, principal, body }) {
    return listAlerts(db, principal, body);
  },

  async listAlertRules({ db, principal }) {
    return { rules: await listAlertRules(db, principal) };
  },
});
