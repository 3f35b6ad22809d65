import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import { notFound } from '../../lib/errors.js';
import { firstRow, rows } from '../../db/sql.js';
import { cachedLoaders, withDataLoaders } from '../../domain/cold-storage/cached.js';
import { loadTransactions } from './load.js';
import { loadViewer } from '../../domain/censorship/viewer.js';
import type { DataLoader } from '../../domain/cold-storage/read.js';
import { shapValues } from './shap-values.js';
import { transactionPage } from './list.queries.js';
import { defineHandlers, type HandlerContext } from '../types.js';

type S = components['schemas'];

async function oneTransaction(ctx: HandlerContext<'getTransaction'> | HandlerContext<'getCachedTransaction'>, id: number, loader: DataLoader) {
  const [txn] = await loadTransactions(ctx.db, await loadViewer(ctx.db, ctx.principal), [id], loader);
  if (!txn) throw notFound('Transaction');
  return txn;
}

async function listPage(ctx: HandlerContext<'listTransactions'> | HandlerContext<'listCachedTransactions'>, loader: DataLoader) {
  const filters = ctx.body;
  const { count, ids } = await transactionPage(ctx.db, ctx.principal, filters);
  return { count, txn_events: await loadTransactions(ctx.db, await loadViewer(ctx.db, ctx.principal), ids, loader) };
}

interface EvaluationRow {
  id: number;
  evaluation_id: string;
  event_id: number;
  is_shadow: boolean;
  rule_executions: Record<string, { rule_name?: unknown; status?: unknown; rule_status?: unknown }> | null;
}

const EXECUTION_STATUSES = new Set(['PASS', 'FAIL', 'ERROR']);

/** A log as the contract shows it; the engine's compact entries take the rule's name from the rule and its status from the log's kind. */
function evaluationLog(row: EvaluationRow, titles: Map<string, string>): S['EvaluationLog'] {
  const executions: S['EvaluationLog']['rule_executions'] = {};
  for (const [ruleId, e] of Object.entries(row.rule_executions ?? {})) {
    if (!/^[0-9]+$/.test(ruleId) || !e || typeof e !== 'object') continue;
    executions[ruleId] = {
      rule_name: typeof e.rule_name === 'string' ? e.rule_name : (titles.get(ruleId) ?? `Rule ${ruleId}`),
      status: (EXECUTION_STATUSES.has(String(e.status)) ? e.status : 'ERROR') as S['RuleExecutionStatus'],
      rule_status: e.rule_status === 'ACTIVE_SHADOW' || (e.rule_status === undefined && row.is_shadow) ? 'ACTIVE_SHADOW' : 'ACTIVE',
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
      sql`select id, evaluation_id, event_id, is_shadow, rule_executions from evaluation_logs
        where org_id = ${principal.orgId} and event_id = ${txn.id} order by created_at, id`,
    );
    const rules = await rows<{ id: number; title: string }>(db, sql`select id, title from rules where org_id = ${principal.orgId}`);
    const titles = new Map(rules.map((r) => [String(r.id), r.title]));
    return { evaluation_logs: logs.map((l) => evaluationLog(l, titles)) };
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
});
