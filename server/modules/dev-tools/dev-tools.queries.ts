import { sql } from 'drizzle-orm';
import type { Contract } from '../../contract/load.js';
import type { Db } from '../../db/client.js';
import { rows, type SqlRunner } from '../../db/sql.js';

export interface AuditedAgentRow {
  id: number;
  full_name: string;
  email: string;
  status: 'active' | 'inactive';
  is_internal: boolean;
  is_ai_admin: boolean;
  permission_source: 'agent' | 'team';
  permissions: string[];
}

/** The known flags (the contract's FeatureFlagName) with the organisation's setting; no row means off. */
export async function readFlags(db: SqlRunner, contract: Contract, orgId: number) {
  const known = (contract.schemas.FeatureFlagName as { enum: string[] }).enum;
  const set = await rows<{ name: string; enabled: boolean }>(db, sql`select name, enabled from feature_flags where org_id = ${orgId}`);
  const enabled = new Map(set.map((r) => [r.name, r.enabled]));
  return { org_id: orgId, flags: known.map((name) => ({ name, enabled: enabled.get(name) ?? false })) };
}

/**
 * Every agent of the organisation with their effective permissions, in one query, by the same
 * rule as the principal (server/auth/principal.ts): when the agent belongs to a team carrying a
 * permission set, the union of those teams' sets; otherwise the agent's own set.
 */
export function agentsWithPermissions(db: Db, orgId: number) {
  return rows<AuditedAgentRow>(
    db,
    sql`with members as (
        select a.id, a.full_name, a.email, a.status, a.is_internal, a.is_ai_admin from agents a where a.org_id = ${orgId}
      ), team_sets as (
        select tm.agent_id, tm.team_id from team_members tm
        join teams t on t.id = tm.team_id and t.has_permission_set
        where tm.agent_id in (select id from members)
      )
      select m.id, m.full_name, m.email, m.status, m.is_internal, m.is_ai_admin,
        case when exists (select 1 from team_sets ts where ts.agent_id = m.id) then 'team' else 'agent' end as permission_source,
        coalesce((select array_agg(distinct p.name order by p.name) from permission_associations pa
          join permissions p on p.id = pa.permission_id
          where case when exists (select 1 from team_sets ts where ts.agent_id = m.id)
            then pa.association_type = 'team' and pa.association_id in (select ts.team_id from team_sets ts where ts.agent_id = m.id)
            else pa.association_type = 'agent' and pa.association_id = m.id
          end), '{}') as permissions
      from members m
      order by m.full_name, m.id`,
  );
}

/** Whether the server would let this agent through the operation's x-permissions and x-agent-flags. */
export function passes(op: Contract['operations'][number], agent: AuditedAgentRow): boolean {
  if (op.permissions === 'public') return true;
  const held = new Set(agent.permissions);
  const has = (name: string) => held.has('root_all') || held.has(name);
  const granted = 'allOf' in op.permissions ? op.permissions.allOf.every(has) : op.permissions.anyOf.some(has);
  if (!granted) return false;
  return op.agentFlags.every((flag) => (flag === 'internal_staff' ? agent.is_internal : flag === 'ai_admin' ? agent.is_ai_admin : false));
}
