import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';

/** Records a change in the audit log, with who made it and the request that carried it. */
export async function audit(
  db: Db,
  req: FastifyRequest,
  entry: { orgId: number; agentId: number | null; action: string; objectType?: string; objectId?: number | null; details?: Record<string, unknown> },
) {
  await db.execute(sql`insert into audit_log (org_id, agent_id, action, object_type, object_id, details, request_id)
    values (${entry.orgId}, ${entry.agentId}, ${entry.action}, ${entry.objectType ?? null}, ${entry.objectId ?? null},
      ${JSON.stringify(entry.details ?? {})}::jsonb, ${req.id})`);
}
