// What "Export" on the action events tab asks for: the list's request (filters and order) and its
// visible columns, in the agent's order: native columns by their export names, a data setting's
// column as the list names it (ds:{id}), the action event's id first.
import type { components } from '../../../../openapi/schema';
import type { ExportRequest } from '../../../api/file-exports/mutations';
import type { ActionEventListFilters } from '../../../api/action-events/queries';

type S = components['schemas'];
type Column = NonNullable<S['ActionEventExportRequest']['columns']>[number];

const NATIVE = new Set<string>([
  'id',
  'external_id',
  'event_time',
  'action_type',
  'entity',
  'instrument',
  'ip_address',
  'device_fingerprint',
  'tags',
] satisfies S['ActionEventExportColumn'][]);

export function actionEventExportColumns(visibleKeys: readonly (string | undefined)[]): Column[] {
  const keys = ['id', ...visibleKeys].flatMap((k): string[] => {
    if (k === undefined) return [];
    if (/^ds:[0-9]{1,10}$/.test(k)) return [k];
    return NATIVE.has(k) ? [k] : [];
  });
  return [...new Set(keys)] as Column[];
}

/** The list's paging is not sent on: the server exports every row of the filters (it ignores limit and offset). */
export function actionEventExportRequest(filters: ActionEventListFilters, visibleKeys: readonly (string | undefined)[], format: 'CSV' | 'XLSX'): ExportRequest {
  return { list: 'action-events', body: { format, columns: actionEventExportColumns(visibleKeys), filters: { ...filters, limit: 100, offset: 0 } } };
}
