import { sql } from 'drizzle-orm';
import { firstRow, preparedRows, type SqlRunner } from '../db/sql.js';
import { grants, ROOT_ALL } from '../../core/permissions.js';
import type { AccessClaims, ConnectionName } from './tokens.js';

/** The signed-in agent a request acts for, with everything authorization needs. */
export interface Principal {
  agentId: number;
  /** the organisation the session works in */
  orgId: number;
  /** the agent's own organisation (differs after switching organisation) */
  homeOrgId: number;
  email: string;
  fullName: string;
  isInternal: boolean;
  isAiAdmin: boolean;
  /** Effective permission names (see effectivePermissions). */
  permissions: ReadonlySet<string>;
  rootAll: boolean;
  featureFlags: ReadonlySet<string>;
  sessionFamily: string;
  connection: ConnectionName;
  impersonationLogId: number | null;
  /** the impersonating internal agent, while impersonating */
  actorId: number | null;
}

interface PrincipalRow {
  id: number;
  org_id: number;
  email: string;
  full_name: string;
  status: string;
  is_internal: boolean;
  is_ai_admin: boolean;
  permissions: string[] | null;
  flags: string[] | null;
  revoked: boolean;
  child_org: boolean;
  impersonation_stands: boolean;
}

/**
 * An impersonation session stands only while its log is open, names this agent and organisation,
 * and its actor is still active internal staff allowed to impersonate: deactivating the actor or
 * taking the permission away ends the impersonation at the next request, not at the next sign-in.
 */
const impersonationStands = (claims: AccessClaims, agentId: number) => {
  if (!claims.imp) return sql`true`;
  return sql`exists (select 1 from impersonation_logs l join agents actor on actor.id = l.agent_id
    where l.id = ${claims.imp} and l.cancelled_at is null and l.impersonated_agent_id = ${agentId} and l.org_id = ${claims.org}
      and l.agent_id = ${claims.act ?? null} and actor.status = 'active' and actor.is_internal
      and (${permissionsQuery(claims.act ?? 0)}) && array['impersonate_agents', 'root_all']::text[])`;
};

/**
 * Team permissions take precedence over agent permissions: when the agent belongs to at least one
 * team that carries a permission set (teams.has_permission_set), the effective set is the union of
 * those teams' sets and the agent's own set is not consulted. Otherwise it is the agent's own set.
 * root_all in the effective set grants every permission.
 */
const permissionsQuery = (agentId: number) => sql`
  with team_sets as (
    select tm.team_id from team_members tm
    join teams t on t.id = tm.team_id and t.has_permission_set
    where tm.agent_id = ${agentId}
  )
  select coalesce(array_agg(distinct p.name), '{}') from permission_associations pa
  join permissions p on p.id = pa.permission_id
  where case when exists (select 1 from team_sets)
    then pa.association_type = 'team' and pa.association_id in (select team_id from team_sets)
    else pa.association_type = 'agent' and pa.association_id = ${agentId}
  end`;

export async function effectivePermissions(db: SqlRunner, agentId: number): Promise<Set<string>> {
  const row = await firstRow<{ names: string[] }>(db, sql`select (${permissionsQuery(agentId)}) as names`);
  return new Set(row?.names ?? []);
}

/** Loads the principal for verified claims; null when the agent or the session no longer stands. */
export async function loadPrincipal(db: SqlRunner, claims: AccessClaims): Promise<Principal | null> {
  // verifyAccessToken checks the claims' forms; an id outside PostgreSQL's integers never reaches SQL
  const agentId = Number(claims.sub);
  if (!Number.isInteger(agentId) || agentId <= 0 || agentId > 2_147_483_647) return null;
  // every authenticated request runs this: prepared on PostgreSQL (one text per session kind)
  const [row] = await preparedRows<PrincipalRow>(
    db,
    sql`select a.id, a.org_id, a.email, a.full_name, a.status, a.is_internal, a.is_ai_admin,
      (${permissionsQuery(agentId)}) as permissions,
      (select coalesce(array_agg(f.name), '{}') from feature_flags f where f.org_id = ${claims.org} and f.enabled) as flags,
      exists (select 1 from refresh_tokens r where r.family_id = ${claims.sid}::uuid and r.revoked_at is not null) as revoked,
      exists (select 1 from organisations o where o.id = ${claims.org} and o.parent_id = a.org_id) as child_org,
      ${impersonationStands(claims, agentId)} as impersonation_stands
    from agents a where a.id = ${agentId}`,
  );
  if (!row || row.revoked || row.status !== 'active' || !row.impersonation_stands) return null;
  const permissions = new Set(row.permissions ?? []);
  // An agent works in another organisation only after switching to it (POST /api/agents/switch-org):
  // a child of their own, or any organisation for internal staff holding admin_org_switcher.
  if (row.org_id !== claims.org) {
    const switcher = row.is_internal && (permissions.has('admin_org_switcher') || permissions.has('root_all'));
    if (!row.child_org && !switcher) return null;
  }
  return {
    agentId: row.id,
    orgId: claims.org,
    homeOrgId: row.org_id,
    email: row.email,
    fullName: row.full_name,
    isInternal: row.is_internal,
    isAiAdmin: row.is_ai_admin,
    permissions,
    rootAll: permissions.has(ROOT_ALL),
    featureFlags: new Set(row.flags ?? []),
    sessionFamily: claims.sid,
    connection: claims.con,
    impersonationLogId: claims.imp ?? null,
    actorId: claims.act ?? null,
  };
}

/** root_all satisfies every permission (core/permissions.ts), not the agent flags or feature flags. */
export function hasPermission(principal: Principal, name: string): boolean {
  return grants(principal.permissions, name);
}
