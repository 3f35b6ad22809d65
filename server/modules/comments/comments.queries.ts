import { sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Principal } from '../../auth/principal.js';
import { visibleAlert, visibleCase, visibleSar } from '../../auth/visibility.js';
import { assertId, firstRow, rows, type SqlRunner } from '../../db/sql.js';
import { notFound } from '../../lib/errors.js';
import { comment, type CommentJson } from './comments.mappers.js';

/** Reading comments: the commented object (visible to the caller), an object's thread, a thread as json. */

type ObjectType = components['schemas']['ObjectType'];

const DATA_TABLES: Partial<Record<ObjectType, [string, string]>> = {
  ENTITY: ['entities', 'Entity'],
  TRANSACTION: ['transactions', 'Transaction'],
  ACTION_EVENT: ['action_events', 'Action event'],
  INSTRUMENT: ['instruments', 'Instrument'],
  RULE: ['rules', 'Rule'],
};

/** The commented object, visible to the caller (restricted queues included), or 404. */
export async function commentedObject(db: SqlRunner, p: Principal, type: ObjectType, id: number) {
  if (type === 'ALERT') return visibleAlert(db, p, id);
  if (type === 'CASE') return visibleCase(db, p, id);
  if (type === 'SAR') return visibleSar(db, p, id);
  const [table, label] = DATA_TABLES[type]!;
  const row = await firstRow(db, sql`select id from ${sql.raw(table)} where org_id = ${p.orgId} and id = ${assertId(id, label)}`);
  if (!row) throw notFound(label);
  return row;
}

/** An object's comments, oldest first. */
export async function loadComments(db: SqlRunner, orgId: number, type: ObjectType, id: number) {
  const found = await rows<CommentJson>(
    db,
    sql`select c.id, c.content, c.created_at, c.author_id, a.picture, a.full_name, a.email
      from comments c left join agents a on a.id = c.author_id
      where c.org_id = ${orgId} and c.object_type = ${type} and c.object_id = ${id}
      order by c.created_at, c.id`,
  );
  return found.map(comment);
}

/** Aliases cm and cma: a case query's own alias c must stay visible to idCol and orgCol. */
export const commentsJson = (objectType: string, idCol: SQL, orgCol: SQL) => sql`coalesce((
  select json_agg(json_build_object('id', cm.id, 'content', cm.content, 'created_at', cm.created_at, 'author_id', cma.id,
    'picture', cma.picture, 'full_name', cma.full_name, 'email', cma.email) order by cm.created_at, cm.id)
  from comments cm left join agents cma on cma.id = cm.author_id
  where cm.org_id = ${orgCol} and cm.object_type = ${objectType} and cm.object_id = ${idCol}), '[]'::json)`;
