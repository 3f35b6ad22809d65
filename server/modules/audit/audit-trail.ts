import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import { hasPermission, type Principal } from '../../auth/principal.js';
import { forbidden } from '../../lib/errors.js';
import { iso, rows, type SqlRunner } from '../../db/sql.js';
import { READ_PERMISSION } from '../../../core/permissions.js';
import { defineHandlers } from '../types.js';
import { visibleAlert, visibleCase } from '../../auth/visibility.js';

/** The audit trail of an alert or case: audit_log rows in the AuditEntry shape. */

type S = components['schemas'];

interface AuditRow {
  id: number;
  action: string;
  agent_id: number | null;
  full_name: string | null;
  created_at: Date | string;
  details: Record<string, unknown> | null;
}

/** Keys of details that describe the request rather than the change. */
const META = new Set(['before', 'after', 'impersonated_by']);
const asFields = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

/**
 * Entries written since the trail records before and after carry them in details; older ones (the
 * demo history, for example) carry only what was set, which is shown as the after side.
 */
export function auditEntry(r: AuditRow): S['AuditEntry'] {
  const details = r.details ?? {};
  const recorded = 'before' in details || 'after' in details;
  const rest = Object.fromEntries(Object.entries(details).filter(([k]) => !META.has(k)));
  return {
    id: r.id,
    action: r.action,
    agent: r.agent_id === null ? null : { id: r.agent_id, full_name: r.full_name ?? 'Unknown agent' },
    created_at: iso(r.created_at),
    before: recorded ? asFields(details.before) : null,
    after: recorded ? asFields(details.after) : Object.keys(rest).length ? rest : null,
  };
}

export async function listAuditEntries(db: SqlRunner, p: Principal, type: S['InvestigationObjectType'], id: number) {
  if (!hasPermission(p, READ_PERMISSION[type])) throw forbidden();
  await (type === 'ALERT' ? visibleAlert(db, p, id) : visibleCase(db, p, id));
  const found = await rows<AuditRow>(
    db,
    sql`select l.id, l.action, l.agent_id, g.full_name, l.created_at, l.details from audit_log l left join agents g on g.id = l.agent_id
      where l.org_id = ${p.orgId} and l.object_type = ${type} and l.object_id = ${String(id)}
      order by l.created_at desc, l.id desc limit 200`,
  );
  return found.map(auditEntry);
}

export const auditTrailHandlers = defineHandlers({
  async listAuditEntries({ db, principal, query }) {
    return { entries: await listAuditEntries(db, principal, query.object_type, query.object_id) };
  },
});
