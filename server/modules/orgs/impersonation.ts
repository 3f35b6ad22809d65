import { sql } from 'drizzle-orm';
import { effectivePermissions } from '../../auth/principal.js';
import { revokeFamily, startSession } from '../../auth/sessions.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { firstRow } from '../../db/sql.js';
import { assertReachableOrg, findImpersonationLog } from './orgs.queries.js';
import { defineHandlers } from '../types.js';

const SUPPORT_TICKET = 'Customer support ticket';

/** Internal staff acting as a customer's agent: starting and ending it, each on the record. */
export const impersonationHandlers = defineHandlers({
  async startImpersonation({ db, services, req, reply, principal, body }) {
    if (principal.impersonationLogId) throw conflict('You are already impersonating an agent. Stop that impersonation first.');
    await assertReachableOrg(db, principal, body.org_id);
    const target = await firstRow<{ id: number; status: string; has_valid_auth: boolean }>(
      db,
      sql`select id, status, has_valid_auth from agents where id = ${body.agent_to_impersonate_id} and org_id = ${body.org_id}`,
    );
    if (!target) throw notFound('Agent');
    if (target.id === principal.agentId)
      throw badRequest('You cannot impersonate yourself.', [{ path: 'body/agent_to_impersonate_id', message: 'is the caller' }]);
    if (target.status !== 'active')
      throw badRequest('Only active agents can be impersonated.', [{ path: 'body/agent_to_impersonate_id', message: 'is not active' }]);
    if (!target.has_valid_auth)
      throw badRequest('Only agents who can sign in can be impersonated.', [{ path: 'body/agent_to_impersonate_id', message: 'has no valid auth' }]);
    const details = body.additional_details.trim();
    if (!details) throw badRequest('Details of impersonation reason are required.', [{ path: 'body/additional_details', message: 'is empty' }]);
    const ticket = body.impersonation_reason === SUPPORT_TICKET ? (body.support_ticket_id ?? '').trim() : null;
    if (ticket === '') throw badRequest('Support ticket ID is required.', [{ path: 'body/support_ticket_id', message: 'is empty' }]);

    const log = await firstRow<{ id: number }>(
      db,
      sql`insert into impersonation_logs (org_id, agent_id, impersonated_agent_id, reason, support_ticket_id, additional_details)
        values (${body.org_id}, ${principal.agentId}, ${target.id}, ${body.impersonation_reason}, ${ticket}, ${details})
        returning id`,
    );
    const logId = log!.id;
    await audit(db, req, {
      orgId: body.org_id,
      agentId: principal.agentId,
      action: 'impersonation.started',
      objectType: 'AGENT',
      objectId: target.id,
      details: { impersonation_log_id: logId, reason: body.impersonation_reason, support_ticket_id: ticket, home_org_id: principal.orgId },
    });
    const token = await startSession(db, services.config, reply, {
      agentId: target.id,
      orgId: body.org_id,
      connection: principal.connection,
      impersonationLogId: logId,
      actorId: principal.agentId,
    });
    return { impersonation_log_id: logId, ...token };
  },

  async cancelImpersonation({ db, services, req, reply, principal, body }) {
    if (!principal.impersonationLogId || principal.impersonationLogId !== body.impersonation_log_id) throw notFound('Impersonation');
    const log = await findImpersonationLog(db, body.impersonation_log_id);
    if (!log || log.cancelled_at || log.impersonated_agent_id !== principal.agentId) throw notFound('Impersonation');
    const actor = await firstRow<{ id: number; org_id: number; status: string; is_internal: boolean }>(
      db,
      sql`select id, org_id, status, is_internal from agents where id = ${log.agent_id}`,
    );
    if (!actor || actor.status !== 'active' || !actor.is_internal) throw forbidden('This is available to internal staff only');
    const held = await effectivePermissions(db, actor.id);
    if (!held.has('root_all') && !held.has('impersonate_agents')) throw forbidden();

    await db.execute(sql`update impersonation_logs set cancelled_at = now() where id = ${log.id} and cancelled_at is null`);
    await audit(db, req, {
      orgId: log.org_id,
      agentId: actor.id,
      action: 'impersonation.cancelled',
      objectType: 'AGENT',
      objectId: log.impersonated_agent_id,
      details: { impersonation_log_id: log.id },
    });
    await revokeFamily(db, principal.sessionFamily);
    return startSession(db, services.config, reply, { agentId: actor.id, orgId: actor.org_id, connection: principal.connection });
  },
});
