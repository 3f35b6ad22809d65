import { sql } from 'drizzle-orm';
import type { SqlRunner } from '../../db/sql.js';
import type { ParsedRow, RowError } from './rows.js';

/** An execution records at most this many row errors; failure_count keeps counting past it. */
export const MAX_RECORDED_ERRORS = 100_000;
/** data_settings.recent_values keeps this many distinct values, newest first. */
export const RECENT_VALUES = 50;
const RECENT_VALUE_LENGTH = 200;

/** Inserts the batch's errors up to the cap; answers how many were written. */
export async function recordErrors(tx: SqlRunner, orgId: number, executionId: number, alreadyRecorded: number, errors: readonly RowError[]): Promise<number> {
  const room = Math.max(0, MAX_RECORDED_ERRORS - alreadyRecorded);
  const kept = errors.slice(0, room);
  if (!kept.length) return 0;
  const records = kept.map((e) => ({
    error_group: e.group,
    row_number: e.row_number,
    value: e.value,
    raw_data: e.raw_data,
    type: e.type,
    columns: e.columns,
    annotation: e.annotation,
    annotation_type: e.annotation_type,
    transformation: e.transformation,
  }));
  await tx.execute(sql`
    insert into flat_file_errors (org_id, execution_id, error_group, row_number, value, raw_data, type, count, columns, annotation, annotation_type, transformation)
    select ${orgId}, ${executionId}, e.error_group, e.row_number, e.value, e.raw_data, e.type, 1,
      array(select jsonb_array_elements_text(e.columns)), e.annotation, e.annotation_type, e.transformation
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as e(error_group text, row_number int, value text, raw_data jsonb, type text,
      columns jsonb, annotation text, annotation_type text, transformation text)`);
  return kept.length;
}

/** Puts the batch's values in front of each setting's recent values (distinct, newest first, at most 50). */
export async function rememberRecentValues(tx: SqlRunner, orgId: number, batch: readonly ParsedRow[]): Promise<void> {
  const perSetting = new Map<number, string[]>();
  const seen = new Map<number, Set<string>>();
  // newest first: the batch's last rows are the newest
  for (let i = batch.length - 1; i >= 0; i--) {
    for (const [id, raw] of batch[i].seen) {
      const value = raw.slice(0, RECENT_VALUE_LENGTH);
      let set = seen.get(id);
      if (!set) seen.set(id, (set = new Set()));
      if (set.has(value) || set.size >= RECENT_VALUES) continue;
      set.add(value);
      let list = perSetting.get(id);
      if (!list) perSetting.set(id, (list = []));
      list.push(value);
    }
  }
  for (const [id, values] of perSetting) {
    await tx.execute(sql`
      update data_settings d set recent_values = (
        select coalesce(array_agg(v order by o), '{}') from (
          select v, min(o) as o from (
            select v, o from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) with ordinality as a(v, o)
            union all
            select v, o + ${RECENT_VALUES + 1} from unnest(d.recent_values) with ordinality as b(v, o)
          ) u group by v order by min(o) limit ${RECENT_VALUES}
        ) x)
      where d.org_id = ${orgId} and d.id = ${id}`);
  }
}
