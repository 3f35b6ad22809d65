import { sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { visibleInQueue } from '../../auth/visibility.js';
import type { Db } from '../../db/client.js';
import { firstRow, idList, intArray, validIds, type SqlRunner } from '../../db/sql.js';
import { notFound } from '../../lib/errors.js';

/** Tags of objects: read into an object's answer, filtered on by the lists, replaced by a tag edit. */

/** An object's tags as a json array (for a select list), by title. */
export const tagsJson = (objectType: string, idCol: SQL, orgCol: SQL) => sql`coalesce((
  select json_agg(json_build_object('id', t.id, 'title', t.title, 'color', t.color) order by t.title)
  from object_tags ot join tags t on t.id = ot.tag_id and t.org_id = ot.org_id
  where ot.org_id = ${orgCol} and ot.object_type = ${objectType} and ot.object_id = ${idCol}), '[]'::json)`;

/** Objects carrying any of the tags (object_tags' primary key leads with tag_id). */
export function tagFilter(orgId: number, objectType: 'ALERT' | 'CASE', idCol: SQL, tagIds: readonly number[] | undefined): SQL | null {
  if (!tagIds?.length) return null;
  const valid = validIds(tagIds);
  if (!valid.length) return sql`false`;
  return sql`${idCol} in (select ft.object_id from object_tags ft where ft.org_id = ${orgId} and ft.object_type = ${objectType}
    and ft.tag_id in ${idList(valid)})`;
}

type TaggableType = 'ENTITY' | 'INSTRUMENT' | 'TRANSACTION' | 'ACTION_EVENT' | 'ALERT' | 'CASE';

/**
 * The external id label edits record for a taggable object of the caller's organisation (alerts and
 * cases have none: their id as text), or 404. Alerts and cases in restricted queues count as absent.
 */
export async function taggableExternalId(db: Db, principal: Principal, type: string, id: number): Promise<string> {
  const org = principal.orgId;
  const queries: Record<TaggableType, SQL> = {
    ENTITY: sql`select external_id from entities where org_id = ${org} and id = ${id}`,
    INSTRUMENT: sql`select external_id from instruments where org_id = ${org} and id = ${id}`,
    TRANSACTION: sql`select external_id from transactions where org_id = ${org} and id = ${id}`,
    ACTION_EVENT: sql`select external_id from action_events where org_id = ${org} and id = ${id}`,
    ALERT: sql`select a.id::text as external_id from alerts a where a.org_id = ${org} and a.id = ${id} and ${visibleInQueue(principal, 'a')}`,
    CASE: sql`select c.id::text as external_id from cases c where c.org_id = ${org} and c.id = ${id} and ${visibleInQueue(principal, 'c')}`,
  };
  const query = queries[type as TaggableType];
  const row = query ? await firstRow<{ external_id: string }>(db, query) : undefined;
  if (!row) throw notFound(type.charAt(0) + type.slice(1).toLowerCase().replace('_', ' '));
  return row.external_id;
}

export async function requireOrgTags(db: Db, orgId: number, tagIds: number[]): Promise<void> {
  if (!tagIds.length) return;
  const row = await firstRow<{ count: number }>(db, sql`select count(*)::int as count from tags where org_id = ${orgId} and id = any(${intArray(tagIds)})`);
  if ((row?.count ?? 0) !== new Set(tagIds).size) throw notFound('Tag');
}

/** Sets the object's tags to exactly tagIds. */
export async function replaceObjectTags(db: SqlRunner, orgId: number, type: string, id: number, tagIds: number[]): Promise<void> {
  await db.execute(sql`delete from object_tags where org_id = ${orgId} and object_type = ${type} and object_id = ${id}
    and not (tag_id = any(${intArray(tagIds)}))`);
  if (tagIds.length) {
    await db.execute(sql`insert into object_tags (org_id, tag_id, object_type, object_id)
      select ${orgId}, tag_id, ${type}, ${id} from unnest(${intArray(tagIds)}) as tag_id on conflict do nothing`);
  }
}
