// What "Export" on the risk ratings list asks for: every model the list shows (it has no filters)
// in its columns and order: title, status, last validation (its status, time and the ratings it
// gave), thresholds, segments and last change, the model's id first. CSV only (RISK_RATINGS_CSV).
import type { components } from '../../../../openapi/schema';
import type { ExportRequest } from '../../../api/file-exports/mutations';

type S = components['schemas'];

export const RISK_RATING_EXPORT_COLUMNS: S['RiskRatingExportColumn'][] = [
  'id',
  'title',
  'status',
  'last_validation_status',
  'last_validation_at',
  'rated_low',
  'rated_medium',
  'rated_high',
  'low_risk_ceiling',
  'high_risk_floor',
  'segments',
  'updated_at',
];

export const RISK_RATING_EXPORT_FORMATS = ['CSV'] as const;

export function riskRatingExportRequest(): ExportRequest {
  return { list: 'risk-ratings', body: { format: 'CSV', columns: RISK_RATING_EXPORT_COLUMNS } };
}
