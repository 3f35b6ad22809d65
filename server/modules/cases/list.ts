import { listCases } from './list.queries.js';
import { defineHandlers } from '../types.js';

/** The case list. */
export const caseListHandlers = defineHandlers({
  async listCases({ db, principal, body }) {
    return listCases(db, principal, body);
  },
});
