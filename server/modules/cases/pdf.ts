import type { FastifyReply } from 'fastify';
import type { Principal } from '../../auth/principal.js';
import { caseReport } from '../../domain/pdf/reports.js';
import { renderReport } from '../../domain/pdf/report.js';
import { notFound } from '../../lib/errors.js';
import { type SqlRunner, assertId } from '../../db/sql.js';
import { loadCases } from './load.js';
import type { components } from '../../../openapi/schema.js';
import { sendPdf } from '../../lib/pdf-download.js';
import { defineHandlers } from '../types.js';

/** The case PDF: loaded as the detail call loads it, rendered by domain/pdf. */

export async function casePdf(db: SqlRunner, reply: FastifyReply, p: Principal, id: number) {
  const [found] = await loadCases(db, p, [assertId(id, 'Case')], false);
  if (!found) throw notFound('Case');
  const full = found as components['schemas']['Case'];
  return sendPdf(reply, `case-${full.id}.pdf`, await renderReport(caseReport(full)));
}

export const casePdfHandlers = defineHandlers({
  async getCasePdf({ db, reply, principal, params }) {
    return casePdf(db, reply, principal, params.id);
  },
});
