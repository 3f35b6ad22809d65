import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import { ApiError, conflict, notFound } from '../../lib/errors.js';
import { computeCtrs, ctrBatchXml } from '../../domain/filings/ctr.js';
import { filerProfile } from '../../domain/filings/jobs.js';
import { orgZone } from './sars.js';
import { firstRow, rows, iso, assertId, MAX_ID, page } from '../../db/sql.js';
import { defineHandlers } from '../types.js';

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
    if (b?.report_type === 'SAR') {
      // a SAR batch's file is the one sent (kept with the batch); batches from before Vigil filed have none
      const sent = await firstRow<{ content: string | null; file_name: string | null }>(
        db,
        sql`select content, file_name from filing_batches where org_id = ${principal.orgId} and id = ${b.id}`,
      );
      if (!sent?.content || !sent.file_name) throw notFound('Batch file');
      reply.code(201).header('content-disposition', `attachment; filename="${sent.file_name}"`).type('application/xml; charset=utf-8');
      return sent.content;
    }
    // a CTR batch's file is written when asked for; a failed generation left none
    if (!b || b.report_type !== 'CTR') throw notFound('CTR batch');
    if (b.status === 'PENDING') {
      reply.code(202);
      return { status: 'pending' as const };
    }
    if (b.status !== 'READY') throw notFound('Batch file');
    const zone = await orgZone(db, principal.orgId);
    const days = await firstRow<{ from: string | null; to: string | null; today: string }>(
      db,
      sql`select to_char((${iso(b.earliest)}::timestamptz at time zone ${zone}::text)::date, 'YYYY-MM-DD') as "from",
        to_char((${iso(b.latest)}::timestamptz at time zone ${zone}::text)::date, 'YYYY-MM-DD') as "to",
        to_char((now() at time zone ${zone}::text)::date, 'YYYY-MM-DD') as today`,
    );
    // a batch without activity, or whose business days hold no CTR, has no file
    const filings = days?.from && days.to ? await computeCtrs(db, principal.orgId, { from: days.from, to: days.to }, zone) : [];
    if (filings.length === 0) throw new ApiError('not_found', 'No CTR is due in the batch’s business days: the batch has no file');
    const profile = await filerProfile(db, principal.orgId);
    if (!profile) throw conflict('The organisation’s filer profile is not set (Filings settings): the CTR batch file names the transmitter and filer from it');
    reply.code(201).header('content-disposition', `attachment; filename="CtrBatch${b.id}.xml"`).type('application/xml; charset=utf-8');
    return ctrBatchXml(filings, profile, { filingDate: days?.today });
  },
});
