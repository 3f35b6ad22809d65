import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { firstRow, rows, type SqlRunner, idList } from '../../db/sql.js';
import { COLD_KINDS, COLD_OBJECT_TYPES, type ColdObjectType } from './kinds.js';
import { readArchive, removeArchive, writeArchive } from './store.js';

/** Records older than this are archived when an organisation sets no age: about 18 months. */
export const DEFAULT_ARCHIVE_AFTER_DAYS = 548;
/** Records per archive file (and per kind in one sweep step). */
export const ARCHIVE_BATCH = 500;

const table = (type: ColdObjectType) => sql.identifier(COLD_KINDS[type].table);

/**
 * Moves records to the cold store: the whole rows go to one archive file, then (in one database
 * transaction) the index rows are written and the stubs' cold columns cleared. Records already
 * cold are left alone. Answers the ids archived now.
 */
export async function archiveRecords(db: Db, dataDir: string, orgId: number, type: ColdObjectType, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = await rows<{ id: number; row: Record<string, unknown> }>(
    db,
    sql`select t.id, to_jsonb(t) as row from ${table(type)} t
      where t.org_id = ${orgId} and t.id in ${idList(ids)}
        and not exists (select 1 from cold_records c where c.org_id = t.org_id and c.object_type = ${type} and c.object_id = t.id)
      order by t.id`,
  );
  if (!found.length) return [];
  const file = await writeArchive(
    dataDir,
    orgId,
    type,
    found.map((f) => f.row),
  );
  const stub = sql.join(
    Object.entries(COLD_KINDS[type].cold).map(([column, value]) => sql`${sql.identifier(column)} = ${sql.raw(value)}`),
    sql`, `,
  );
  let archived: number[];
  try {
    archived = await db.transaction(async (tx) => {
      const values = sql.join(
        found.map((f, line) => sql`(${orgId}, ${type}, ${f.id}, ${file}, ${line})`),
        sql`, `,
      );
      // Another archiver (the sweep, or an archive-now call) may have taken some of these records
      // since they were read: its file holds them, so they are left to it and not stubbed twice.
      const taken = await rows<{ object_id: number }>(
        tx,
        sql`insert into cold_records (org_id, object_type, object_id, file, line) values ${values}
          on conflict (org_id, object_type, object_id) do nothing returning object_id`,
      );
      const ids = taken.map((t) => t.object_id).sort((a, b) => a - b);
      if (ids.length) await tx.execute(sql`update ${table(type)} set ${stub} where org_id = ${orgId} and id in ${idList(ids)}`);
      return ids;
    });
  } catch (err) {
    await removeArchive(dataDir, file);
    throw err;
  }
  // every record went to the other archiver: this file is referenced by nothing
  if (!archived.length) await removeArchive(dataDir, file);
  return archived;
}

/** The organisation's archive age in days. */
export async function archiveAfterDays(db: SqlRunner, orgId: number): Promise<number> {
  const policy = await firstRow<{ days: number }>(db, sql`select archive_after_days as days from cold_storage_policies where org_id = ${orgId}`);
  return policy?.days ?? DEFAULT_ARCHIVE_AFTER_DAYS;
}

/**
 * One sweep step for an organisation: archives up to ARCHIVE_BATCH of the oldest eligible
 * records of each kind. `more` says whether a kind had more to do (the sweep runs again).
 */
export async function sweepOrganisation(db: Db, dataDir: string, orgId: number): Promise<{ archived: Partial<Record<ColdObjectType, number>>; more: boolean }> {
  const days = await archiveAfterDays(db, orgId);
  const archived: Partial<Record<ColdObjectType, number>> = {};
  let more = false;
  for (const type of COLD_OBJECT_TYPES) {
    const kind = COLD_KINDS[type];
    const due = await rows<{ id: number }>(
      db,
      sql`select t.id from ${table(type)} t
        where t.org_id = ${orgId} and ${kind.eligible} and ${kind.ageFrom} < now() - make_interval(days => ${days})
          and not exists (select 1 from cold_records c where c.org_id = t.org_id and c.object_type = ${type} and c.object_id = t.id)
        order by t.id limit ${ARCHIVE_BATCH}`,
    );
    const done = await archiveRecords(
      db,
      dataDir,
      orgId,
      type,
      due.map((d) => d.id),
    );
    if (done.length) archived[type] = done.length;
    if (due.length === ARCHIVE_BATCH) more = true;
  }
  await db.execute(
    sql`insert into cold_storage_policies (org_id, last_swept_at) values (${orgId}, now())
      on conflict (org_id) do update set last_swept_at = now()`,
  );
  return { archived, more };
}

/**
 * Brings records back hot: restores each stub's cold columns from its archive line and drops
 * its index row, one database transaction per file. Records already hot are skipped, so running
 * it twice (a retry after a crash) is harmless. Files no longer referenced are deleted.
 */
export async function rehydrateRecords(db: Db, dataDir: string, orgId: number, type: ColdObjectType, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const cold = await rows<{ object_id: number; file: string; line: number }>(
    db,
    sql`select object_id, file, line from cold_records where org_id = ${orgId} and object_type = ${type} and object_id in ${idList(ids)}`,
  );
  const byFile = new Map<string, { object_id: number; line: number }[]>();
  for (const c of cold) byFile.set(c.file, [...(byFile.get(c.file) ?? []), c]);
  const columns = Object.keys(COLD_KINDS[type].cold);
  const assign = sql.join(
    columns.map((c) => sql`${sql.identifier(c)} = r.${sql.identifier(c)}`),
    sql`, `,
  );
  const restored: number[] = [];
  for (const [file, entries] of byFile) {
    const records = await readArchive(dataDir, file);
    await db.transaction(async (tx) => {
      for (const entry of entries) {
        const record = records[entry.line];
        if (!record || record.id !== entry.object_id) throw new Error(`archive ${file} line ${entry.line} does not hold ${type} ${entry.object_id}`);
        await tx.execute(
          sql`update ${table(type)} t set ${assign}
            from jsonb_populate_record(null::${table(type)}, ${JSON.stringify(record)}::jsonb) r
            where t.org_id = ${orgId} and t.id = ${entry.object_id}`,
        );
        await tx.execute(sql`delete from cold_records where org_id = ${orgId} and object_type = ${type} and object_id = ${entry.object_id}`);
        restored.push(entry.object_id);
      }
    });
    const left = await firstRow<{ n: number }>(db, sql`select count(*)::int as n from cold_records where org_id = ${orgId} and file = ${file}`);
    if (!left?.n) await removeArchive(dataDir, file);
  }
  return restored;
}
