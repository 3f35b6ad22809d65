import { sql, type SQL } from 'drizzle-orm';
import type { ClaimedJob } from '../../jobs/queue.js';
import { enqueueJob } from '../../jobs/queue.js';
import { wakeWorkers, type JobHandler } from '../../jobs/worker.js';
import { firstRow, rows, type SqlRunner } from '../../db/sql.js';
import { decryptField, encryptField } from './encryption.js';
import { requireFieldKey } from './key.js';

/**
 * When a data setting's censorship changes to or from ENCRYPTED, the values already stored follow:
 * a durable job encrypts the plain ones (or decrypts the encrypted ones) of that setting in every
 * table that holds formatted data, in batches. The job reads the setting's censorship when it runs,
 * not when it was queued, so quick changes back and forth converge on the last one. Each batch
 * picks only values still in the other form and writes a value only if it is unchanged since it was
 * read, so a job killed midway, run twice, or racing an ingestion is harmless: run again, it goes
 * on where the values say it stopped. Readers accept either form meanwhile (domain/censorship/access.ts).
 */

export const REENCRYPT_JOB = 'censorship.reencrypt';
const TABLES = ['entities', 'instruments', 'transactions', 'action_events', 'alerts'] as const;
const BATCH = 1000;

/**
 * After a censorship change (the data setting update handler calls this with the setting before and
 * after): clears the recent values of a setting that is censored from now on, and queues the job
 * when ENCRYPTED is on one side. Answers the job id, or null.
 */
export async function censorshipChanged(db: SqlRunner, orgId: number, settingId: number, fromSetting: string, toSetting: string): Promise<number | null> {
  // the contract spells censorship in lower case, the table in upper case: either is accepted
  const [from, to] = [fromSetting.toUpperCase(), toSetting.toUpperCase()];
  if (from === to) return null;
  // every reader of data settings sees recent values: a field censored from now on keeps none in clear
  if (to !== 'ALWAYS_VISIBLE') await db.execute(sql`update data_settings set recent_values = '{}' where org_id = ${orgId} and id = ${settingId}`);
  if (from !== 'ENCRYPTED' && to !== 'ENCRYPTED') return null;
  const id = await enqueueJob(db, { orgId, kind: REENCRYPT_JOB, payload: { data_setting_id: settingId } });
  wakeWorkers();
  return id;
}

/** The stored value of the entry `key` (an object with formatted_value, or a bare value in older rows). */
const valueOf = (key: string): SQL =>
  sql`(case jsonb_typeof(o.formatted_data -> ${key}) when 'object' then o.formatted_data -> ${key} -> 'formatted_value' else o.formatted_data -> ${key} end)`;

const ENCRYPTED_FORM = (v: SQL) => sql`(jsonb_typeof(${v}) = 'string' and (${v} #>> '{}') like 'enc:v1:%')`;

export interface ReencryptResult {
  target: 'encrypted' | 'plain';
  changed: number;
  /** encrypted values that did not decrypt with this server's key (left as they are) */
  undecryptable: number;
}

/** Brings every stored value of one setting into the form its censorship asks for. */
export async function reencryptSetting(db: SqlRunner, orgId: number, settingId: number, key: Buffer = requireFieldKey()): Promise<ReencryptResult> {
  const setting = await firstRow<{ censorship_setting: string }>(
    db,
    sql`select censorship_setting from data_settings where org_id = ${orgId} and id = ${settingId}`,
  );
  // a deleted setting: its values are read by nobody; decrypting them would only expose them
  const target = !setting || setting.censorship_setting === 'ENCRYPTED' ? 'encrypted' : 'plain';
  const entry = String(settingId);
  const v = valueOf(entry);
  const wanted = target === 'encrypted' ? sql`(${v} is not null and jsonb_typeof(${v}) <> 'null' and not ${ENCRYPTED_FORM(v)})` : ENCRYPTED_FORM(v);
  const result: ReencryptResult = { target, changed: 0, undecryptable: 0 };
  for (const name of TABLES) {
    const table = sql.raw(name);
    let after = 0;
    for (;;) {
      const batch = await rows<{ id: number; old: string }>(
        db,
        sql`select o.id, ${v} #>> '{}' as old from ${table} o
          where o.org_id = ${orgId} and o.id > ${after} and o.formatted_data ? ${entry} and ${wanted} order by o.id limit ${BATCH}`,
      );
      if (!batch.length) break;
      after = batch[batch.length - 1].id;
      const ids: number[] = [];
      const olds: string[] = [];
      const news: string[] = [];
      for (const row of batch) {
        let next: string;
        if (target === 'encrypted') next = encryptField(key, row.old);
        else {
          try {
            next = decryptField(key, row.old);
          } catch {
            result.undecryptable++;
            continue;
          }
        }
        ids.push(row.id);
        olds.push(row.old);
        news.push(next);
      }
      if (!ids.length) continue;
      const updated = await rows<{ id: number }>(
        db,
        sql`update ${table} o set formatted_data = o.formatted_data || jsonb_build_object(${entry}::text,
            case when jsonb_typeof(o.formatted_data -> ${entry}) = 'object'
              then (o.formatted_data -> ${entry}) || jsonb_build_object('formatted_value', c.next)
              else jsonb_build_object('formatted_value', c.next) end)
          from unnest(${sql.param(ids)}::int[], ${sql.param(olds)}::text[], ${sql.param(news)}::text[]) as c(id, old, next)
          where o.org_id = ${orgId} and o.id = c.id and (${v} #>> '{}') = c.old
          returning o.id`,
      );
      result.changed += updated.length;
    }
  }
  // recent values of an encrypted setting would keep in clear what the rows no longer do
  if (target === 'encrypted')
    await db.execute(sql`update data_settings set recent_values = '{}' where org_id = ${orgId} and id = ${settingId} and censorship_setting = 'ENCRYPTED'`);
  return result;
}

const reencrypt: JobHandler = async (job: ClaimedJob, ctx) => {
  if (job.org_id === null) throw new Error(`job ${job.id} names no organisation`);
  const settingId = Number(job.payload.data_setting_id);
  if (!Number.isInteger(settingId)) throw new Error(`job ${job.id} names no data setting`);
  return reencryptSetting(ctx.db, job.org_id, settingId);
};

export const censorshipJobHandlers: Record<string, JobHandler> = { [REENCRYPT_JOB]: reencrypt };
