// What "Export" on a rule's Validation runs table asks for: the rule's runs (every one, newest
// first, as the table lists them) in the table's columns and order, the run's id first, its window
// as start and end and who asked after when.
import type { components } from '../../../../../openapi/schema';
import type { ExportRequest } from '../../../../api/file-exports/mutations';

type S = components['schemas'];

export const VALIDATION_EXPORT_COLUMNS: S['RuleValidationExportColumn'][] = [
  'id',
  'status',
  'window_start',
  'window_end',
  'evaluated_events',
  'hits',
  'alerts',
  'entities',
  'errors',
  'created_at',
  'created_by',
  'finished_at',
  'error',
];

export function validationExportRequest(ruleId: number, format: 'CSV' | 'XLSX'): ExportRequest {
  return { list: 'rule-validations', body: { format, columns: VALIDATION_EXPORT_COLUMNS, filters: { rule_id: ruleId } } };
}
