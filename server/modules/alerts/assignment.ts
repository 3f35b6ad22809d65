import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { components } from '../../../openapi/schema.js';
import { hasPermission, type Principal } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import { audit, changedFields } from '../../lib/audit.js';
import { notifyAgent } from '../../lib/notify.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { firstRow, rows, assertId, idList, inOrder } from '../../db/sql.js';
import { queueVisible } from '../../auth/visibility.js';
import { EDIT_PERMISSION } from '../../../core/permissions.js';
import { assignmentFrozen, type WorkStatus } from '../../../core/work-rules.js';
import { defineHandlers } from '../types.js';

/** Assigning alerts or cases to an agent, or moving them to another queue. */

type S = components['schemas'];

interface Assignment {
  id: number;
  assigned_to_id: number | null;
  assigned_to_name: string | null;
  queue_id: number | null;
  queue_title: string | null;
}

/** Assigns alerts or cases to an agent (-1 unassigns) or moves them to a queue; all or nothing. */
export async function investigationAction(
  db: Db,
  req: FastifyRequest,
  p: Principal,
  body: { object_ids: number[]; object_type: S['InvestigationObjectType']; agent_id?: number; investigation_queue_id?: number },
) {
  const type = body.object_type;
  if (!hasPermission(p, EDIT_PERMISSION[type])) throw forbidden();
  const table = sql.raw(type === 'ALERT' ? 'alerts' : 'cases');
  const noun = type === 'ALERT' ? 'alert' : 'case';
  const ids = [...new Set(body.object_ids)];
  ids.forEach((id) => assertId(id, type === 'ALERT' ? 'Alert' : 'Case'));
  return db.transaction(async (tx) => {
    const found = await rows<Assignment & { title: string; status: WorkStatus }>(
      tx,
      sql`select o.id, o.title, o.status, o.assigned_to_id, ag.full_name as assigned_to_name, o.queue_id, q.title as queue_title
        from ${table} o left join agents ag on ag.id = o.assigned_to_id left join queues q on q.id = o.queue_id and q.org_id = o.org_id
        where o.org_id = ${p.orgId} and o.id in ${idList(ids)} and ${queueVisible(p, sql`o.queue_id`)} order by o.id for update of o`,
    );
    if (found.length !== ids.length) throw notFound(type === 'ALERT' ? 'Alert' : 'Case');
    let set: SQL;
    let agent: { id: number; full_name: string } | undefined;
    let queue: { id: number; title: string } | undefined;
    if (body.agent_id !== undefined) {
      if (body.agent_id !== -1) {
        agent = await firstRow(
          tx,
          sql`select id, full_name from agents where org_id = ${p.orgId} and id = ${assertId(body.agent_id, 'Agent')} and status = 'active'`,
        );
        if (!agent) throw notFound('Agent');
      }
      set = sql`assigned_to_id = ${agent?.id ?? null}`;
    } else {
      queue = await firstRow(tx, sql`select id, title from queues where org_id = ${p.orgId} and id = ${assertId(body.investigation_queue_id ?? 0, 'Queue')}`);
      if (!queue) throw notFound('Queue');
      set = sql`queue_id = ${body.investigation_queue_id}`;
    }
    const stuck = found.filter((o) => assignmentFrozen(type, o.status));
    if (stuck.length) {
      throw conflict(`${stuck.map((o) => `${noun} ${o.id} is ${o.status}`).join(', ')}: assignment and queue cannot be changed`);
    }
    await tx.execute(sql`update ${table} set ${set}, updated_at = now() where org_id = ${p.orgId} and id in ${idList(ids)}`);
    for (const o of found) {
      const assigning = body.agent_id !== undefined;
      const change = assigning
        ? changedFields(
            { assigned_to_id: o.assigned_to_id, assigned_to_name: o.assigned_to_name },
            { assigned_to_id: agent?.id ?? null, assigned_to_name: agent?.full_name ?? null },
          )
        : changedFields({ queue_id: o.queue_id, queue_title: o.queue_title }, { queue_id: queue!.id, queue_title: queue!.title });
      // setting what is already set changes nothing, so there is nothing to record
      if (change)
        await audit(tx, req, {
          orgId: p.orgId,
          agentId: p.agentId,
          objectType: type,
          objectId: o.id,
          action: `${noun}.${assigning ? 'assign' : 'queue_change'}`,
          ...change,
        });
      if (agent && o.assigned_to_id !== agent.id && agent.id !== p.agentId) {
        await notifyAgent(tx, {
          orgId: p.orgId,
          agentId: agent.id,
          kind: 'assignment',
          content: `${p.fullName} assigned you ${noun} #${o.id}: ${o.title}`,
          entityType: type,
          entityId: o.id,
        });
      }
    }
    const after = await rows<{ id: number; assigned_to_id: number | null; assigned_to_name: string | null; queue_id: number | null }>(
      tx,
      sql`select o.id, o.assigned_to_id, a.full_name as assigned_to_name, o.queue_id from ${table} o
        left join agents a on a.id = o.assigned_to_id where o.org_id = ${p.orgId} and o.id in ${idList(ids)}`,
    );
    return { updated: inOrder(ids, after) };
  });
}

export const assignmentHandlers = defineHandlers({
  async investigationAction({ db, req, principal, body }) {
    return investigationAction(db, req, principal, body);
  },
});
