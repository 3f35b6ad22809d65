import type { components } from '../../../../openapi/schema.js';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import type { Cell } from '../writer.js';
import type { ExportParameters, ExportSource, RowSource } from './types.js';
import { listGroupedFilings } from '../../filings/index.js';

type S = components['schemas'];

const SAR_FILING_COLUMNS: Record<S['SarFilingExportColumn'], (r: S['SarFilingRow']) => Cell> = {
  id: (r) => r.id,
  name: (r) => r.name,
  status: (r) => r.status,
  queue: (r) => r.queue?.title ?? null,
  reviewer: (r) => r.reviewer?.full_name ?? null,
  created_at: (r) => r.created_at,
  filed_at: (r) => r.filed_at,
  bsa_id: (r) => r.bsa_id,
  batch_id: (r) => r.batch_id,
};

/** The Filings list answers at most 100 batches a call. */
const SAR_BATCH_PAGE = 100;

/**
 * The SAR filings list pages by batch, not by row: the SARs not yet in a batch (with the first
 * page), then each batch's SARs, newest batch first, read through the list's own code. The row
 * count is known only at the end, so until then a page reports one row more than it has written.
 */
function sarFilingSource(db: Db, p: Principal, params: ExportParameters, pageRows: number): RowSource {
  const columns = (params.columns?.length ? params.columns : Object.keys(SAR_FILING_COLUMNS)) as S['SarFilingExportColumn'][];
  const filters = (params.filters ?? {}) as NonNullable<S['SarFilingExportRequest']['filters']>;
  const batchPage = Math.max(1, Math.min(pageRows, SAR_BATCH_PAGE));
  let batchOffset = 0;
  let written = 0;
  let done = false;
  return {
    header: columns,
    async page() {
      const out: Cell[][] = [];
      while (!done && out.length === 0) {
        const found = await listGroupedFilings(db, p, { report_type: 'SAR', include_filings: true, limit: batchPage, offset: batchOffset, filters });
        const sars = [...('unbatched' in found ? (found.unbatched ?? []) : []), ...found.batches.flatMap((b) => ('sars' in b ? (b.sars ?? []) : []))];
        out.push(...sars.map((r) => columns.map((c) => SAR_FILING_COLUMNS[c](r))));
        batchOffset += found.batches.length;
        if (found.batches.length === 0 || batchOffset >= found.count) done = true;
      }
      written += out.length;
      return { count: done ? written : written + 1, rows: out };
    },
  };
}

export const sarFilingExport: ExportSource = { permission: 'read_sars', source: sarFilingSource };
