import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rows, type SqlRunner } from '../../../db/sql.js';
import { registerAcknowledgementReader, type AnsweredBatch } from '../acks.js';
import type { FieldProblem } from '../model.js';
import { moveFintrac } from './jobs.js';

/**
 * FINTRAC's answer to a batch of reports, read from the acknowledgements folder like FinCEN's
 * (../acks.ts finds the batch by the file's name, which starts with the batch file's name:
 * `FINTRAC.{organisation}.{batch}.json.ack.json`). It is JSON, after the answers FINTRAC's API
 * report submission gives each report:
 *
 *   {
 *     "status": "ACCEPTED" | "REJECTED",          the batch
 *     "errors": [Message],                        why a batch was rejected
 *     "reports": [{
 *       "reportingEntityReportReference": "...",  the report, by its reference
 *       "status": "ACCEPTED" | "REJECTED",
 *       "fintracReportId": "...",                 the identifier FINTRAC gave an accepted report
 *       "errors": [Message]                       its validation messages
 *     }]
 *   }
 *   Message: { "field": "path in the report", "message": "...", "severity": "ERROR" | "WARNING" }
 *
 * A rejected batch rejects each of its reports (FINTRAC_REJECTED); a rejected report, or one with
 * an ERROR, is FINTRAC_VALIDATION_FAILED; an accepted report with its identifier is FILING_SUCCESS
 * (warnings kept); a report not answered yet is FINTRAC_ACCEPTED. Reading the same file again
 * changes nothing.
 */

export interface FintracAckMessage {
  field: string;
  message: string;
  severity: 'ERROR' | 'WARNING';
}

export interface FintracAcknowledgement {
  status: 'ACCEPTED' | 'REJECTED';
  errors: FieldProblem[];
  reports: Array<{ reference: string; status: 'ACCEPTED' | 'REJECTED'; fintracReportId: string | null; messages: FieldProblem[] }>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

function messages(v: unknown): FieldProblem[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new Error('errors must be a list');
  return v.map((m) => {
    if (!isObject(m)) throw new Error('a message must be an object');
    const severity = str(m.severity).toUpperCase();
    if (severity !== 'ERROR' && severity !== 'WARNING') throw new Error(`unknown severity ${JSON.stringify(m.severity)}`);
    return { path: str(m.field) || 'report', message: str(m.message) || 'FINTRAC reported an error', level: severity === 'ERROR' ? 'FATAL' : 'WARN' };
  });
}

function status(v: unknown): 'ACCEPTED' | 'REJECTED' {
  const s = str(v).toUpperCase();
  if (s !== 'ACCEPTED' && s !== 'REJECTED') throw new Error(`unknown status ${JSON.stringify(v)}`);
  return s;
}

/** Reads a FINTRAC acknowledgement; throws when the text is not one. */
export function parseFintracAcknowledgement(text: string): FintracAcknowledgement {
  const doc: unknown = JSON.parse(text);
  if (!isObject(doc) || !('status' in doc)) throw new Error('not a FINTRAC acknowledgement: no status');
  const reports = doc.reports === undefined ? [] : doc.reports;
  if (!Array.isArray(reports)) throw new Error('reports must be a list');
  return {
    status: status(doc.status),
    errors: messages(doc.errors),
    reports: reports.map((r) => {
      if (!isObject(r) || !str(r.reportingEntityReportReference)) throw new Error('a report answer names no reportingEntityReportReference');
      return {
        reference: str(r.reportingEntityReportReference),
        status: status(r.status),
        fintracReportId: str(r.fintracReportId) || null,
        messages: messages(r.errors),
      };
    }),
  };
}

async function setMessages(tx: SqlRunner, orgId: number, id: number, list: FieldProblem[]) {
  await tx.execute(sql`update fintrac_reports set fintrac_messages = ${JSON.stringify(list)}::jsonb where org_id = ${orgId} and id = ${id}`);
}

/** Applies FINTRAC's answer to a batch and its reports. */
export async function applyFintracAcknowledgement(db: Db, batch: AnsweredBatch, ack: FintracAcknowledgement): Promise<void> {
  const orgId = batch.org_id;
  await db.transaction(async (tx) => {
    const reports = await rows<{ id: number; reference: string }>(
      tx,
      sql`select id, reference from fintrac_reports where org_id = ${orgId} and batch_id = ${batch.id} order by id`,
    );
    const byReference = new Map(ack.reports.map((r) => [r.reference, r]));
    for (const report of reports) {
      if (ack.status === 'REJECTED') {
        if (await moveFintrac(tx, orgId, report.id, 'fintrac.reject')) await setMessages(tx, orgId, report.id, ack.errors);
        continue;
      }
      const answer = byReference.get(report.reference);
      if (!answer) {
        await moveFintrac(tx, orgId, report.id, 'fintrac.accept');
        continue;
      }
      if (answer.status === 'REJECTED' || answer.messages.some((m) => m.level === 'FATAL')) {
        if (await moveFintrac(tx, orgId, report.id, 'fintrac.invalid')) await setMessages(tx, orgId, report.id, answer.messages);
        continue;
      }
      if (!answer.fintracReportId) {
        await moveFintrac(tx, orgId, report.id, 'fintrac.accept');
        continue;
      }
      if (await moveFintrac(tx, orgId, report.id, 'fintrac.acknowledge')) {
        await setMessages(tx, orgId, report.id, answer.messages);
        await tx.execute(sql`update fintrac_reports set fintrac_report_id = ${answer.fintracReportId} where org_id = ${orgId} and id = ${report.id}`);
      }
    }
    await tx.execute(
      sql`update filing_batches b set ack_status = ${ack.status}, ack_messages = ${JSON.stringify(ack.errors)}::jsonb, acknowledged_at = now(),
          accepted_count = (select count(*)::int from fintrac_reports r where r.org_id = b.org_id and r.batch_id = b.id and r.status = 'FILING_SUCCESS'),
          rejected_count = (select count(*)::int from fintrac_reports r where r.org_id = b.org_id and r.batch_id = b.id
            and r.status in ('FINTRAC_REJECTED', 'FINTRAC_VALIDATION_FAILED'))
        where b.org_id = ${orgId} and b.id = ${batch.id}`,
    );
  });
}

registerAcknowledgementReader<FintracAcknowledgement>('FINTRAC', {
  parse: (text) => parseFintracAcknowledgement(text),
  apply: (db, batch, ack) => applyFintracAcknowledgement(db, batch, ack),
});
