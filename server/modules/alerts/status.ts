import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { components } from '../../../openapi/schema.js';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import { audit, changedFields } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { firstRow, iso, assertId } from '../../db/sql.js';
import { isValidationResult, type WorkStatus } from '../../../core/work-rules.js';
import { defineHandlers } from '../types.js';
import { disposition } from './alerts.mappers.js';
import { queueVisible } from '../../auth/visibility.js';

/** Closing with a disposition, sending to review and reopening, for alerts and cases alike. */

type S = components['schemas'];
type Kind = 'ALERT' | 'CASE';

const TABLES: Record<Kind, [table: string, label: string]> = { ALERT: ['alerts', 'Alert'], CASE: ['cases', 'Case'] };

/** The contract says NEEDS_REVIEW where the database keeps INCONCLUSIVE (see disposition()). */
const storedDisposition = (d: S['Disposition']) => (d === 'NEEDS_REVIEW' ? 'INCONCLUSIVE' : d);

interface StatusRow {
  id: number;
  status: WorkStatus;
  disposition: string | null;
  disposition_notes: string | null;
  closed_at: Date | string | null;
}

/** Checks of the request alone, before anything is read: a disposition belongs to closing only. */
function checkRequest(body: S['StatusChangeRequest']) {
  if (body.status === 'CLOSED' && !body.disposition) {
    throw badRequest('A disposition is required to close', [{ path: 'body/disposition', message: 'is required when status is CLOSED' }]);
  }
  if (body.status !== 'CLOSED' && (body.disposition !== undefined || body.disposition_notes !== undefined)) {
    const path = body.disposition !== undefined ? 'body/disposition' : 'body/disposition_notes';
    throw badRequest('A disposition is given only when closing', [{ path, message: 'is allowed only when status is CLOSED' }]);
  }
}

export async function changeStatus(
  db: Db,
  req: FastifyRequest,
  p: Principal,
  kind: Kind,
  id: number,
  body: S['StatusChangeRequest'],
): Promise<S['StatusChange']> {
  const [table, label] = TABLES[kind];
  assertId(id, label);
  checkRequest(body);
  return db.transaction(async (tx) => {
    const current = await firstRow<StatusRow>(
      tx,
      sql`select o.id, o.status, o.disposition, o.disposition_notes, o.closed_at from ${sql.raw(table)} o
        where o.org_id = ${p.orgId} and o.id = ${id} and ${queueVisible(p, sql`o.queue_id`)} for update of o`,
    );
    if (!current) throw notFound(label);
    // a validation run's alert is the rule's test result, not work: it has no workflow
    if (isValidationResult(current.status)) throw conflict(`${label} ${id} is a rule validation result; its status cannot be changed`);
    if (current.status === body.status) throw conflict(`${label} ${id} is already ${body.status}`);
    const closing = body.status === 'CLOSED';
    const notes = closing ? body.disposition_notes?.trim() || null : null;
    const updated = await firstRow<StatusRow>(
      tx,
      sql`update ${sql.raw(table)} set status = ${body.status},
          disposition = ${closing ? storedDisposition(body.disposition!) : null},
          disposition_notes = ${notes},
          closed_at = ${closing ? sql`now()` : null}, updated_at = now()
        where org_id = ${p.orgId} and id = ${id}
        returning id, status, disposition, disposition_notes, closed_at`,
    );
    const shown = (r: StatusRow) => ({ status: r.status, disposition: disposition(r.disposition), disposition_notes: r.disposition_notes });
    const changed = changedFields(shown(current), shown(updated!));
    await audit(tx, req, { orgId: p.orgId, agentId: p.agentId, action: `${kind.toLowerCase()}.status_changed`, objectType: kind, objectId: id, ...changed });
    return {
      id,
      status: body.status,
      disposition: disposition(updated!.disposition),
      disposition_notes: updated!.disposition_notes,
      closed_at: iso(updated!.closed_at),
    };
  });
}

export const alertStatusHandlers = defineHandlers({
  async updateAlertStatus({ db, req, principal, params, body }) {
    return changeStatus(db, req, principal, 'ALERT', params.id, body);
  },
});
