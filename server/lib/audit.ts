import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { SqlRunner } from '../db/sql.js';

type Fields = Record<string, unknown>;

export interface AuditEntryInput {
  orgId: number;
  agentId: number | null;
  action: string;
  objectType?: string;
  objectId?: number | null;
  /** the changed fields before the change; null for a creation */
  before?: Fields | null;
  /** the changed fields after the change */
  after?: Fields | null;
  details?: Record<string, unknown>;
}

/**
 * Records a change in the audit log, with who made it and the request that carried it. `before` and
 * `after` land in details.before / details.after, which the audit trail of alerts and cases shows.
 * While an internal agent impersonates, the entry also names them, so the trail tells who really acted.
 */
export async function audit(db: SqlRunner, req: FastifyRequest, entry: AuditEntryInput) {
  const details: Record<string, unknown> = { ...entry.details };
  if (entry.before !== undefined) details.before = entry.before;
  if (entry.after !== undefined) details.after = entry.after;
  const actorId = req.principal?.actorId;
  if (actorId != null && actorId !== entry.agentId) details.impersonated_by = actorId;
  await db.execute(sql`insert into audit_log (org_id, agent_id, action, object_type, object_id, details, request_id)
    values (${entry.orgId}, ${entry.agentId}, ${entry.action}, ${entry.objectType ?? null}, ${entry.objectId ?? null},
      ${JSON.stringify(details)}::jsonb, ${req.id})`);
}

/**
 * The fields of `after` whose value differs from `before`, as a { before, after } pair holding only
 * those fields; null when nothing changed. Values compare by their JSON form (dates as ISO strings).
 */
export function changedFields(before: Fields, after: Fields): { before: Fields; after: Fields } | null {
  const was: Fields = {};
  const now: Fields = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    was[key] = before[key] ?? null;
    now[key] = after[key] ?? null;
  }
  return Object.keys(now).length ? { before: was, after: now } : null;
}
