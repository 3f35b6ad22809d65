import { casePdf } from './alerts.pdf.js';
import { addCaseAlerts, createCase } from './cases.create.js';
import { listCases } from './cases.list.js';
import { changeStatus } from './cases.status.js';
import { defineHandlers } from '../modules/types.js';

/** Working cases: the list, creating one from alerts, adding alerts, status changes, the PDF. */
export const caseWorkflowHandlers = defineHandlers({
  async listCases({ db, principal, body }) {
    return listCases(db, principal, body);
  },

  async createCase({ db, req, principal, body }) {
    return createCase(db, req, principal, body);
  },

  async updateCaseStatus({ db, req, principal, params, body }) {
    return changeStatus(db, req, principal, 'CASE', params.id, body);
  },

  async addCaseAlerts({ db, req, principal, params, body }) {
    return addCaseAlerts(db, req, principal, params.id, body.alert_ids);
  },

  async getCasePdf({ db, reply, principal, params }) {
    return casePdf(db, reply, principal, params.id);
  },
});
