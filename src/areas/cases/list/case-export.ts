// What "Export" on the case list asks for: the list's request (filters and sort) and its visible
// columns, in the agent's order, as the export's columns (`id` first).
import type { components } from '../../../../openapi/schema';
import type { ExportRequest } from '../../../api/file-exports/mutations';
import type { CaseListRequest } from '../../../api/cases/queries';

type S = components['schemas'];

const EXPORTABLE = new Set<string>([
  'id',
  'title',
  'status',
  'created_at',
  'deadline',
  'disposition',
  'assigned_to_name',
  'queue_title',
  'alert_count',
  'sar_count',
  'tags',
] satisfies S['CaseExportColumn'][]);

export function caseExportColumns(visibleKeys: readonly (string | undefined)[]): S['CaseExportColumn'][] {
  const keys = ['id', ...visibleKeys].filter((k): k is string => k !== undefined && EXPORTABLE.has(k));
  return [...new Set(keys)] as S['CaseExportColumn'][];
}

/** The list's paging is not sent on: the server exports every row of the filters (it ignores limit and offset). */
export function caseExportRequest(filters: CaseListRequest, visibleKeys: readonly (string | undefined)[], format: 'CSV' | 'XLSX'): ExportRequest {
  return { list: 'cases', body: { format, columns: caseExportColumns(visibleKeys), filters: { ...filters, limit: 200, offset: 0 } } };
}
