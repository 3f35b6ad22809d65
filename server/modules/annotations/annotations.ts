import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Db } from '../../db/client.js';
import { intArray, preparedRows } from '../../db/sql.js';
import { comment, type CommentJson } from '../comments/index.js';
import { mapDocument, type DocumentRow } from '../documents/index.js';
import { tag } from '../tags/index.js';

/**
 * The annotations of investigation objects (entities, instruments, transaction and action events):
 * their tags, live documents and comments, read for a page of objects of one kind at once, as the
 * object loaders attach them.
 */

type S = components['schemas'];
type Tag = S['Tag'];
type DocumentOut = S['Document'];
type CommentOut = S['Comment'];

export interface Annotations {
  tags: Tag[];
  documents: DocumentOut[];
  comments: CommentOut[];
}

function group<T extends { object_id: number }, U>(list: T[], map: (row: T) => U): Map<number, U[]> {
  const out = new Map<number, U[]>();
  for (const row of list) {
    const bucket = out.get(row.object_id);
    if (bucket) bucket.push(map(row));
    else out.set(row.object_id, [map(row)]);
  }
  return out;
}

/** Tags (by title), live documents (newest first) and comments (oldest first) of objects of one kind. */
export async function loadAnnotations(db: Db, orgId: number, objectType: string, ids: readonly number[]): Promise<(id: number) => Annotations> {
  if (!ids.length) return () => ({ tags: [], documents: [], comments: [] });
  const idList = intArray(ids);
  const [tags, documents, comments] = await Promise.all([
    preparedRows<Tag & { object_id: number }>(
      db,
      sql`select ot.object_id, t.id, t.title, t.color from object_tags ot join tags t on t.org_id = ot.org_id and t.id = ot.tag_id
        where ot.org_id = ${orgId} and ot.object_type = ${objectType} and ot.object_id = any(${idList}) order by t.title, t.id`,
    ),
    preparedRows<DocumentRow>(
      db,
      sql`select id, object_id, name, media_type, mime_type, embed_url, storage_resource, created_at from documents
        where org_id = ${orgId} and object_type = ${objectType} and object_id = any(${idList}) and deleted_at is null order by created_at desc, id desc`,
    ),
    preparedRows<CommentJson & { object_id: number }>(
      db,
      sql`select c.id, c.object_id, c.content, c.created_at, c.author_id, a.full_name, a.email, a.picture from comments c
        left join agents a on a.id = c.author_id
        where c.org_id = ${orgId} and c.object_type = ${objectType} and c.object_id = any(${idList}) order by c.created_at, c.id`,
    ),
  ]);
  const byTag = group(tags, tag);
  const byDoc = group(documents, mapDocument);
  const byComment = group(comments, comment);
  return (id) => ({ tags: byTag.get(id) ?? [], documents: byDoc.get(id) ?? [], comments: byComment.get(id) ?? [] });
}
