import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Principal } from '../../auth/principal.js';
import { alertReport, type ReportTransaction } from '../../domain/pdf/reports.js';
import { renderReport } from '../../domain/pdf/report.js';
import { PDF_ROW_CAP } from '../../domain/pdf/text.js';
import { notFound } from '../../lib/errors.js';
import { firstRow, iso, rows, type SqlRunner, assertId } from '../../db/sql.js';
import { loadComments } from '../comments/index.js';
import { loadAlerts } from './load.js';
import { sendPdf } from '../../lib/pdf-download.js';
import { defineHandlers } from '../types.js';

/** The alert PDF: loaded as the detail calls load it, rendered by domain/pdf. */

/** The alert's transactions for the report, newest first, capped, with their total. */
async function reportTransactions(db: SqlRunner, orgId: number, alertId: number) {
  const [total, found] = await Promise.all([
    firstRow<{ count: number }>(db, sql`select count(*)::int as count from alert_transactions where org_id = ${orgId} and alert_id = ${alertId}`),
    rows<Omit<ReportTransaction, 'event_time'> & { event_time: Date | string }>(
      db,
      sql`select t.external_id, t.event_time, t.amount::float8 as amount, t.currency, se.name_readable as sender, re.name_readable as receiver
        from alert_transactions l join transactions t on t.id = l.transaction_id and t.org_id = l.org_id
        left join entities se on se.id = t.sender_entity_id and se.org_id = t.org_id
        left join entities re on re.id = t.receiver_entity_id and re.org_id = t.org_id
        where l.org_id = ${orgId} and l.alert_id = ${alertId} order by t.event_time desc, t.id desc limit ${PDF_ROW_CAP}`,
    ),
  ]);
  return { total: total?.count ?? 0, rows: found.map((t) => ({ ...t, event_time: iso(t.event_time) })) };
}

export async function alertPdf(db: SqlRunner, reply: FastifyReply, p: Principal, id: number) {
  const [alert] = await loadAlerts(db, p, sql`a.id = ${assertId(id, 'Alert')}`);
  if (!alert) throw notFound('Alert');
  const [txns, thread] = await Promise.all([reportTransactions(db, p.orgId, alert.id), loadComments(db, p.orgId, 'ALERT', alert.id)]);
  return sendPdf(reply, `alert-${alert.id}.pdf`, await renderReport(alertReport(alert, txns, thread)));
}

export const alertPdfHandlers = defineHandlers({
  async getAlertPdf({ db, reply, principal, params }) {
    return alertPdf(db, reply, principal, params.id);
  },
});
