import { sql } from 'drizzle-orm';
import { revokeFamily, startSession } from '../../auth/sessions.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { firstRow, rows } from '../../db/sql.js';
import { assertReachableOrg, listAgentsOfOrg, listReachableOrgs } from './orgs.queries.js';
import { defineHandlers } from '../types.js';

/** The organisations an agent can reach, switching between them, and an agent's details. */
export const reachableOrgsHandlers = defineHandlers({
  async listOrgs({ db, principal }) {
    return { orgs: await listReachableOrgs(db, principal) };
  },

  async listOrgAgents({ db, principal, params }) {
    await assertReachableOrg(db, principal, params.id);
    return { agents: await listAgentsOfOrg(db, params.id) };
  },

  async switchOrg({ db, services, req, reply, principal, body }) {
    if (principal.impersonationLogId) throw conflict('Stop impersonating before switching organisation.');
    await assertReachableOrg(db, principal, body.org_id);
    // The caller's own agent there, when their address has one; otherwise they work there as themselves.
    const own = await firstRow<{ id: number }>(
      db,
      sql`select a.id from agents a where a.org_id = ${body.org_id} and a.status = 'active'
        and a.email = (select email from agents where id = ${principal.agentId})`,
    );
    const agentId = own?.id ?? principal.agentId;
    await revokeFamily(db, principal.sessionFamily);
    const token = await startSession(db, services.config, reply, { agentId, orgId: body.org_id, connection: principal.connection });
    await audit(db, req, {
      orgId: body.org_id,
      agentId: principal.agentId,
      action: 'organisation.switched',
      details: { from_org_id: principal.orgId, as_agent_id: agentId },
    });
    return token;
  },

  async getAgentDetails({ db, principal, params }) {
    const agent = await firstRow<{ id: number; full_name: string; email: string; picture: string | null; status: 'active' | 'inactive' }>(
      db,
      sql`select id, full_name, email, picture, status from agents where id = ${params.id} and org_id = ${principal.orgId}`,
    );
    if (!agent) throw notFound('Agent');
    const teams = await rows<{ team_id: number }>(
      db,
      sql`select team_id from team_members where org_id = ${principal.orgId} and agent_id = ${agent.id} order by team_id`,
    );
    return { ...agent, team_ids: teams.map((t) => t.team_id) };
  },
});
