import { sql } from 'drizzle-orm';
import type { components } from '../../openapi/schema.js';
import type { Db } from '../db/client.js';
import { rows, intArray, iso, type Ts } from '../db/sql.js';
import { tag as mapTag } from './alerts.mappers.js';

/**
 * Shared readers of the investigation objects (Entity, Instrument, TransactionEvent, ActionEvent)
 * and the pieces they share: the viewer (censorship grants), restricted-queue visibility, formatted
 * data and annotations (tags, documents, comments). Loaders take ids already known to be in the
 * caller's organisation and answer the objects in the order of the ids (missing ids are skipped).
 */

type S = components['schemas'];
export type Entity = S['Entity'];
export type Instrument = S['Instrument'];
export type TransactionEvent = S['TransactionEvent'];
export type ActionEvent = S['ActionEvent'];
export type Tag = S['Tag'];
export type DocumentOut = S['Document'];
export type CommentOut = S['Comment'];
export type FormattedData = S['FormattedData'];
export type DataLoader = S['DataLoader'] | null;

// ---------------------------------------------------------------------------------------------
// Annotations: tags, documents, comments of a set of objects of one kind
// ---------------------------------------------------------------------------------------------

export interface DocumentRow {
  id: number;
  object_id: number;
  name: string;
  media_type: string;
  mime_type: string;
  embed_url: string | null;
  storage_resource: string;
  created_at: Ts;
}

export function mapDocument(d: Omit<DocumentRow, 'object_id'>): DocumentOut {
  return {
    id: d.id,
    name: d.name,
    media_type: d.media_type,
    mime_type: d.mime_type,
    embed_url: d.embed_url,
    storage_resource: d.storage_resource === 'GDRIVE' ? 'GDRIVE' : 'S3',
    created_at: iso(d.created_at),
  };
}

interface CommentRow {
  id: number;
  object_id: number;
  content: string;
  created_at: Ts;
  author_id: number | null;
  full_name: string | null;
  email: string | null;
  picture: string | null;
}

/** A comment; comments without an author (system notes) are attributed to "System" with id 0 (as alerts do). */
export function mapComment(c: Omit<CommentRow, 'object_id'>): CommentOut {
  return {
    id: c.id,
    author: { id: c.author_id ?? 0, full_name: c.full_name ?? 'System', email: c.email ?? '', picture: c.picture },
    content: c.content,
    created_at: iso(c.created_at),
  };
}

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
    rows<Tag & { object_id: number }>(
      db,
      sql`select ot.object_id, t.id, t.title, t.color from object_tags ot join tags t on t.org_id = ot.org_id and t.id = ot.tag_id
        where ot.org_id = ${orgId} and ot.object_type = ${objectType} and ot.object_id = any(${idList}) order by t.title, t.id`,
    ),
    rows<DocumentRow>(
      db,
      sql`select id, object_id, name, media_type, mime_type, embed_url, storage_resource, created_at from documents
        where org_id = ${orgId} and object_type = ${objectType} and object_id = any(${idList}) and deleted_at is null order by created_at desc, id desc`,
    ),
    rows<CommentRow>(
      db,
      sql`select c.id, c.object_id, c.content, c.created_at, c.author_id, a.full_name, a.email, a.picture from comments c
        left join agents a on a.id = c.author_id
        where c.org_id = ${orgId} and c.object_type = ${objectType} and c.object_id = any(${idList}) order by c.created_at, c.id`,
    ),
  ]);
  const byTag = group(tags, mapTag);
  const byDoc = group(documents, mapDocument);
  const byComment = group(comments, mapComment);
  return (id) => ({ tags: byTag.get(id) ?? [], documents: byDoc.get(id) ?? [], comments: byComment.get(id) ?? [] });
}

