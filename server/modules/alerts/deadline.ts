import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { components } from '../../../openapi/schema.js';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { firstRow, assertId, iso } from '../../db/sql.js';
import { queueVisible, sarVisible } from '../../auth/visibility.js';
import { deadlineEditable, type WorkStatus } from '../../../core/work-rules.js';
import { defineHandlers } from '../types.js';

/** Moving the deadline of an alert, a case or a SAR. */

type S = components['schemas'];

const DEADLINE_TABLES = { ALERT: ['alerts', 'Alert'], CASE: ['cases', 'Case'], SAR: ['sars', 'SAR'] } as const;
/** Latest date a Date (and the contract's date-time) can carry safely. */
const MAX_TIME = Date.UTC(9999, 11, 31);

/** Moves an object's deadline by `duration` seconds from its current deadline (or now). */
export async function editDeadline(
  db: Db,
  req: FastifyRequest,
  p: Principal,
  body: { article_id: number; object_type?: S['DeadlineObjectType']; duration: number },
) {
  const type = body.object_type ?? 'ALERT';
  const [table, label] = DEADLINE_TABLES[type];
  const visible = type === 'SAR' ? sarVisible(p, 'o') : queueVisible(p, sql`o.queue_id`);
  return db.transaction(async (tx) => {
    const row = await firstRow<{
      id: number;
      status: WorkStatus | S['SarStatus'];
      submitted: boolean;
      deadline: Date | string | null;
      start_date: Date | string | null;
    }>(
      tx,
      sql`select o.id, o.status, ${type === 'SAR' ? sql`o.submitted` : sql`false`} as submitted, o.deadline, o.start_date
        from ${sql.raw(table)} o where o.org_id = ${p.orgId} and o.id = ${assertId(body.article_id, label)} and ${visible} for update of o`,
    );
    if (!row) throw notFound(label);
    if (type === 'SAR' ? row.status === 'ARCHIVED' || row.submitted : !deadlineEditable(row.status as WorkStatus)) {
      throw conflict(
        type === 'SAR'
          ? 'The deadline of an archived or submitted SAR cannot be changed'
          : `The deadline can be changed only while the ${label.toLowerCase()} is OPEN`,
      );
    }
    // raw timestamps arrive as Date or string depending on the driver
    const previous = iso(row.deadline);
    const start = iso(row.start_date);
    const next = new Date(new Date(previous ?? Date.now()).getTime() + body.duration * 1000);
    if (!(Math.abs(next.getTime()) <= MAX_TIME)) throw badRequest('The new deadline is out of range', [{ path: 'body/duration', message: 'is out of range' }]);
    if (start && next.getTime() <= new Date(start).getTime()) {
      const message = `Deadline must be after start date ${start}`;
      throw badRequest(message, [{ path: 'body/duration', message }]);
    }
    await tx.execute(sql`update ${sql.raw(table)} set deadline = ${next.toISOString()}::timestamptz, updated_at = now(),
      deadline_config = case when deadline_config is null or jsonb_typeof(deadline_config) <> 'object' then deadline_config
        else jsonb_set(deadline_config, '{extended_by_seconds}',
          to_jsonb(coalesce((deadline_config->>'extended_by_seconds')::bigint, 0) + ${body.duration}::bigint)) end
      where org_id = ${p.orgId} and id = ${row.id}`);
    await audit(tx, req, {
      orgId: p.orgId,
      agentId: p.agentId,
      action: `${type.toLowerCase()}.deadline_edit`,
      objectType: type,
      objectId: row.id,
      before: { deadline: previous },
      after: { deadline: next.toISOString() },
      details: { duration_seconds: body.duration },
    });
    return { article_id: row.id, object_type: type, deadline: next.toISOString(), start_date: start, previous_deadline: previous };
  });
}

export const deadlineHandlers = defineHandlers({
  async editDeadline({ db, req, principal, body }) {
    return editDeadline(db, req, principal, body);
  },
});
