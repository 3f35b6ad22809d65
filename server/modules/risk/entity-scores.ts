import type { components } from '../../../openapi/schema.js';
import { expandSnapshot, isStoredSnapshot } from '../../domain/risk/trace.js';
import { riskModel, scoreResult } from './risk.mappers.js';
import { activeRiskModelRow, latestScoreRows, scoringModel, type ScoringModel } from './risk.queries.js';
import { defineHandlers } from '../types.js';

type S = components['schemas'];

export const entityScoresHandlers = defineHandlers({
  async getActiveRiskModel({ db, principal }) {
    const row = await activeRiskModelRow(db, principal.orgId);
    return row ? riskModel(row) : {};
  },

  async getEntityRiskScores({ db, principal, body }) {
    const found = await latestScoreRows(db, principal.orgId, body.entity_external_ids);
    const modelId = found.find((r) => r.model_id !== null)?.model_id ?? null;
    const model: ScoringModel | undefined = modelId === null ? undefined : await scoringModel(db, principal.orgId, modelId);
    const results: Record<string, S['EntityRiskScore']> = {};
    for (const r of found) {
      const ref = r.model_id !== null && r.model_title !== null ? { id: r.model_id, title: r.model_title } : null;
      let result: S['RiskScoreResult'] | null = null;
      if (ref && model && r.score != null && r.created_at) {
        // the engine stores lean snapshots, rebuilt into the full trace here; older rows hold the full trace
        const snapshot = isStoredSnapshot(r.snapshot) ? expandSnapshot(model.engine, r.snapshot) : r.snapshot;
        result = scoreResult(r.score, r.created_at, snapshot, model.ids);
      }
      results[r.external_id] = { risk_model: ref, result };
    }
    return { results };
  },
});
