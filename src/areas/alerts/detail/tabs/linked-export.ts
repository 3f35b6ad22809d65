// What "Export" on the alert's Entities and Instruments tabs asks for: the tab's rows (the entities
// or instruments the alert flags, ordered by id, as the tab reads them) in the tab's columns, the
// id first. The tabs have no filters and no column chooser.
import type { components } from '../../../../../openapi/schema';
import type { ExportRequest } from '../../../../api/file-exports/mutations';

type S = components['schemas'];
type Format = 'CSV' | 'XLSX';

/** Name, External ID, Type, Status, Risk score, Created. */
export const ENTITY_EXPORT_COLUMNS: S['EntityExportColumn'][] = ['id', 'name', 'external_id', 'entity_type', 'status', 'risk_score', 'created_at'];

/** Instrument (its external id), Type, Status, Created. */
export const INSTRUMENT_EXPORT_COLUMNS: S['InstrumentExportColumn'][] = ['id', 'external_id', 'instrument_type', 'status', 'created_at'];

export function entityExportRequest(alertId: number, format: Format): ExportRequest {
  return { list: 'entities', body: { format, columns: ENTITY_EXPORT_COLUMNS, filters: { alert_ids: [alertId] } } };
}

export function instrumentExportRequest(alertId: number, format: Format): ExportRequest {
  return { list: 'instruments', body: { format, columns: INSTRUMENT_EXPORT_COLUMNS, filters: { alert_ids: [alertId] } } };
}
