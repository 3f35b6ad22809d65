import { sql } from 'drizzle-orm';
import type { Principal } from '../auth/principal.js';
import { notFound } from '../lib/errors.js';
import { firstRow, type SqlRunner, assertId } from '../db/sql.js';
import { visibleAlert, visibleCase, visibleSar } from '../auth/visibility.js';
import { aiOutput, detectionModel, ruleValidation, type RuleRow, type ValidationRow } from './cases.mappers.js';
import { loadCases, loadSar } from './cases.queries.js';
import { ownerDocuments } from '../modules/documents/index.js';
import { cachedLoaders } from '../domain/cold-storage/cached.js';
import { defineHandlers } from '../modules/types.js';

async function visibleRule(db: SqlRunner, p: Principal, id: number) {
  const row = await firstRow<{ id: number }>(db, sql`select id from rules where org_id = ${p.orgId} and id = ${assertId(id, 'Rule')}`);
  if (!row) throw notFound('Rule');
  return row;
}

const RELATIONS = { ALERT: visibleAlert, CASE: visibleCase, SAR: visibleSar, RULE: visibleRule } as const;

export const casesHandlers = defineHandlers({
  // Visibility first (restricted queues), then the cold-storage state, then the case.
  async getCachedCase({ db, principal, params }) {
    await visibleCase(db, principal, params.id);
    const loader = await cachedLoaders(db, principal.orgId, 'CASE', [params.id]);
    const [found] = await loadCases(db, principal, [params.id], false);
    if (!found) throw notFound('Case');
    return { ...found, data_loader: loader(found.id) } as never;
  },

  async listCaseDocuments({ db, principal, params }) {
    await visibleCase(db, principal, params.id);
    return { documents: await ownerDocuments(db, principal.orgId, 'CASE', params.id) };
  },

  async retrieveCases({ db, principal, body }) {
    return { results: await loadCases(db, principal, body.object_ids, body.short ?? false) };
  },

  async getCachedSar({ db, principal, params }) {
    await visibleSar(db, principal, params.id);
    const loader = await cachedLoaders(db, principal.orgId, 'SAR', [params.id]);
    return { ...(await loadSar(db, principal, params.id)), data_loader: loader(params.id) };
  },

  async getSar({ db, principal, params }) {
    return loadSar(db, principal, params.id);
  },

  async getDetectionModel({ db, principal, params }) {
    const row = await firstRow<RuleRow>(
      db,
      sql`select id, title, description, status, spec, created_at, updated_at from rules where org_id = ${principal.orgId} and id = ${assertId(params.id, 'Detection model')}`,
    );
    if (!row) throw notFound('Detection model');
    return detectionModel(row);
  },

  async getDetectionModelValidation({ db, principal, params }) {
    const row = await firstRow<ValidationRow>(
      db,
      sql`select v.id, v.rule_id, v.status, v.spec, v.created_at, v.finished_at, v.result,
          (select count(*)::int from alerts a where a.org_id = v.org_id and a.rule_validation_id = v.id) as alerts
        from rule_validations v where v.org_id = ${principal.orgId} and v.id = ${assertId(params.id, 'Validation')}`,
    );
    if (!row) throw notFound('Validation');
    return ruleValidation(row);
  },

  async getAiAgentOutputs({ db, principal, body }) {
    await RELATIONS[body.relation_type](db, principal, body.relation_id);
    const row = await firstRow<{ is_reviewing: boolean; signals: unknown }>(
      db,
      sql`select is_reviewing, signals from ai_agent_outputs
        where org_id = ${principal.orgId} and relation_type = ${body.relation_type} and relation_id = ${body.relation_id}
        order by updated_at desc, id desc limit 1`,
    );
    return aiOutput(row);
  },
});
