import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import type { PeriodicTask } from '../../jobs/worker.js';
import { exportExtension, exportFolder } from './job.js';

/**
 * Exports are kept for `days` after they finished (FILE_EXPORT_RETENTION_DAYS, 7 by default), then
 * their file and their row are deleted (a chat about one loses its link). The audit log keeps who
 * asked for and downloaded what; the deletion is audited too.
 */
export async function deleteExpiredExports(db: Db, dataDir: string, days: number): Promise<number> {
  const expired = await rows<{ id: number; org_id: number; export_type: string }>(
    db,
    sql`select id, org_id, export_type from file_exports
      where finished_at < now() - make_interval(days => ${days}) and status in ('READY_FOR_DOWNLOAD', 'FAILED', 'CANCELED')
      order by id limit 1000`,
  );
  for (const e of expired) {
    const file = join(exportFolder(dataDir, e.org_id), `${e.id}.${exportExtension(e.export_type)}`);
    await rm(file, { force: true });
    await db.transaction(async (tx) => {
      await tx.execute(sql`update chat_sessions set file_export_id = null where org_id = ${e.org_id} and file_export_id = ${e.id}`);
      await tx.execute(sql`delete from file_exports where org_id = ${e.org_id} and id = ${e.id}`);
      await tx.execute(
        sql`insert into audit_log (org_id, agent_id, action, object_type, object_id, details)
          values (${e.org_id}, null, 'file_export.deleted', 'FILE_EXPORT', ${String(e.id)}, ${JSON.stringify({ retention_days: days })}::jsonb)`,
      );
    });
  }
  return expired.length;
}

export function exportRetentionTask(everyMs: number, days: number): PeriodicTask {
  return {
    name: 'export-retention',
    everyMs,
    run: async ({ db, dataDir }) => {
      while ((await deleteExpiredExports(db, dataDir, days)) === 1000);
    },
  };
}
