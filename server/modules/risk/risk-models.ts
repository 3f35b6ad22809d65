import { sql } from 'drizzle-orm';
import { riskModelSnapshot } from '../../../machines/riskModel.machine.js';
import { defaultRiskModel } from '../../../core/risk/model.defaults.js';
import { dataSettingRefs, validateRiskModel, type RiskModelDraft } from '../../../core/risk/model.validation.js';
import { enqueueRescoreAll } from '../../domain/risk/index.js';
import { enqueueRiskValidation } from '../../jobs/risk-validation.js';
import { wakeWorkers } from '../../jobs/worker.js';
import { audit } from '../../lib/audit.js';
import { canonicalJson } from '../../lib/canonical-json.js';
import { ApiError, badRequest, conflict, notFound } from '../../lib/errors.js';
import type { SqlRunner } from '../../db/sql.js';
import { riskModel, riskSegments, type RiskModelRow } from './risk.mappers.js';
import { EDITABLE_DRAFT, insertRiskModel, riskModelRow, riskModelRows, unknownDataSettings, updateRiskModelWhere, violates } from './risk.queries.js';
import { defineHandlers } from '../types.js';

/**
 * Risk models: list, read, create a draft with the spec's defaults, copy a model into a draft, save
 * a draft, validate it (a durable job), activate it, archive. Which request a model takes is the
 * lifecycle machine's answer for its stored state (machines/riskModel.machine.ts); the writes also
 * repeat the condition in SQL, so a request racing another changes nothing.
 */

export const ONLY_ONE_ACTIVE = 'Only one active risk model is allowed.';
const CANNOT = {
  'model.edit': 'Only a draft whose validation is not queued or in progress can be edited.',
  'validation.request': 'Only a draft whose validation is not queued or in progress can be validated.',
  'model.activate': 'Only a draft whose last validation succeeded can be activated.',
  'model.archive': 'Archived models, and drafts whose validation is queued or in progress, cannot be archived.',
} as const;

async function load(db: SqlRunner, orgId: number, id: number): Promise<RiskModelRow> {
  const row = await riskModelRow(db, orgId, id);
  if (!row) throw notFound('Risk model');
  return row;
}

function allow(row: RiskModelRow, type: keyof typeof CANNOT) {
  if (!riskModelSnapshot(row.status, row.last_validation_status).can({ type })) throw conflict(CANNOT[type]);
}

/** The editable fields of a stored model, as the editor would send them back unchanged. */
function editable(row: RiskModelRow) {
  const m = riskModel(row);
  return {
    title: m.title,
    description: m.description,
    high_risk_floor: m.high_risk_floor,
    low_risk_ceiling: m.low_risk_ceiling,
    entity_risk_segments: m.entity_risk_segments,
  };
}

async function checkSettings(db: SqlRunner, orgId: number, model: RiskModelDraft) {
  const refs = dataSettingRefs(model);
  const unknown = new Set(await unknownDataSettings(db, orgId, [...new Set(refs.map((r) => r.id))]));
  if (!unknown.size) return;
  const details = refs.filter((r) => unknown.has(r.id)).map((r) => ({ path: `body/${r.path.replaceAll('.', '/')}`, message: 'No such data setting.' }));
  throw badRequest('Invalid risk model: it names a data setting the organisation does not have', details);
}

/** Every risk model of the organisation as the risk ratings list shows them: the active one first, then drafts, then archived. */
export async function listRiskModels(db: SqlRunner, orgId: number) {
  return (await riskModelRows(db, orgId)).map(riskModel);
}

export const riskModelHandlers = defineHandlers({
  async listRiskModels({ db, principal }) {
    return { risk_models: await listRiskModels(db, principal.orgId) };
  },

  async getRiskModel({ db, principal, params }) {
    return riskModel(await load(db, principal.orgId, params.id));
  },

  async createRiskModel({ db, req, principal, body }) {
    const draft = { ...defaultRiskModel(body.title.trim() || body.title), description: body.description?.trim() || null };
    const id = await db.transaction(async (tx) => {
      const created = await insertRiskModel(tx, principal.orgId, principal.agentId, { ...draft, segments: draft.entity_risk_segments });
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'risk_model.created',
        objectType: 'RISK_MODEL',
        objectId: created,
        before: null,
        after: { title: draft.title },
      });
      return created;
    });
    return riskModel(await load(db, principal.orgId, id));
  },

  async duplicateRiskModel({ db, req, principal, params }) {
    const source = await load(db, principal.orgId, params.id);
    const copy = editable(source);
    const id = await db.transaction(async (tx) => {
      // the copy holds the contract's shape (integer ids, lower-case enums) whatever the source stored
      const created = await insertRiskModel(tx, principal.orgId, principal.agentId, {
        ...copy,
        title: `Copy of ${copy.title}`.slice(0, 200),
        segments: copy.entity_risk_segments,
      });
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'risk_model.duplicated',
        objectType: 'RISK_MODEL',
        objectId: created,
        before: null,
        after: { source_id: source.id },
      });
      return created;
    });
    return riskModel(await load(db, principal.orgId, id));
  },

  async updateRiskModel({ db, req, principal, params, body }) {
    const row = await load(db, principal.orgId, params.id);
    allow(row, 'model.edit');
    const checked = validateRiskModel(body);
    if (!checked.model) {
      const details = checked.errors.map((e) => ({ path: `body/${e.path.replaceAll('.', '/')}`, message: e.message }));
      throw badRequest(`Invalid risk model: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}`, details);
    }
    const next = checked.model;
    await checkSettings(db, principal.orgId, next);
    const before = editable(row);
    // saving what is already there keeps the last validation; any change makes it stale
    if (canonicalJson(before) === canonicalJson(next)) return riskModel(row);
    await db.transaction(async (tx) => {
      const saved = await updateRiskModelWhere(
        tx,
        principal.orgId,
        row.id,
        sql`title = ${next.title}, description = ${next.description}, high_risk_floor = ${next.high_risk_floor},
          low_risk_ceiling = ${next.low_risk_ceiling}, segments = ${JSON.stringify(next.entity_risk_segments)}::jsonb,
          last_validation_status = null, last_validation_result = null, last_validated_at = null`,
        EDITABLE_DRAFT,
      );
      if (!saved) throw conflict(CANNOT['model.edit']);
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'risk_model.updated',
        objectType: 'RISK_MODEL',
        objectId: row.id,
        before,
        after: { ...next },
      });
    });
    return riskModel(await load(db, principal.orgId, row.id));
  },

  async validateRiskModel({ db, req, principal, params }) {
    const row = await load(db, principal.orgId, params.id);
    allow(row, 'validation.request');
    if (!riskSegments(row.segments).segments.some((s) => s.parameters.length > 0)) {
      throw badRequest('A risk model needs at least one parameter to be validated.', [
        { path: 'body/entity_risk_segments', message: 'A risk model needs at least one parameter to be validated.' },
      ]);
    }
    await db.transaction(async (tx) => {
      const queued = await updateRiskModelWhere(
        tx,
        principal.orgId,
        row.id,
        sql`last_validation_status = 'queued', last_validation_result = null, last_validated_at = now()`,
        EDITABLE_DRAFT,
      );
      if (!queued) throw conflict(CANNOT['validation.request']);
      // queued with the status in one transaction: a queued validation always has its job
      await enqueueRiskValidation(tx, principal.orgId, row.id);
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'risk_model.validation_requested',
        objectType: 'RISK_MODEL',
        objectId: row.id,
      });
    });
    wakeWorkers();
    return riskModel(await load(db, principal.orgId, row.id));
  },

  async activateRiskModel({ db, req, principal, params }) {
    try {
      await db.transaction(async (tx) => {
        // the row lock orders this activation after any other change of the same model
        await tx.execute(sql`select id from risk_models where org_id = ${principal.orgId} and id = ${params.id} for update`);
        const row = await load(tx, principal.orgId, params.id);
        allow(row, 'model.activate');
        const previous = await riskModelRows(tx, principal.orgId).then((all) => all.find((m) => m.status === 'active'));
        await tx.execute(
          sql`update risk_models set status = 'archived', updated_at = now() where org_id = ${principal.orgId} and status = 'active' and id <> ${row.id}`,
        );
        // the partial unique index risk_models_one_active_per_org_idx refuses a second active model
        await tx.execute(
          sql`update risk_models set status = 'active', activated_at = now(), updated_at = now() where org_id = ${principal.orgId} and id = ${row.id}`,
        );
        await enqueueRescoreAll(tx, principal.orgId, row.id);
        await audit(tx, req, {
          orgId: principal.orgId,
          agentId: principal.agentId,
          action: 'risk_model.activated',
          objectType: 'RISK_MODEL',
          objectId: row.id,
          before: { status: row.status },
          after: { status: 'active' },
          details: { archived_model_id: previous?.id ?? null },
        });
      });
    } catch (error) {
      if (violates(error, 'risk_models_one_active_per_org_idx')) throw new ApiError('single_active_risk_model_error', ONLY_ONE_ACTIVE);
      throw error;
    }
    wakeWorkers();
    return riskModel(await load(db, principal.orgId, params.id));
  },

  async archiveRiskModel({ db, req, principal, params }) {
    const row = await load(db, principal.orgId, params.id);
    allow(row, 'model.archive');
    await db.transaction(async (tx) => {
      const archived = await updateRiskModelWhere(tx, principal.orgId, row.id, sql`status = 'archived'`, sql`status = 'active' or (${EDITABLE_DRAFT})`);
      if (!archived) throw conflict(CANNOT['model.archive']);
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'risk_model.archived',
        objectType: 'RISK_MODEL',
        objectId: row.id,
        before: { status: row.status },
        after: { status: 'archived' },
      });
    });
    return riskModel(await load(db, principal.orgId, row.id));
  },
});
