import { sql, type SQL } from 'drizzle-orm';
import { hasPermission, type Principal } from '../../auth/principal.js';
import { sarVisible, visibleInQueue } from '../../auth/visibility.js';
import type { Db } from '../../db/client.js';
import { firstRow, rows, type SqlRunner } from '../../db/sql.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { EDIT_PERMISSION } from '../../../core/permissions.js';
import { mapDocument, type DocumentRow } from './documents.mappers.js';

/** Documents of an object, one document visible to the caller, and the permission changing them needs. */

export interface DocumentOwnerRow extends DocumentRow {
  object_type: string;
}

/** Whether the object a document belongs to is one the principal may see (restricted queues hide alerts, cases, SARs). */
function ownerVisible(principal: Principal): SQL {
  return sql`case d.object_type
    when 'ALERT' then exists (select 1 from alerts a where a.org_id = d.org_id and a.id = d.object_id and ${visibleInQueue(principal, 'a')})
    when 'CASE' then exists (select 1 from cases c where c.org_id = d.org_id and c.id = d.object_id and ${visibleInQueue(principal, 'c')})
    when 'SAR' then exists (select 1 from sars s where s.org_id = d.org_id and s.id = d.object_id and ${sarVisible(principal, 's')})
    else true end`;
}

/** The live documents of one object (an alert, a case), newest first; the caller has checked the object is visible. */
export async function ownerDocuments(db: SqlRunner, orgId: number, objectType: 'ALERT' | 'CASE', objectId: number) {
  const found = await rows<DocumentRow>(
    db,
    sql`select id, object_id, name, media_type, mime_type, embed_url, storage_resource, created_at from documents
      where org_id = ${orgId} and object_type = ${objectType} and object_id = ${objectId} and deleted_at is null
      order by created_at desc, id desc`,
  );
  return found.map(mapDocument);
}

/** A live document of the caller's organisation whose owner the caller may see, or 404. */
export async function visibleDocument(db: Db, principal: Principal, id: number): Promise<DocumentOwnerRow> {
  const row = await firstRow<DocumentOwnerRow>(
    db,
    sql`select d.id, d.object_type, d.object_id, d.name, d.media_type, d.mime_type, d.embed_url, d.storage_resource, d.created_at
      from documents d where d.org_id = ${principal.orgId} and d.id = ${id} and d.deleted_at is null and ${ownerVisible(principal)}`,
  );
  if (!row) throw notFound('Attachment');
  return row;
}

/** Attaching or deleting a document needs the permission that changes its owner (core/permissions.ts). */
export function requireEditPermissionFor(principal: Principal, objectType: string): void {
  const needed = (EDIT_PERMISSION as Record<string, string | undefined>)[objectType];
  if (!needed || !hasPermission(principal, needed)) throw forbidden(`Changing this object's attachments needs the ${needed ?? 'edit'} permission`);
}
