import type { components } from '../../../../openapi/schema.js';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import type { Cell } from '../writer.js';
import type { ExportParameters, ExportSource, RowSource } from './types.js';
import { listAlerts } from '../../alerts/index.js';
import { names } from './types.js';

type S = components['schemas'];

const ALERT_COLUMNS: Record<S['AlertExportColumn'], (a: S['AlertListItem']) => Cell> = {
  id: (a) => a.id,
  title: (a) => a.title,
  status: (a) => a.status,
  alert_type: (a) => a.alert_type,
  created_at: (a) => a.created_at,
  deadline: (a) => a.deadline ?? null,
  disposition: (a) => a.disposition ?? null,
  amount_volume: (a) => a.amount_volume ?? null,
  currency: (a) => a.currency ?? null,
  alert_score: (a) => a.alert_score?.score ?? null,
  assigned_to_name: (a) => a.assigned_to_name ?? null,
  queue_title: (a) => a.queue_title ?? null,
  rules: (a) => names(a.rules),
  tags: (a) => names(a.tags),
  case_id: (a) => a.case_id ?? null,
};

/** The alert list pages at most 200 rows. */
const ALERT_PAGE = 200;

function alertSource(db: Db, p: Principal, params: ExportParameters, pageRows: number): RowSource {
  const columns = (params.columns?.length ? params.columns : Object.keys(ALERT_COLUMNS)) as S['AlertExportColumn'][];
  const filters = (params.filters ?? {}) as S['AlertListRequest'];
  return {
    header: columns,
    async page(offset) {
      const found = await listAlerts(db, p, { ...filters, limit: Math.min(pageRows, ALERT_PAGE), offset });
      return { count: found.count, rows: found.alerts.map((a) => columns.map((c) => ALERT_COLUMNS[c](a))) };
    },
  };
}

export const alertExport: ExportSource = { permission: 'read_alerts', source: alertSource };
