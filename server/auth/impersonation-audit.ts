import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ContractOperation } from '../contract/load.js';
import { audit } from '../lib/audit.js';
import type { SqlRunner } from '../db/sql.js';

export const IMPERSONATED_REQUEST = 'impersonation.request';

/**
 * Every request made under an impersonation session is recorded, reads and refusals included,
 * before its answer leaves: attributed to the impersonated agent (the principal) and, through
 * audit()'s impersonated_by, to the internal agent behind it. Changes also write their own entry
 * (with both names) as usual; this one says that the request happened at all. The path is the
 * contract's pattern plus the parameters, never the query string (it may carry search text).
 */
export async function recordImpersonatedRequest(db: SqlRunner, request: FastifyRequest, reply: FastifyReply, op: ContractOperation) {
  const principal = request.principal;
  if (!principal?.impersonationLogId) return;
  await audit(db, request, {
    orgId: principal.orgId,
    agentId: principal.agentId,
    action: IMPERSONATED_REQUEST,
    objectType: 'AGENT',
    objectId: principal.agentId,
    details: {
      impersonation_log_id: principal.impersonationLogId,
      operation: op.operationId,
      method: op.method.toUpperCase(),
      path: op.path,
      params: request.params ?? {},
      status: reply.statusCode,
    },
  });
}
