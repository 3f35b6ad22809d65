import { sql } from 'drizzle-orm';
import type { components } from '../../openapi/schema.js';
import { firstRow, rows } from '../lib/sql.js';
import { textArray, type Ts } from './investigation.mappers.js';
import { riskModel, riskSegments, scoreResult } from './risk.mappers.js';
import { activeRiskModelRow } from './risk.queries.js';
import { defineHandlers } from './types.js';

type S = components['schemas'];

export const riskHandlers = defineHandlers({
  async getActiveRiskModel({ db, principal }) {
    const row = await activeRiskModelRow(db, principal.orgId);
    return row ? riskModel(row) : {};
  },

  async getEntityRiskScores({ db, principal, body }) {
    const model = await firstRow<{ id: number; title: string; segments: unknown }>(
      db,
      sql`select id, title, segments from risk_models where org_id = ${principal.orgId} and status = 'active' limit 1`,
    );
    // the latest result of each requested entity under the active model (index risk_score_results_org_entity_idx)
    const found = await rows<{ external_id: string; score: number | null; created_at: Ts | null; snapshot: unknown }>(
      db,
      sql`select e.external_id, r.score, r.created_at, r.snapshot from entities e
        left join lateral (select rs.score::float8 as score, rs.created_at, rs.snapshot from risk_score_results rs
          where rs.org_id = e.org_id and rs.entity_id = e.id and rs.risk_model_id = ${model?.id ?? 0}
          order by rs.created_at desc, rs.id desc limit 1) r on true
        where e.org_id = ${principal.orgId} and e.external_id = any(${textArray(body.entity_external_ids)})`,
    );
    const ids = riskSegments(model?.segments).ids;
    const results: Record<string, S['EntityRiskScore']> = {};
    for (const r of found) {
      results[r.external_id] = {
        risk_model: model ? { id: model.id, title: model.title } : null,
        result: model && r.score != null && r.created_at ? scoreResult(r.score, r.created_at, r.snapshot, ids) : null,
      };
    }
    return { results };
  },
});
