import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import { audit, changedFields } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { firstRow, rows, type SqlRunner, assertId } from '../../db/sql.js';
import { assertOrgAgents, cleanTitle, loadQueue, loadQueues, titleTaken } from './queues.queries.js';
import { defineHandlers } from '../types.js';

type QueueWrite = components['schemas']['QueueWrite'];
type AgentOption = components['schemas']['AgentOption'];

const duplicateTitle = (title: string) => conflict(`A queue titled "${title}" already exists`);

/** Postgres' unique_violation: two requests raced past the title check. */
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } })?.code === '23505' || (error as { cause?: { code?: string } })?.cause?.code === '23505';

async function replaceMembers(db: SqlRunner, orgId: number, queueId: number, memberIds: readonly number[]) {
  await db.execute(sql`delete from queue_members where org_id = ${orgId} and queue_id = ${queueId}`);
  if (memberIds.length) {
    await db.execute(sql`insert into queue_members (org_id, queue_id, agent_id)
      select ${orgId}, ${queueId}, unnest(${sql.param([...memberIds])}::int[])`);
  }
}

/** The audited fields of a queue. */
const auditable = (q: { title: string; description: string | null; access_type: string; deadline_seconds: number | null; member_ids: number[] }) => ({
  title: q.title,
  description: q.description,
  access_type: q.access_type,
  deadline_seconds: q.deadline_seconds,
  member_ids: [...q.member_ids].sort((a, b) => a - b),
});

export const queuesHandlers = defineHandlers({
  async listQueues({ db, principal }) {
    return { queues: await loadQueues(db, principal) };
  },

  async createQueue({ db, req, reply, principal, body }) {
    const missing = (['title', 'access_type'] as const).filter((k) => body[k] === undefined);
    if (missing.length) {
      throw badRequest(
        `${missing.join(' and ')} required`,
        missing.map((k) => ({ path: `body/${k}`, message: 'is required' })),
      );
    }
    const title = cleanTitle(body.title!);
    const members = body.member_ids ?? [];
    await assertOrgAgents(db, principal.orgId, members);
    try {
      const id = await db.transaction(async (tx) => {
        if (await titleTaken(tx, principal.orgId, title, null)) throw duplicateTitle(title);
        const created = await firstRow<{ id: number }>(
          tx,
          sql`insert into queues (org_id, title, access_type, description, deadline_seconds)
            values (${principal.orgId}, ${title}, ${body.access_type}, ${body.description ?? null}, ${body.deadline_seconds ?? null}) returning id`,
        );
        await replaceMembers(tx, principal.orgId, created!.id, members);
        await audit(tx, req, {
          orgId: principal.orgId,
          agentId: principal.agentId,
          action: 'queue.created',
          objectType: 'QUEUE',
          objectId: created!.id,
          before: null,
          after: auditable({
            title,
            description: body.description ?? null,
            access_type: body.access_type!,
            deadline_seconds: body.deadline_seconds ?? null,
            member_ids: members,
          }),
        });
        return created!.id;
      });
      reply.code(201);
      return loadQueue(db, principal, id);
    } catch (error) {
      throw isUniqueViolation(error) ? duplicateTitle(title) : error;
    }
  },

  async updateQueue({ db, req, principal, params, body }) {
    const id = assertId(params.id, 'Queue');
    const patch: QueueWrite = { ...body, ...(body.title !== undefined ? { title: cleanTitle(body.title) } : {}) };
    if (patch.member_ids) await assertOrgAgents(db, principal.orgId, patch.member_ids);
    try {
      await db.transaction(async (tx) => {
        const current = await firstRow<{
          title: string;
          description: string | null;
          access_type: string;
          deadline_seconds: number | null;
          member_ids: number[] | null;
        }>(
          tx,
          sql`select q.title, q.description, q.access_type, q.deadline_seconds,
              (select array_agg(m.agent_id) from queue_members m where m.org_id = q.org_id and m.queue_id = q.id) as member_ids
            from queues q where q.org_id = ${principal.orgId} and q.id = ${id} for update of q`,
        );
        if (!current) throw notFound('Queue');
        if (patch.title !== undefined && (await titleTaken(tx, principal.orgId, patch.title, id))) throw duplicateTitle(patch.title);
        const before = auditable({ ...current, member_ids: current.member_ids ?? [] });
        const after = auditable({
          title: patch.title ?? current.title,
          description: patch.description !== undefined ? patch.description : current.description,
          access_type: patch.access_type ?? current.access_type,
          deadline_seconds: patch.deadline_seconds !== undefined ? patch.deadline_seconds : current.deadline_seconds,
          member_ids: patch.member_ids ?? before.member_ids,
        });
        const changed = changedFields(before, after);
        if (!changed) return;
        await tx.execute(sql`update queues set title = ${after.title}, description = ${after.description},
          access_type = ${after.access_type}, deadline_seconds = ${after.deadline_seconds}
          where org_id = ${principal.orgId} and id = ${id}`);
        if ('member_ids' in changed.after) await replaceMembers(tx, principal.orgId, id, after.member_ids);
        await audit(tx, req, { orgId: principal.orgId, agentId: principal.agentId, action: 'queue.updated', objectType: 'QUEUE', objectId: id, ...changed });
      });
    } catch (error) {
      throw isUniqueViolation(error) ? duplicateTitle(patch.title ?? '') : error;
    }
    return loadQueue(db, principal, id);
  },

  async listAgents({ db, principal, query }) {
    const agents = await rows<AgentOption>(
      db,
      sql`select id, full_name, email, picture, case when status = 'active' then 'active' else 'inactive' end as status
        from agents where org_id = ${principal.orgId} and (${query.include_inactive === true}::boolean or status = 'active')
        order by lower(full_name), id`,
    );
    return { agents };
  },
});
