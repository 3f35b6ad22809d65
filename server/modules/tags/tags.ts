import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import { firstRow, intArray, iso, rows, type Ts } from '../../db/sql.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { tag } from './tags.mappers.js';
import { replaceObjectTags, requireOrgTags, taggableExternalId } from './tags.queries.js';
import { defineHandlers } from '../types.js';

type S = components['schemas'];

/** The organisation's tags, replacing an object's tags (a label edit), and the label edits of an object. */
export const tagsHandlers = defineHandlers({
  async listLabelEdits({ db, principal, query }) {
    const where = sql`org_id = ${principal.orgId} and object_type = ${query.cgdo_type} and object_external_id = ${query.cgdo_external_id}
      and started_at >= now() - make_interval(mins => ${query.within_last_mins ?? 5})`;
    const [counted, found] = await Promise.all([
      firstRow<{ count: number }>(db, sql`select count(*)::int as count from label_edits where ${where}`),
      rows<{ id: number; started_at: Ts; finished_at: Ts | null; requested_by: number | null }>(
        db,
        sql`select id, started_at, finished_at, requested_by from label_edits where ${where}
          order by started_at desc, id desc limit ${query.limit ?? 1}`,
      ),
    ]);
    return {
      count: counted?.count ?? 0,
      data: found.map((e) => ({ id: e.id, started_at: iso(e.started_at), finished_at: iso(e.finished_at), requested_by: e.requested_by })),
    };
  },

  async listTags({ db, principal }) {
    const found = await rows<S['Tag']>(db, sql`select id, title, color from tags where org_id = ${principal.orgId} order by title, id`);
    return { tags: found.map(tag) };
  },

  async editTags({ db, req, principal, body }) {
    if (body.object_type === 'SAR' || body.object_type === 'RULE') throw badRequest(`Objects of type ${body.object_type} carry no tags`);
    const externalId = await taggableExternalId(db, principal, body.object_type, body.object_id);
    await requireOrgTags(db, principal.orgId, body.tag_ids);
    const labelEditId = await db.transaction(async (tx) => {
      // serialises concurrent edits of one object on PostgreSQL; PGlite runs one transaction at a time
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`label_edit:${principal.orgId}:${body.object_type}:${body.object_id}`}))`);
      const inProgress = await firstRow<{ started_at: Ts }>(
        tx,
        sql`select started_at from label_edits where org_id = ${principal.orgId} and object_type = ${body.object_type}
          and object_external_id = ${externalId} and finished_at is null and started_at >= now() - interval '5 minutes'
          order by started_at desc limit 1`,
      );
      if (inProgress) throw conflict(`A label update of this object requested at ${iso(inProgress.started_at)} is still in progress`);
      const edit = await firstRow<{ id: number }>(
        tx,
        sql`insert into label_edits (org_id, object_type, object_external_id, requested_by, tag_ids)
          values (${principal.orgId}, ${body.object_type}, ${externalId}, ${principal.agentId}, ${intArray(body.tag_ids)}) returning id`,
      );
      const previous = await rows<{ tag_id: number }>(
        tx,
        sql`select tag_id from object_tags where org_id = ${principal.orgId} and object_type = ${body.object_type} and object_id = ${body.object_id} order by tag_id`,
      );
      await replaceObjectTags(tx, principal.orgId, body.object_type, body.object_id, body.tag_ids);
      await tx.execute(sql`update label_edits set finished_at = now() where id = ${edit!.id}`);
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'tags.edit',
        objectType: body.object_type,
        objectId: body.object_id,
        before: { tag_ids: previous.map((t) => t.tag_id) },
        after: { tag_ids: [...new Set(body.tag_ids)].sort((a, b) => a - b) },
        details: { label_edit_id: edit!.id },
      });
      return edit!.id;
    });
    const found = await rows<S['Tag']>(
      db,
      sql`select t.id, t.title, t.color from object_tags ot join tags t on t.org_id = ot.org_id and t.id = ot.tag_id
        where ot.org_id = ${principal.orgId} and ot.object_type = ${body.object_type} and ot.object_id = ${body.object_id} order by t.title, t.id`,
    );
    return { object_type: body.object_type, object_id: body.object_id, tags: found.map(tag), label_edit_id: labelEditId };
  },
});
