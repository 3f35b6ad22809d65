import { sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { notFound } from '../../lib/errors.js';
import { firstRow, type SqlRunner, assertId } from '../../db/sql.js';
import { detectionModel, ruleValidation, type RuleRow, type ValidationRow } from './detection-models.mappers.js';
import { defineHandlers } from '../types.js';

/** A rule exists in the caller's organisation, or 404. */
export async function visibleRule(db: SqlRunner, p: Principal, id: number) {
  const row = await firstRow<{ id: number }>(db, sql`select id from rules where org_id = ${p.orgId} and id = ${assertId(id, 'Rule')}`);
  if (!row) throw notFound('Rule');
  return row;
}

/** A detection model (a rule) and one of its validation runs. */
export const detectionModelHandlers = defineHandlers({
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
});
