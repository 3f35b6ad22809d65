import type { components } from '../../../../openapi/schema.js';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import type { Cell } from '../writer.js';
import type { ExportParameters, ExportSource, RowSource } from './types.js';
import { listCases } from '../../cases/index.js';
import { names } from './types.js';

type S = components['schemas'];

const CASE_COLUMNS: Record<S['CaseExportColumn'], (c: S['CaseListItem']) => Cell> = {
  id: (c) => c.id,
  title: (c) => c.title,
  status: (c) => c.status,
  created_at: (c) => c.created_at,
  deadline: (c) => c.deadline ?? null,
  disposition: (c) => c.disposition ?? null,
  assigned_to_name: (c) => c.assigned_to_name ?? null,
  queue_title: (c) => c.queue_title ?? null,
  alert_count: (c) => c.alert_count,
  sar_count: (c) => c.sar_count,
  tags: (c) => names(c.tags),
};

/** The case list pages at most 200 rows. */
const CASE_PAGE = 200;

function caseSource(db: Db, p: Principal, params: ExportParameters, pageRows: number): RowSource {
  const columns = (params.columns?.length ? params.columns : Object.keys(CASE_COLUMNS)) as S['CaseExportColumn'][];
  const filters = (params.filters ?? {}) as S['CaseListRequest'];
  return {
    header: columns,
    async page(offset) {
      const found = await listCases(db, p, { ...filters, limit: Math.min(pageRows, CASE_PAGE), offset });
      return { count: found.count, rows: found.cases.map((c) => columns.map((k) => CASE_COLUMNS[k](c))) };
    },
  };
}

export const caseExport: ExportSource = { permission: 'read_cases', source: caseSource };
