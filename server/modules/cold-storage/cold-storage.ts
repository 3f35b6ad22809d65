import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Db } from '../../db/client.js';
import { archiveAfterDays, archiveRecords } from '../../domain/cold-storage/archive.js';
import { requestSweep } from '../../domain/cold-storage/jobs.js';
import { COLD_OBJECT_TYPES, COLD_KINDS } from '../../domain/cold-storage/kinds.js';
import { rehydrateAll } from '../../domain/cold-storage/read.js';
import { audit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { firstRow, iso, rows } from '../../db/sql.js';
import { defineHandlers } from '../types.js';

type S = components['schemas'];

async function readSettings(db: Db, orgId: number): Promise<S['ColdStorageSettings']> {
  const [flag, policy, counts, days] = await Promise.all([
    firstRow<{ enabled: boolean }>(db, sql`select enabled from feature_flags where org_id = ${orgId} and name = 'cold_storage'`),
    firstRow<{ last_swept_at: Date | string | null }>(db, sql`select last_swept_at from cold_storage_policies where org_id = ${orgId}`),
    rows<{ object_type: string; n: number; rehydrating: number }>(
      db,
      sql`select object_type, count(*)::int as n, (count(*) filter (where state = 'rehydrating'))::int as rehydrating
        from cold_records where org_id = ${orgId} group by object_type`,
    ),
    archiveAfterDays(db, orgId),
  ]);
  const cold = Object.fromEntries(COLD_OBJECT_TYPES.map((t) => [t, counts.find((c) => c.object_type === t)?.n ?? 0])) as S['ColdStorageCounts'];
  return {
    enabled: flag?.enabled ?? false,
    archive_after_days: days,
    last_swept_at: iso(policy?.last_swept_at ?? null),
    cold_records: cold,
    rehydrating: counts.reduce((sum, c) => sum + c.rehydrating, 0),
  };
}

export const coldStorageHandlers = defineHandlers({
  async getColdStorageSettings({ db, principal }) {
    return readSettings(db, principal.orgId);
  },

  async updateColdStorageSettings({ db, req, principal, body }) {
    const before = await readSettings(db, principal.orgId);
    await db.transaction(async (tx) => {
      if (body.enabled !== undefined) {
        await tx.execute(sql`insert into feature_flags (org_id, name, enabled) values (${principal.orgId}, 'cold_storage', ${body.enabled})
          on conflict (org_id, name) do update set enabled = excluded.enabled`);
      }
      if (body.archive_after_days !== undefined) {
        await tx.execute(sql`insert into cold_storage_policies (org_id, archive_after_days) values (${principal.orgId}, ${body.archive_after_days})
          on conflict (org_id) do update set archive_after_days = excluded.archive_after_days, updated_at = now()`);
      }
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'cold_storage.settings_updated',
        before: { enabled: before.enabled, archive_after_days: before.archive_after_days },
        after: { enabled: body.enabled ?? before.enabled, archive_after_days: body.archive_after_days ?? before.archive_after_days },
      });
    });
    // Off means the console reads through the plain calls, which serve hot rows only: bring everything back.
    if (body.enabled === false) await rehydrateAll(db, principal.orgId);
    // On (or a new age while on): archive what is due now rather than at the next hourly sweep.
    else if (body.enabled === true || (before.enabled && body.archive_after_days !== undefined)) await requestSweep(db, principal.orgId);
    return readSettings(db, principal.orgId);
  },

  async archiveColdRecords({ db, req, services, principal, body }) {
    const ids = [...new Set(body.object_ids)].sort((a, b) => a - b);
    const table = sql.identifier(COLD_KINDS[body.object_type].table);
    const known = await rows<{ id: number }>(db, sql`select t.id from ${table} t where t.org_id = ${principal.orgId} and t.id = any(${sql.param(ids)}::int[])`);
    if (known.length !== ids.length) throw notFound(COLD_KINDS[body.object_type].label);
    const archived = await archiveRecords(db, services.config.dataDir, principal.orgId, body.object_type, ids);
    await audit(db, req, {
      orgId: principal.orgId,
      agentId: principal.agentId,
      action: 'cold_storage.archived',
      details: { object_type: body.object_type, object_ids: archived },
    });
    const done = new Set(archived);
    return { object_type: body.object_type, archived, already_cold: ids.filter((id) => !done.has(id)) };
  },
});
