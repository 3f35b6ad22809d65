// What "Export" on the Filings list asks for when it lists SARs: the list's filters (statuses,
// queue, reviewer, created days) and its SAR columns in its order, the SAR's id first and its batch
// last (the list groups by it). The page is not sent on: every SAR of the filters is exported.
import type { components } from '../../../../openapi/schema';
import type { ExportRequest } from '../../../api/file-exports/mutations';
import type { FilingListFilters, SarStatus } from '../../../api/filings/list';

type S = components['schemas'];

export const SAR_FILING_EXPORT_COLUMNS: S['SarFilingExportColumn'][] = ['id', 'name', 'status', 'queue', 'reviewer', 'filed_at', 'bsa_id', 'batch_id'];

export function sarFilingExportRequest(filters: FilingListFilters, format: 'CSV' | 'XLSX'): ExportRequest {
  return {
    list: 'sar-filings',
    body: {
      format,
      columns: SAR_FILING_EXPORT_COLUMNS,
      filters: {
        // the list of SARs filters by SAR statuses only
        statuses: filters.statuses as SarStatus[],
        queue_id: filters.queueId,
        reviewer_id: filters.reviewerId,
        created_from: filters.createdFrom,
        created_to: filters.createdTo,
      },
    },
  };
}
