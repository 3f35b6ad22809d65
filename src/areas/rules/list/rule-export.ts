// What "Export" on the rules list asks for: the list's filters (statuses, queue, the title search)
// and its columns in its order (the list has no column chooser), the rule's id first and its last
// validation as its status, time and hits.
import type { components } from '../../../../openapi/schema';
import type { ExportRequest } from '../../../api/file-exports/mutations';
import type { RuleListFilters } from '../../../api/rules/queries';

type S = components['schemas'];

export const RULE_EXPORT_COLUMNS: S['RuleExportColumn'][] = [
  'id',
  'status',
  'title',
  'queue',
  'last_validation_status',
  'last_validation_at',
  'last_validation_hits',
  'alerts_30d',
  'owner',
  'updated_at',
];

export function ruleExportRequest(filters: RuleListFilters, format: 'CSV' | 'XLSX'): ExportRequest {
  const q = filters.q.trim();
  return {
    list: 'rules',
    body: {
      format,
      columns: RULE_EXPORT_COLUMNS,
      filters: {
        ...(filters.statuses.length ? { status: filters.statuses } : {}),
        ...(filters.queueId !== null ? { queue_id: filters.queueId } : {}),
        ...(q ? { q } : {}),
      },
    },
  };
}
