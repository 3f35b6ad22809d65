import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import { notFound } from '../../lib/errors.js';
import { firstRow, rows, iso, assertId, MAX_ID, page } from '../../db/sql.js';
import { defineHandlers } from '../types.js';
import { escapeMarkup } from '../../lib/markup.js';

type S = components['schemas'];

interface BatchRow {
  id: number;
  report_type: S['ReportType'];
  status: string;
  total_count: number;
  accepted_count: number;
  rejected_count: number;
  earliest: Date | string | null;
  latest: Date | string | null;
  created_by_id: number | null;
  created_by_name: string | null;
  created_at: Date | string;
}

const batch = (b: BatchRow): S['FilingBatch'] => ({
  id: b.id,
  report_type: b.report_type,
  total: b.total_count,
  earliest: iso(b.earliest),
  latest: iso(b.latest),
  accepted: b.accepted_count,
  rejected: b.rejected_count,
  // batches built by the scheduler have no creating agent
  created_by: { id: b.created_by_id ?? 0, full_name: b.created_by_name ?? 'System' },
  created_at: iso(b.created_at),
});

/** Cash transactions at or over this amount are reported (the batch builder selects them so). */
export const CTR_THRESHOLD = 10_000;

interface CtrFiling {
  external_id: string;
  event_time: Date | string;
  internal_txn_type: string;
  amount: number;
  currency: string;
  person_external_id: string | null;
  person_name: string | null;
  person_type: string | null;
}

/** The batch file: one filing per cash transaction at or over the threshold in the batch's activity range. */
export function ctrXml(b: BatchRow, filings: CtrFiling[]): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<CtrBatch id="${b.id}" reportType="CTR" createdAt="${iso(b.created_at)}" activityFrom="${iso(b.earliest) ?? ''}" activityTo="${iso(b.latest) ?? ''}" filingCount="${filings.length}">`,
  ];
  filings.forEach((f, i) => {
    out.push(`  <Filing seq="${i + 1}">`);
    if (f.person_external_id) {
      out.push(
        `    <Person externalId="${escapeMarkup(f.person_external_id)}" type="${escapeMarkup(f.person_type ?? '')}">${escapeMarkup(f.person_name ?? '')}</Person>`,
      );
    }
    out.push(
      `    <Transaction externalId="${escapeMarkup(f.external_id)}" time="${iso(f.event_time)}" type="${escapeMarkup(f.internal_txn_type)}">`,
      `      <Amount currency="${escapeMarkup(f.currency)}">${f.amount.toFixed(2)}</Amount>`,
      '    </Transaction>',
      '  </Filing>',
    );
  });
  out.push('</CtrBatch>', '');
  return out.join('\n');
}

const BATCH_COLUMNS = sql`b.id, b.report_type, b.status, b.total_count, b.accepted_count, b.rejected_count, b.earliest, b.latest,
  b.created_by_id, a.full_name as created_by_name, b.created_at`;

export const ctrBatchHandlers = defineHandlers({
  async listGroupedFilings({ db, principal, body }) {
    const { limit, offset } = page(body, 1);
    const batchId = body.filters?.batch_id ?? null;
    if (batchId !== null && batchId > MAX_ID) return { count: 0, batches: [] };
    const where = sql`b.org_id = ${principal.orgId} and b.report_type = ${body.report_type}
      and (${batchId}::int is null or b.id = ${batchId}::int)`;
    const [total, found] = await Promise.all([
      firstRow<{ count: number }>(db, sql`select count(*)::int as count from filing_batches b where ${where}`),
      rows<BatchRow>(
        db,
        sql`select ${BATCH_COLUMNS} from filing_batches b left join agents a on a.id = b.created_by_id
          where ${where} order by b.created_at desc, b.id desc limit ${limit} offset ${offset}`,
      ),
    ]);
    return { count: total?.count ?? 0, batches: found.map(batch) };
  },

  async downloadFilingBatch({ db, principal, params, reply }) {
    const b = await firstRow<BatchRow>(
      db,
      sql`select ${BATCH_COLUMNS} from filing_batches b left join agents a on a.id = b.created_by_id
        where b.org_id = ${principal.orgId} and b.id = ${assertId(params.id, 'CTR batch')}`,
    );
    // only CTR batches have a file; a failed generation left none
    if (!b || b.report_type !== 'CTR') throw notFound('CTR batch');
    if (b.status === 'PENDING') {
      reply.code(202);
      return { status: 'pending' as const };
    }
    if (b.status !== 'READY') throw notFound('Batch file');
    const filings =
      b.earliest && b.latest
        ? await rows<CtrFiling>(
            db,
            sql`select t.external_id, t.event_time, t.internal_txn_type, t.amount::float8 as amount, t.currency,
                e.external_id as person_external_id, e.name_readable as person_name, e.entity_type as person_type
              from transactions t
              left join entities e on e.org_id = t.org_id
                and e.id = case when t.internal_txn_type = 'CASH_WITHDRAWAL' then coalesce(t.sender_entity_id, t.receiver_entity_id)
                  else coalesce(t.receiver_entity_id, t.sender_entity_id) end
              where t.org_id = ${principal.orgId} and t.internal_txn_type in ('CASH', 'CASH_DEPOSIT', 'CASH_WITHDRAWAL')
                and t.amount >= ${CTR_THRESHOLD}
                and t.event_time >= ${iso(b.earliest)}::timestamptz and t.event_time <= ${iso(b.latest)}::timestamptz
              order by t.event_time, t.id`,
          )
        : [];
    reply.code(201).header('content-disposition', `attachment; filename="CtrBatch${b.id}.xml"`).type('application/xml; charset=utf-8');
    return ctrXml(b, filings);
  },
});
