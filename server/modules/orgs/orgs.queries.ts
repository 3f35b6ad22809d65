import { sql, type SQL } from 'drizzle-orm';
import { hasPermission, type Principal } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { firstRow, rows } from '../../db/sql.js';

/**
 * The organisations an agent can switch to: their home organisation, the organisations where
 * their identity (email) has an agent, and those organisations' children. Every organisation only
 * for the provider's internal staff holding admin_org_switcher: a customer's own administrator,
 * even with root_all, never learns of another customer.
 */
export function reachableOrgIds(principal: Principal): SQL {
  if (principal.isInternal && hasPermission(principal, 'admin_org_switcher')) return sql`select o.id from organisations o`;
  return sql`
    with homes as (
      select a.org_id from agents a where a.email = (select email from agents where id = ${principal.agentId})
      union select ${principal.homeOrgId}::int
      union select ${principal.orgId}::int
    )
    select org_id as id from homes
    union select o.id from organisations o where o.parent_id in (select org_id from homes)`;
}

export interface OrgRow {
  id: number;
  display_name: string;
  agent_id: number | null;
  notification_count: number;
}

export function listReachableOrgs(db: Db, principal: Principal) {
  return rows<OrgRow>(
    db,
    sql`with reachable as (${reachableOrgIds(principal)}),
      mine as (select a.id, a.org_id from agents a where a.email = (select email from agents where id = ${principal.agentId}))
      select o.id, o.display_name, m.id as agent_id,
        coalesce((select count(*)::int from notifications n
          where n.org_id = o.id and n.agent_id = m.id and n.status = 'unread'), 0) as notification_count
      from organisations o
      join reachable r on r.id = o.id
      left join mine m on m.org_id = o.id
      order by o.display_name, o.id`,
  );
}

/** Throws 404 unless the caller can reach the organisation. */
export async function assertReachableOrg(db: Db, principal: Principal, orgId: number) {
  const row = await firstRow<{ id: number }>(db, sql`select r.id from (${reachableOrgIds(principal)}) r where r.id = ${orgId}`);
  if (!row) throw notFound('Organisation');
}

export interface OrgAgentRow {
  id: number;
  full_name: string;
  email: string;
  status: 'active' | 'inactive';
  has_valid_auth: boolean;
}

export function listAgentsOfOrg(db: Db, orgId: number) {
  return rows<OrgAgentRow>(db, sql`select id, full_name, email, status, has_valid_auth from agents where org_id = ${orgId} order by full_name, id`);
}

export interface ImpersonationLogRow {
  id: number;
  org_id: number;
  agent_id: number;
  impersonated_agent_id: number;
  cancelled_at: Date | string | null;
}

export function findImpersonationLog(db: Db, id: number) {
  return firstRow<ImpersonationLogRow>(db, sql`select id, org_id, agent_id, impersonated_agent_id, cancelled_at from impersonation_logs where id = ${id}`);
}
