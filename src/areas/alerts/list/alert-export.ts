// What "Export" on the alert list asks for: the list's request (filters and sort) and its visible
// columns, in the agent's order, as the export's columns (the amount with its currency).
import type { components } from '../../../../openapi/schema';
import type { AlertListFilters } from '../../../api/alerts/queries';
import type { ExportRequest } from '../../../api/file-exports/mutations';

type S = components['schemas'];

const EXPORTABLE = new Set<string>([
  'id',
  'title',
  'status',
  'alert_type',
  'created_at',
  'deadline',
  'disposition',
  'amount_volume',
  'currency',
  'alert_score',
  'assigned_to_name',
  'queue_title',
  'rules',
  'tags',
  'case_id',
] satisfies S['AlertExportColumn'][]);

export function alertExportColumns(visibleKeys: readonly (string | undefined)[]): S['AlertExportColumn'][] {
  const out: S['AlertExportColumn'][] = [];
  const add = (k: string) => {
    if (EXPORTABLE.has(k) && !out.includes(k as S['AlertExportColumn'])) out.push(k as S['AlertExportColumn']);
  };
  add('id');
  for (const key of visibleKeys) {
    if (!key) continue;
    add(key);
    if (key === 'amount_volume') add('currency');
  }
  return out;
}

/** The list's paging is not sent on: the server exports every row of the filters (it ignores limit and offset). */
export function alertExportRequest(filters: AlertListFilters, visibleKeys: readonly (string | undefined)[], format: 'CSV' | 'XLSX'): ExportRequest {
  return { list: 'alerts', body: { format, columns: alertExportColumns(visibleKeys), filters: { ...filters, limit: 200, offset: 0 } } };
}
