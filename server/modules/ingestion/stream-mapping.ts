import { sql } from 'drizzle-orm';
import { loadSettings } from '../../domain/ingestion/job.js';
import { mappingProblems, type ColumnMapping } from '../../domain/ingestion/mapping.js';
import { audit } from '../../lib/audit.js';
import { badRequest } from '../../lib/errors.js';
import { firstRow } from '../../db/sql.js';
import { TIME_ZONES, listStreamRows, streamMapping } from './flat-files.queries.js';
import { checkZone, objectType } from './flat-files.js';
import { defineHandlers } from '../types.js';

/** The time zones a stream's times may be given in (getStreamTimezones), in order. */
const TIME_ZONE_LIST = [...TIME_ZONES].sort();

/** Data streams and how each maps a file's columns onto an object type's fields and data settings. */
export const streamMappingHandlers = defineHandlers({
  getStreamTimezones() {
    return { timezones: TIME_ZONE_LIST };
  },

  async listStreams({ db, principal }) {
    return { streams: await listStreamRows(db, principal.orgId) };
  },

  async getStreamMapping({ db, principal, params, services }) {
    return streamMapping(db, services.config.dataDir, principal.orgId, params.stream, objectType(params.objectType));
  },

  async saveStreamMapping({ db, req, principal, params, body, services }) {
    const type = objectType(params.objectType);
    checkZone(body.time_zone, 'body/time_zone');
    const columns: ColumnMapping[] = body.columns.map((c) => ({
      column: c.column,
      target: c.target,
      native_field: c.target === 'native' ? (c.native_field ?? null) : null,
      data_setting_id: c.target === 'data_setting' ? (c.data_setting_id ?? null) : null,
    }));
    const problems = mappingProblems(columns, type, await loadSettings(db, principal.orgId));
    if (problems.length)
      throw badRequest(
        problems.join(' '),
        problems.map((message) => ({ path: 'body/columns', message })),
      );
    await db.transaction(async (tx) => {
      const stream = await firstRow<{ id: number }>(
        tx,
        sql`insert into data_streams (org_id, name, time_zone) values (${principal.orgId}, ${params.stream}, ${body.time_zone ?? 'UTC'})
          on conflict (org_id, name) do update set name = excluded.name returning id`,
      );
      if (body.time_zone) await tx.execute(sql`update data_streams set time_zone = ${body.time_zone} where id = ${stream!.id}`);
      await tx.execute(
        sql`insert into stream_mappings (org_id, stream_id, object_type, columns, updated_by_id) values (${principal.orgId}, ${stream!.id}, ${type}, ${JSON.stringify(columns)}::jsonb, ${principal.agentId})
          on conflict (org_id, stream_id, object_type) do update set columns = excluded.columns, updated_by_id = excluded.updated_by_id, updated_at = now()`,
      );
    });
    await audit(db, req, {
      orgId: principal.orgId,
      agentId: principal.agentId,
      action: 'stream_mapping.saved',
      objectType: 'STREAM',
      details: {
        stream: params.stream,
        object_type: type,
        columns: columns.length,
        time_zone: body.time_zone ?? null,
      },
    });
    return streamMapping(db, services.config.dataDir, principal.orgId, params.stream, type);
  },
});
