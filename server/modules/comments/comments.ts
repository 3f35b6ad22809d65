import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { components } from '../../../openapi/schema.js';
import { hasPermission, type Principal } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { notifyAgent } from '../../lib/notify.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { firstRow, rows, idList, MAX_ID } from '../../db/sql.js';
import { comment, type CommentJson } from './comments.mappers.js';
import { commentedObject, loadComments } from './comments.queries.js';
import { EDIT_PERMISSION, READ_PERMISSION } from '../../../core/permissions.js';
import { defineHandlers } from '../types.js';

/** Comments on any object: who may read and write them, writing one, and mentions. */

type ObjectType = components['schemas']['ObjectType'];

// Reading an object's comments needs the permission reading the object; writing one needs that
// and the permission changing it (core/permissions.ts).

/** A mention as the console writes it: @[Full Name](agent:ID). */
const MENTION = /@\[[^\]\n]*\]\(agent:(\d+)\)/g;

export function mentionedAgentIds(content: string): number[] {
  return [...new Set([...content.matchAll(MENTION)].map((m) => Number(m[1])))];
}

/** How a mention notification names the commented object's kind. */
const NOUN: Record<ObjectType, string> = {
  ALERT: 'alert',
  CASE: 'case',
  SAR: 'SAR',
  ENTITY: 'entity',
  TRANSACTION: 'transaction',
  ACTION_EVENT: 'action event',
  INSTRUMENT: 'instrument',
  RULE: 'rule',
};

export async function createComment(db: Db, req: FastifyRequest, p: Principal, body: { object_type: ObjectType; object_id: number; content: string }) {
  const type = body.object_type;
  if (!hasPermission(p, READ_PERMISSION[type]) || !hasPermission(p, EDIT_PERMISSION[type])) throw forbidden();
  await commentedObject(db, p, type, body.object_id);
  const mentioned = mentionedAgentIds(body.content);
  if (mentioned.length) {
    const valid = mentioned.filter((id) => id <= MAX_ID);
    const found = valid.length
      ? await rows<{ id: number }>(db, sql`select id from agents where org_id = ${p.orgId} and status = 'active' and id in ${idList(valid)}`)
      : [];
    const unknown = mentioned.filter((id) => !found.some((a) => a.id === id));
    if (unknown.length) {
      const message = `Mentioned ${unknown.length === 1 ? 'agent' : 'agents'} ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not an active agent of this organisation`;
      throw badRequest(message, [{ path: 'body/content', message }]);
    }
  }
  return db.transaction(async (tx) => {
    const created = await firstRow<CommentJson>(
      tx,
      sql`with c as (
          insert into comments (org_id, object_type, object_id, author_id, content)
          values (${p.orgId}, ${type}, ${body.object_id}, ${p.agentId}, ${body.content}) returning id, content, created_at, author_id
        )
        select c.id, c.content, c.created_at, c.author_id, a.picture, a.full_name, a.email from c left join agents a on a.id = c.author_id`,
    );
    // the notification names the object by kind and id only: the mentioned agent may not be allowed to see more
    const note = `${p.fullName} mentioned you in a comment on ${NOUN[type]} #${body.object_id}`;
    for (const agentId of mentioned.filter((id) => id !== p.agentId)) {
      await notifyAgent(tx, { orgId: p.orgId, agentId, kind: 'mention', content: note, entityType: type, entityId: body.object_id });
    }
    await audit(tx, req, {
      orgId: p.orgId,
      agentId: p.agentId,
      action: 'comment.created',
      objectType: type,
      objectId: body.object_id,
      before: null,
      after: { comment_id: created!.id, content: body.content, mentioned_agent_ids: mentioned },
    });
    return comment(created!);
  });
}

export const commentsHandlers = defineHandlers({
  async listComments({ db, principal, params, query }) {
    if (!hasPermission(principal, READ_PERMISSION[query.object_type])) throw forbidden();
    await commentedObject(db, principal, query.object_type, params.id);
    return { comments: await loadComments(db, principal.orgId, query.object_type, params.id) };
  },

  async createComment({ db, req, principal, body }) {
    return createComment(db, req, principal, body);
  },
});
