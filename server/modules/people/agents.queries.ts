import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Principal } from '../../auth/principal.js';
import { hasPermission } from '../../auth/principal.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { firstRow, iso, rows, type SqlRunner } from '../../db/sql.js';

export type ManagedAgent = components['schemas']['ManagedAgent'];
type TeamRef = components['schemas']['TeamRef'];

interface ManagedAgentRow {
  id: number;
  full_name: string;
  email: string;
  picture: string | null;
  status: 'active' | 'inactive';
  invited: boolean;
  teams: TeamRef[] | null;
  last_active_at: Date | string | null;
  created_at: Date | string;
}

/**
 * The agents of an organisation as user management shows them. Last activity is the latest
 * session start or renewal of their own (a console renews about every quarter hour while used);
 * sessions under impersonation are the impersonator's doing, so they do not count. "Invited" means
 * invited through user management and never signed in since.
 */
export async function loadManagedAgents(db: SqlRunner, orgId: number, agentId?: number): Promise<ManagedAgent[]> {
  const found = await rows<ManagedAgentRow>(
    db,
    sql`select a.id, a.full_name, a.email, a.picture, a.status, a.created_at, s.last_active_at,
        (s.last_active_at is null and exists (select 1 from audit_log l where l.org_id = a.org_id and l.object_type = 'AGENT'
          and l.object_id = a.id::text and l.action = 'agent.invited')) as invited,
        (select json_agg(json_build_object('id', t.id, 'name', t.name, 'has_permission_set', t.has_permission_set) order by lower(t.name), t.id)
          from team_members tm join teams t on t.id = tm.team_id where tm.org_id = a.org_id and tm.agent_id = a.id) as teams
      from agents a
      left join lateral (select max(r.created_at) as last_active_at from refresh_tokens r
        where r.org_id = a.org_id and r.agent_id = a.id and r.impersonation_log_id is null) s on true
      where a.org_id = ${orgId} ${agentId === undefined ? sql`` : sql`and a.id = ${agentId}`}
      order by lower(a.full_name), a.id`,
  );
  return found.map((a) => ({
    id: a.id,
    full_name: a.full_name,
    email: a.email,
    picture: a.picture,
    status: a.status === 'active' ? 'active' : 'inactive',
    invited: a.invited,
    teams: a.teams ?? [],
    last_active_at: iso(a.last_active_at),
    created_at: iso(a.created_at),
  }));
}

export async function loadManagedAgent(db: SqlRunner, orgId: number, agentId: number): Promise<ManagedAgent> {
  const [agent] = await loadManagedAgents(db, orgId, agentId);
  if (!agent) throw notFound('Agent');
  return agent;
}

/** The agent must be of the caller's organisation (404 otherwise); returns its status. */
export async function assertOrgAgent(db: SqlRunner, principal: Principal, agentId: number): Promise<{ id: number; status: string }> {
  const agent = await firstRow<{ id: number; status: string }>(db, sql`select id, status from agents where id = ${agentId} and org_id = ${principal.orgId}`);
  if (!agent) throw notFound('Agent');
  return agent;
}

/**
 * Reading or changing another agent's profile data needs a permission; one's own never does (the
 * home redirect ends on the agent's own profile, so everyone must be able to open it).
 */
export function assertSelfOr(principal: Principal, agentId: number, permission: string) {
  if (agentId !== principal.agentId && !hasPermission(principal, permission)) throw forbidden();
}
