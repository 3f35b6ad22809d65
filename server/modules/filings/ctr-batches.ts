import { sql, type SQL } from 'drizzle-orm';
import type { components, operations } from '../../../openapi/schema.js';
import type { Db } from '../../db/client.js';
import { ApiError, conflict, forbidden, notFound } from '../../lib/errors.js';
import { hasPermission, type Principal } from '../../auth/principal.js';
import { sarVisible } from '../../auth/visibility.js';
import { computeCtrs } from '../../domain/filings/ctr.js';
import { ctrBatchXml } from '../../domain/filings/fincen-ctr.js';
import { filerProfile } from '../../domain/filings/jobs.js';
import { orgZone } from './sars.js';
import { firstRow, rows, iso, assertId, MAX_ID, page, createdFilter, where as and } from '../../db/sql.js';
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

/** The most SARs answered for one batch (and for the SARs not yet in a batch). */
const MAX_SARS = 500;

interface SarListRow {
  id: number;
  name: string;
  status: S['SarStatus'];
  queue: S['QueueSummary'] | null;
  reviewer: S['Author'] | null;
  created_at: Date | string;
  filed_at: Date | string | null;
  bsa_id: string | null;
  batch_id: number | null;
}

type GroupedBody = {
  report_type: S['ReportType'];
  filters?: { statuses?: string[]; queue_id?: number | null; reviewer_id?: number | null };
};

const sarRow = (r: SarListRow): S['SarFilingRow'] => ({
  id: r.id,
  name: r.name,
  status: r.status,
  queue: r.queue,
  reviewer: r.reviewer,
  created_at: iso(r.created_at),
  filed_at: iso(r.filed_at),
  bsa_id: r.bsa_id,
  batch_id: r.batch_id,
});

const PEOPLE_COLUMNS = sql`case when r.id is null then null else json_build_object('id', r.id, 'picture', r.picture, 'full_name', r.full_name, 'email', r.email) end as reviewer,
  case when q.id is null then null else json_build_object('id', q.id, 'title', q.title, 'access_type', q.access_type) end as queue`;

interface FintracListRow extends Omit<SarListRow, 'bsa_id' | 'status'> {
  status: S['FintracStatus'];
  report_type: S['FintracReportType'];
  fintrac_report_id: string | null;
  total_amount: number;
}

const fintracRow = (r: FintracListRow): S['FintracReportRow'] => ({
  id: r.id,
  report_type: r.report_type,
  name: r.name,
  status: r.status,
  queue: r.queue,
  reviewer: r.reviewer,
  created_at: iso(r.created_at),
  filed_at: iso(r.filed_at),
  fintrac_report_id: r.fintrac_report_id,
  batch_id: r.batch_id,
  total_amount: r.total_amount,
});

/**
 * Where a report type's filings are listed from (aliased `s`, with a SAR's queue, case, reviewer
 * and batch columns): SARs, and FINTRAC reports. CTRs have no rows of their own.
 */
const FILING_SOURCES = {
  SAR: {
    table: sql`sars`,
    columns: sql`s.id, s.name, s.status, s.created_at, s.filed_at, s.bsa_id, s.batch_id, ${PEOPLE_COLUMNS}`,
  },
  FINTRAC: {
    table: sql`fintrac_reports`,
    columns: sql`s.id, s.report_type, s.name, s.status, s.created_at, s.filed_at, s.fintrac_report_id, s.batch_id, s.total_amount::float8 as total_amount, ${PEOPLE_COLUMNS}`,
  },
} as const;
const listFrom = (table: SQL) =>
  sql`from ${table} s left join agents r on r.id = s.reviewer_id left join queues q on q.id = s.queue_id and q.org_id = s.org_id`;

/** The SAR filters (statuses, queue, reviewer) as conditions on sars `s`, with queue visibility; ids beyond int4 match nothing. */
function sarConditions(p: Principal, f: GroupedBody['filters']): SQL[] {
  const out: SQL[] = [sql`s.org_id = ${p.orgId}`, sarVisible(p, 's')];
  if (f?.statuses?.length)
    out.push(
      sql`s.status in (${sql.join(
        f.statuses.map((v) => sql`${v}`),
        sql`, `,
      )})`,
    );
  for (const [col, id] of [
    [sql`s.queue_id`, f?.queue_id],
    [sql`s.reviewer_id`, f?.reviewer_id],
  ] as const) {
    if (id === null || id === undefined) continue;
    out.push(id > MAX_ID ? sql`false` : sql`${col} = ${id}`);
  }
  return out;
}

const sarFiltered = (f: GroupedBody['filters']) => Boolean(f?.statuses?.length || f?.queue_id != null || f?.reviewer_id != null);

export type GroupedFilingsRequest = operations['listGroupedFilings']['requestBody']['content']['application/json'];

/** The Filings list (POST /api/filings/grouped): one page of batches, with their SARs or FINTRAC reports; also what a SAR filings export reads. */
export async function listGroupedFilings(db: Db, principal: Principal, body: GroupedFilingsRequest) {
  // SAR and CTR batches are read with read_sars, FINTRAC reports with read_fintrac_filings
  if (!hasPermission(principal, body.report_type === 'FINTRAC' ? 'read_fintrac_filings' : 'read_sars')) throw forbidden();
  const { limit, offset } = page(body, 1);
  const f = body.filters;
  const batchId = f?.batch_id ?? null;
  const source = body.report_type === 'CTR' ? null : FILING_SOURCES[body.report_type];
  const listed = Boolean(body.include_filings && source);
  const empty = !listed ? {} : body.report_type === 'SAR' ? { unbatched: [] } : { unbatched_reports: [] };
  if (batchId !== null && batchId > MAX_ID) return { count: 0, batches: [], ...empty };
  const sarFilter = source !== null && sarFiltered(f);
  const conditions = [
    sql`b.org_id = ${principal.orgId} and b.report_type = ${body.report_type}`,
    batchId === null ? null : sql`b.id = ${batchId}`,
    ...createdFilter(sql`b.created_at`, f?.created_from ?? undefined, f?.created_to ?? undefined),
    // with SAR filters, a batch is listed when one of its SARs matches
    sarFilter && source ? sql`exists (select 1 from ${source.table} s where s.batch_id = b.id and ${and(sarConditions(principal, f))})` : null,
  ];
  const where = and(conditions);
  const [total, found] = await Promise.all([
    firstRow<{ count: number }>(db, sql`select count(*)::int as count from filing_batches b where ${where}`),
    rows<BatchRow>(
      db,
      sql`select ${BATCH_COLUMNS} from filing_batches b left join agents a on a.id = b.created_by_id
        where ${where} order by b.created_at desc, b.id desc limit ${limit} offset ${offset}`,
    ),
  ]);
  const batches = found.map(batch);
  if (!listed || !source) return { count: total?.count ?? 0, batches };
  const sarWhere = and(sarConditions(principal, f));
  const inBatches = batches.length
    ? await rows<SarListRow & FintracListRow>(
        db,
        sql`select * from (select ${source.columns}, row_number() over (partition by s.batch_id order by s.created_at desc, s.id desc) as n
          ${listFrom(source.table)} where ${sarWhere} and s.batch_id in (${sql.join(
            batches.map((b) => sql`${b.id}`),
            sql`, `,
          )})) x
          where x.n <= ${MAX_SARS} order by x.created_at desc, x.id desc`,
      )
    : [];
  const sar = body.report_type === 'SAR';
  const withFilings = batches.map((b) => {
    const mine = inBatches.filter((r) => r.batch_id === b.id);
    return sar ? { ...b, sars: mine.map(sarRow) } : { ...b, reports: mine.map(fintracRow) };
  });
  if (offset > 0 || batchId !== null) return { count: total?.count ?? 0, batches: withFilings };
  const archived = f?.statuses?.includes('ARCHIVED') ? null : sql`s.status <> 'ARCHIVED'`;
  const unbatched = await rows<SarListRow & FintracListRow>(
    db,
    sql`select ${source.columns} ${listFrom(source.table)} where ${and([sarWhere, sql`s.batch_id is null`, archived, ...createdFilter(sql`s.created_at`, f?.created_from ?? undefined, f?.created_to ?? undefined)])}
      order by s.created_at desc, s.id desc limit ${MAX_SARS}`,
  );
  return sar
    ? { count: total?.count ?? 0, batches: withFilings, unbatched: unbatched.map(sarRow) }
    : { count: total?.count ?? 0, batches: withFilings, unbatched_reports: unbatched.map(fintracRow) };
}

export const ctrBatchHandlers = defineHandlers({
  async listGroupedFilings({ db, principal, body }) {
    return listGroupedFilings(db, principal, body);
  },

  async downloadFilingBatch({ db, principal, params, reply }) {
    const b = await firstRow<BatchRow>(
      db,
      sql`select ${BATCH_COLUMNS} from filing_batches b left join agents a on a.id = b.created_by_id
        where b.org_id = ${principal.orgId} and b.id = ${assertId(params.id, 'CTR batch')}`,
    );
    // SAR and CTR batches are read with read_sars, FINTRAC batches with read_fintrac_filings; a batch the caller may not read is not found
    if (b && !hasPermission(principal, b.report_type === 'FINTRAC' ? 'read_fintrac_filings' : 'read_sars')) throw notFound('Batch');
    if (b?.report_type === 'FINTRAC') {
      const sent = await firstRow<{ content: string | null; file_name: string | null }>(
        db,
        sql`select content, file_name from filing_batches where org_id = ${principal.orgId} and id = ${b.id}`,
      );
      if (!sent?.content || !sent.file_name) throw notFound('Batch file');
      reply.code(201).header('content-disposition', `attachment; filename="${sent.file_name}"`).type('application/json; charset=utf-8');
      return sent.content;
    }
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
    if (!b || b.report_type !== 'CTR') throw notFound('CTR batch');
    // a CTR batch Vigil built keeps its file as sent (ctr-transport.ts)
    const kept = await firstRow<{ content: string | null }>(db, sql`select content from filing_batches where org_id = ${principal.orgId} and id = ${b.id}`);
    if (kept?.content) {
      reply.code(201).header('content-disposition', `attachment; filename="CtrBatch${b.id}.xml"`).type('application/xml; charset=utf-8');
      return kept.content;
    }
    // a batch from before Vigil filed CTRs: its file is written when asked for; a failed generation left none
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
