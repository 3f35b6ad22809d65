import type { components } from '../../../../openapi/schema.js';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import type { Cell } from '../writer.js';
import { names, type ExportParameters, type ExportSource, type RowSource } from './types.js';
import { listRiskModels } from '../../risk/index.js';

type S = components['schemas'];
type Model = S['RiskModel'];

const RISK_RATING_COLUMNS: Record<S['RiskRatingExportColumn'], (m: Model) => Cell> = {
  id: (m) => m.id,
  title: (m) => m.title,
  status: (m) => m.status,
  last_validation_status: (m) => m.last_validation?.status ?? null,
  last_validation_at: (m) => m.last_validation?.validated_at ?? null,
  low_risk_ceiling: (m) => m.low_risk_ceiling,
  high_risk_floor: (m) => m.high_risk_floor,
  segments: (m) => names(m.entity_risk_segments),
  rated_low: (m) => m.last_validation?.distribution?.low ?? null,
  rated_medium: (m) => m.last_validation?.distribution?.medium ?? null,
  rated_high: (m) => m.last_validation?.distribution?.high ?? null,
  created_by: (m) => m.created_by?.full_name ?? null,
  created_at: (m) => m.created_at,
  updated_at: (m) => m.updated_at,
  activated_at: (m) => m.activated_at,
};

/**
 * The risk ratings list: every risk model of the organisation in the list's order (the active one
 * first, then drafts, then archived, the most recently changed first within each). The list is not
 * paged (a handful of models), so the models are read once and written page by page.
 */
function riskRatingSource(db: Db, p: Principal, params: ExportParameters, pageRows: number): RowSource {
  const columns = (params.columns?.length ? params.columns : Object.keys(RISK_RATING_COLUMNS)) as S['RiskRatingExportColumn'][];
  let models: Promise<Model[]> | null = null;
  return {
    header: columns,
    async page(offset) {
      models ??= listRiskModels(db, p.orgId);
      const all = await models;
      return { count: all.length, rows: all.slice(offset, offset + pageRows).map((m) => columns.map((c) => RISK_RATING_COLUMNS[c](m))) };
    },
  };
}

export const riskRatingExport: ExportSource = { permission: 'read_risk_ratings', source: riskRatingSource };
