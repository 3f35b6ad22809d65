import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { firstRow, rows } from '../../db/sql.js';
import { column, toTrackingRecord, TRACKING_COLUMNS, whereClause, type TrackingRow } from './admin.queries.js';
import { defineHandlers } from '../types.js';

type AiAgentStatus = 'unconfigured' | 'needs_permissions' | 'configured';
interface AiAgentRow {
  org_id: number;
  org_name: string;
  status: AiAgentStatus;
}

/**
 * The provider's internal dashboard: these operations span every organisation (the ai_admin agent
 * flag and the ai_admin_dashboard feature flag are checked by the contract).
 */
const aiAgentsQuery = (orgId?: number) =>
  sql`select o.id as org_id, o.display_name as org_name, coalesce(a.status, 'unconfigured') as status
    from organisations o left join ai_agents a on a.org_id = o.id
    ${orgId === undefined ? sql`` : sql`where o.id = ${orgId}`}
    order by o.display_name, o.id`;

async function aiAgentOf(db: Db, orgId: number) {
  return firstRow<AiAgentRow>(db, aiAgentsQuery(orgId));
}

export const aiAdminHandlers = defineHandlers({
  async listAiAgents({ db }) {
    return { agents: await rows<AiAgentRow>(db, aiAgentsQuery()) };
  },

  async autoSetupAiAgent({ db, req, principal, body }) {
    const before = await aiAgentOf(db, body.org_id);
    if (!before) throw notFound('Organisation');
    if (before.status !== 'configured') {
      // Creates the agent when unconfigured, or completes its permissions when it needs them:
      // either way it ends configured.
      await db.execute(sql`insert into ai_agents (org_id, status, configured_at, updated_at)
        values (${body.org_id}, 'configured', now(), now())
        on conflict (org_id) do update set status = 'configured', configured_at = now(), updated_at = now()`);
      await audit(db, req, {
        orgId: body.org_id,
        agentId: principal.agentId,
        action: 'ai_agent.configured',
        objectType: 'AI_AGENT',
        objectId: body.org_id,
        details: { from: before.status, to: 'configured' },
      });
    }
    return (await aiAgentOf(db, body.org_id))!;
  },

  async listAiTracking({ db, body }) {
    const where = whereClause(body.filters);
    const direction = body.sort_direction === 'ascending' ? sql`asc` : sql`desc`;
    const sortColumn = column(body.sort_column ?? 'created_at');
    const total = await firstRow<{ count: number }>(db, sql`select count(*)::int as count from ai_tracking t ${where}`);
    const page = await rows<TrackingRow>(
      db,
      sql`select ${TRACKING_COLUMNS} from ai_tracking t ${where}
        order by ${sortColumn} ${direction} nulls last, t.id ${direction}
        limit ${body.limit ?? 20} offset ${body.offset ?? 0}`,
    );
    return { count: total?.count ?? 0, tracking_info: page.map(toTrackingRecord) as never };
  },

  async getAiStats({ db }) {
    const stats = await rows<{
      org_name: string;
      relation_type: 'ALERT' | 'CASE' | 'SAR' | 'RULE';
      total_cost: number;
      cost_per_relation: number;
      total_llm_calls: number;
      total_relations: number;
    }>(
      db,
      sql`select o.display_name as org_name, r.relation_type,
          coalesce(sum(t.cost), 0)::float8 as total_cost,
          (coalesce(sum(t.cost), 0) / greatest(count(distinct r.relation_id), 1))::float8 as cost_per_relation,
          count(*)::int as total_llm_calls,
          count(distinct r.relation_id)::int as total_relations
        from ai_tracking t
        join ai_agent_outputs r on r.org_id = t.org_id and r.id = t.ai_investigations_result_id
        join organisations o on o.id = t.org_id
        group by o.id, o.display_name, r.relation_type
        order by o.display_name, r.relation_type`,
    );
    return { stats };
  },
});
