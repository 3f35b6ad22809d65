import { sql } from 'drizzle-orm';
import type { components } from '../../openapi/schema.js';
import type { Db } from '../db/client.js';
import { audit } from '../lib/audit.js';
import { badRequest, conflict, notFound } from '../lib/errors.js';
import { firstRow, rows, intArray, iso, type Ts } from '../db/sql.js';
import { tag } from './alerts.mappers.js';
import { cachedLoaders, withDataLoaders } from '../domain/cold-storage/cached.js';
import { loadActionEvents, loadTransactions } from './transactions.mappers.js';
import { loadViewer } from '../domain/censorship/viewer.js';
import { type DataLoader } from './investigation.mappers.js';
import { deviceSignals } from './device-signals.queries.js';
import { replaceObjectTags, requireOrgTags, shapValues, taggableExternalId, transactionPage, type TransactionListRequest } from './transactions.queries.js';
import { defineHandlers, type HandlerContext } from '../modules/types.js';

type S = components['schemas'];

async function oneTransaction(ctx: HandlerContext<'getTransaction'> | HandlerContext<'getCachedTransaction'>, id: number, loader: DataLoader) {
  const [txn] = await loadTransactions(ctx.db, await loadViewer(ctx.db, ctx.principal), [id], loader);
  if (!txn) throw notFound('Transaction');
  return txn;
}

async function oneActionEvent(ctx: HandlerContext<'getActionEvent'> | HandlerContext<'getCachedActionEvent'>, id: number, loader: DataLoader) {
  const [event] = await loadActionEvents(ctx.db, await loadViewer(ctx.db, ctx.principal), [id], loader);
  if (!event) throw notFound('Action event');
  return event;
}

async function listPage(ctx: HandlerContext<'listTransactions'> | HandlerContext<'listCachedTransactions'>, loader: DataLoader) {
  const filters = ctx.body as TransactionListRequest;
  const { count, ids } = await transactionPage(ctx.db, ctx.principal, filters);
  return { count, txn_events: await loadTransactions(ctx.db, await loadViewer(ctx.db, ctx.principal), ids, loader) };
}

interface EvaluationRow {
  id: number;
  evaluation_id: string;
  event_id: number;
  rule_executions: Record<string, { rule_name?: unknown; status?: unknown; rule_status?: unknown }> | null;
}

const EXECUTION_STATUSES = new Set(['PASS', 'FAIL', 'ERROR']);

function evaluationLog(row: EvaluationRow): S['EvaluationLog'] {
  const executions: S['EvaluationLog']['rule_executions'] = {};
  for (const [ruleId, e] of Object.entries(row.rule_executions ?? {})) {
    if (!/^[0-9]+$/.test(ruleId) || !e || typeof e !== 'object') continue;
    executions[ruleId] = {
      rule_name: typeof e.rule_name === 'string' ? e.rule_name : `Rule ${ruleId}`,
      status: (EXECUTION_STATUSES.has(String(e.status)) ? e.status : 'ERROR') as S['RuleExecutionStatus'],
      rule_status: e.rule_status === 'ACTIVE_SHADOW' ? 'ACTIVE_SHADOW' : 'ACTIVE',
    };
  }
  // evaluation ids are stored as text; the contract answers integers (the log's own id when not numeric)
  const numeric = /^[0-9]{1,15}$/.test(row.evaluation_id) ? Number(row.evaluation_id) : row.id;
  return { evaluation_id: numeric, event_id: row.event_id, rule_executions: executions };
}

export const transactionsHandlers = defineHandlers({
  async getCachedTransaction(ctx) {
    // the cold-storage state is read first, so a record answered as hot was hot when read
    const loader = await cachedLoaders(ctx.db, ctx.principal.orgId, 'TRANSACTION', [ctx.params.id]);
    return oneTransaction(ctx, ctx.params.id, loader(ctx.params.id));
  },

  async getTransaction(ctx) {
    return oneTransaction(ctx, ctx.body.txn_event_id, null);
  },

  async getShadowEvaluationLog({ db, principal, params }) {
    const txn = await firstRow<{ id: number }>(db, sql`select id from transactions where org_id = ${principal.orgId} and external_id = ${params.externalId}`);
    if (!txn) throw notFound('Transaction');
    const logs = await rows<EvaluationRow>(
      db,
      sql`select id, evaluation_id, event_id, rule_executions from evaluation_logs
        where org_id = ${principal.orgId} and event_id = ${txn.id} order by created_at, id`,
    );
    return { evaluation_logs: logs.map(evaluationLog) };
  },

  async getShapValues({ db, principal, params }) {
    const values = await shapValues(db, principal.orgId, params.id);
    if (!values) throw notFound('Transaction');
    return { values };
  },

  async listTransactions(ctx) {
    return listPage(ctx, null);
  },

  async listCachedTransactions(ctx) {
    const found = await listPage(ctx, null);
    return { ...found, txn_events: await withDataLoaders(ctx.db, ctx.principal.orgId, 'TRANSACTION', found.txn_events) };
  },

  async getCachedActionEvent(ctx) {
    const loader = await cachedLoaders(ctx.db, ctx.principal.orgId, 'ACTION_EVENT', [ctx.params.id]);
    return oneActionEvent(ctx, ctx.params.id, loader(ctx.params.id));
  },

  async getActionEvent(ctx) {
    return oneActionEvent(ctx, ctx.body.action_event_id, null);
  },

  async getDeviceSignals({ db, principal, params }) {
    return deviceSignals(db, principal, params.id);
  },

  async listLabelEdits({ db, principal, query }) {
    const where = sql`org_id = ${principal.orgId} and object_type = ${query.cgdo_type} and object_external_id = ${query.cgdo_external_id}
      and started_at >= now() - make_interval(mins => ${query.within_last_mins ?? 5})`;
    const [counted, found] = await Promise.all([
      firstRow<{ count: number }>(db, sql`select count(*)::int as count from label_edits where ${where}`),
      rows<{ id: number; started_at: Ts; finished_at: Ts | null; requested_by: number | null }>(
        db,
        sql`select id, started_at, finished_at, requested_by from label_edits where ${where}
          order by started_at desc, id desc limit ${query.limit ?? 1}`,
      ),
    ]);
    return {
      count: counted?.count ?? 0,
      data: found.map((e) => ({ id: e.id, started_at: iso(e.started_at), finished_at: iso(e.finished_at), requested_by: e.requested_by })),
    };
  },

  async listTags({ db, principal }) {
    const found = await rows<S['Tag']>(db, sql`select id, title, color from tags where org_id = ${principal.orgId} order by title, id`);
    return { tags: found.map(tag) };
  },

  async editTags({ db, req, principal, body }) {
    if (body.object_type === 'SAR' || body.object_type === 'RULE') throw badRequest(`Objects of type ${body.object_type} carry no tags`);
    const externalId = await taggableExternalId(db, principal, body.object_type, body.object_id);
    await requireOrgTags(db, principal.orgId, body.tag_ids);
    const labelEditId = await db.transaction(async (tx) => {
      // serialises concurrent edits of one object on PostgreSQL; PGlite runs one transaction at a time
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`label_edit:${principal.orgId}:${body.object_type}:${body.object_id}`}))`);
      const inProgress = await firstRow<{ started_at: Ts }>(
        tx,
        sql`select started_at from label_edits where org_id = ${principal.orgId} and object_type = ${body.object_type}
          and object_external_id = ${externalId} and finished_at is null and started_at >= now() - interval '5 minutes'
          order by started_at desc limit 1`,
      );
      if (inProgress) throw conflict(`A label update of this object requested at ${iso(inProgress.started_at)} is still in progress`);
      const edit = await firstRow<{ id: number }>(
        tx,
        sql`insert into label_edits (org_id, object_type, object_external_id, requested_by, tag_ids)
          values (${principal.orgId}, ${body.object_type}, ${externalId}, ${principal.agentId}, ${intArray(body.tag_ids)}) returning id`,
      );
      const previous = await rows<{ tag_id: number }>(
        tx,
        sql`select tag_id from object_tags where org_id = ${principal.orgId} and object_type = ${body.object_type} and object_id = ${body.object_id} order by tag_id`,
      );
      await replaceObjectTags(tx, principal.orgId, body.object_type, body.object_id, body.tag_ids);
      await tx.execute(sql`update label_edits set finished_at = now() where id = ${edit!.id}`);
      await audit(tx as unknown as Db, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'tags.edit',
        objectType: body.object_type,
        objectId: body.object_id,
        before: { tag_ids: previous.map((t) => t.tag_id) },
        after: { tag_ids: [...new Set(body.tag_ids)].sort((a, b) => a - b) },
        details: { label_edit_id: edit!.id },
      });
      return edit!.id;
    });
    const found = await rows<S['Tag']>(
      db,
      sql`select t.id, t.title, t.color from object_tags ot join tags t on t.org_id = ot.org_id and t.id = ot.tag_id
        where ot.org_id = ${principal.orgId} and ot.object_type = ${body.object_type} and ot.object_id = ${body.object_id} order by t.title, t.id`,
    );
    return { object_type: body.object_type, object_id: body.object_id, tags: found.map(tag), label_edit_id: labelEditId };
  },
});
