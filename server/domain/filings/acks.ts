import { mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { firstRow, rows, type SqlRunner } from '../../db/sql.js';
import type { PeriodicTask } from '../../jobs/worker.js';
import { moveSar } from './jobs.js';
import type { FieldProblem } from './model.js';

/**
 * FinCEN's acknowledgements, read from the acknowledgements folder (`FILINGS_ACK_DIR`,
 * `DATA_DIR/filings/acknowledgements` by default) where the transfer leaves them. An
 * acknowledgement is named after the batch file it answers (`<batch file name>.ACKED`, the batch
 * file's name with anything after it) and its root `EFilingBatchXML` carries the batch's
 * `StatusCode` (A accepted, R rejected; FinCEN's messages file says the same of a batch), then
 * `EFilingSubmissionXML` and, per filing, an `EFilingActivityXML` naming the filing's Activity by
 * its `SeqNum` in the batch file (the attribute, or an `ActivitySeqNum` child) with the `BSAID`
 * FinCEN assigned and its `EFilingActivityErrorXML` entries.
 *
 * - A rejected batch: each of its SARs FINCEN_REJECTED, with the batch's errors.
 * - A filing with a FATAL error: FINCEN_VALIDATION_FAILED with its errors, per field.
 * - A filing with a BSA ID and no FATAL error: FILING_SUCCESS, its BSA ID and tracking id set,
 *   warnings kept per field, and its continuing-activity review scheduled.
 * - An accepted batch whose filings are not yet answered: FINCEN_ACCEPTED.
 *
 * Reading the same file again changes nothing (a SAR's lifecycle refuses a second answer); a read
 * file moves to `processed/`, one that cannot be read to `unreadable/`.
 */

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => ['EFilingSubmissionXML', 'EFilingActivityXML', 'EFilingActivityErrorXML', 'EFilingBatchErrorXML'].includes(name),
});

type Node = Record<string, unknown>;
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : isNode(v) && '#text' in v ? text(v['#text']) : '');
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): Node[] => (Array.isArray(v) ? v.filter(isNode) : isNode(v) ? [v] : []);

export interface AckedFiling {
  seq: number;
  bsaId: string | null;
  messages: FieldProblem[];
}

export interface Acknowledgement {
  status: 'ACCEPTED' | 'REJECTED';
  trackingId: string | null;
  batchMessages: FieldProblem[];
  filings: AckedFiling[];
}

function errorsOf(nodes: Node[]): FieldProblem[] {
  return nodes.map((e) => {
    const level = text(e.ErrorLevelText).toUpperCase() === 'FATAL' ? 'FATAL' : 'WARN';
    const element = text(e.ErrorElementNameText);
    const code = text(e.ErrorTypeCode);
    return {
      path: text(e.ErrorContextText) || element || 'filing',
      message: `${text(e.ErrorText) || 'FinCEN reported an error'}${element ? ` (${element})` : ''}${code ? ` [${code}]` : ''}`,
      level,
    };
  });
}

/** Reads an acknowledgement file; throws when it is not one. */
export function parseAcknowledgement(xml: string): Acknowledgement {
  const doc = parser.parse(xml) as Node;
  const root = doc.EFilingBatchXML;
  if (!isNode(root)) throw new Error('not a FinCEN acknowledgement: no EFilingBatchXML');
  const code = text(root['@StatusCode']).toUpperCase();
  if (code !== 'A' && code !== 'R') throw new Error(`unknown batch StatusCode ${JSON.stringify(code)}`);
  const submissions = list(root.EFilingSubmissionXML);
  const filings: AckedFiling[] = [];
  let trackingId: string | null = null;
  const batchErrors: Node[] = [...list(root.EFilingBatchErrorXML)];
  for (const submission of submissions) {
    trackingId ??= text(submission.BSATrackingID) || text(submission['@TrackingID']) || null;
    batchErrors.push(...list(submission.EFilingBatchErrorXML));
    for (const activity of list(submission.EFilingActivityXML)) {
      const seq = Number(text(activity.ActivitySeqNum) || text(activity['@SeqNum']));
      if (!Number.isInteger(seq) || seq <= 0) throw new Error('an EFilingActivityXML names no activity SeqNum');
      filings.push({ seq, bsaId: text(activity.BSAID) || null, messages: errorsOf(list(activity.EFilingActivityErrorXML)) });
    }
  }
  return { status: code === 'A' ? 'ACCEPTED' : 'REJECTED', trackingId, batchMessages: errorsOf(batchErrors), filings };
}

interface BatchSar {
  id: number;
  batch_seq: number | null;
  status: string;
}

/** Applies an acknowledgement to the batch whose file it answers; answers the batch id, or null when no batch has that file. */
export async function applyAcknowledgement(db: Db, fileName: string, ack: Acknowledgement): Promise<number | null> {
  const batch = await firstRow<{ id: number; org_id: number; file_name: string }>(
    db,
    sql`select id, org_id, file_name from filing_batches where report_type = 'SAR' and file_name is not null
      and ${fileName} like file_name || '%' order by length(file_name) desc limit 1`,
  );
  if (!batch) return null;
  const orgId = batch.org_id;
  await db.transaction(async (tx) => {
    const sars = await rows<BatchSar>(tx, sql`select id, batch_seq, status from sars where org_id = ${orgId} and batch_id = ${batch.id} order by id`);
    const days = await firstRow<{ days: number }>(tx, sql`select continuing_activity_days as days from filing_settings where org_id = ${orgId}`);
    const bySeq = new Map(ack.filings.map((f) => [f.seq, f]));
    for (const sar of sars) {
      if (ack.status === 'REJECTED') {
        if (await moveSar(tx, orgId, sar.id, 'fincen.reject')) await setMessages(tx, orgId, sar.id, ack.batchMessages);
        continue;
      }
      const answer = sar.batch_seq === null ? undefined : bySeq.get(sar.batch_seq);
      if (!answer) {
        await moveSar(tx, orgId, sar.id, 'fincen.accept');
        continue;
      }
      if (answer.messages.some((m) => m.level === 'FATAL')) {
        if (await moveSar(tx, orgId, sar.id, 'fincen.invalid')) await setMessages(tx, orgId, sar.id, answer.messages);
        continue;
      }
      if (!answer.bsaId) {
        await moveSar(tx, orgId, sar.id, 'fincen.accept');
        continue;
      }
      if (await moveSar(tx, orgId, sar.id, 'fincen.acknowledge')) {
        await setMessages(tx, orgId, sar.id, answer.messages);
        await tx.execute(
          sql`update sars set bsa_id = ${answer.bsaId}, bsa_tracking_id = ${ack.trackingId},
              car_alert_scheduled_at = coalesce(filed_at, now()) + make_interval(days => ${days?.days ?? 90})
            where org_id = ${orgId} and id = ${sar.id}`,
        );
      }
    }
    await tx.execute(
      sql`update filing_batches b set ack_status = ${ack.status}, ack_messages = ${JSON.stringify(ack.batchMessages)}::jsonb, acknowledged_at = now(),
          accepted_count = (select count(*)::int from sars s where s.org_id = b.org_id and s.batch_id = b.id and s.status = 'FILING_SUCCESS'),
          rejected_count = (select count(*)::int from sars s where s.org_id = b.org_id and s.batch_id = b.id
            and s.status in ('FINCEN_REJECTED', 'FINCEN_VALIDATION_FAILED'))
        where b.org_id = ${orgId} and b.id = ${batch.id}`,
    );
  });
  return batch.id;
}

async function setMessages(tx: SqlRunner, orgId: number, sarId: number, messages: FieldProblem[]) {
  await tx.execute(sql`update sars set fincen_messages = ${JSON.stringify(messages)}::jsonb where org_id = ${orgId} and id = ${sarId}`);
}

/** Reads every acknowledgement waiting in the folder; answers what became of each file. */
export async function readAcknowledgements(db: Db, folder: string): Promise<Array<{ file: string; batchId: number | null; error?: string }>> {
  mkdirSync(folder, { recursive: true });
  const out: Array<{ file: string; batchId: number | null; error?: string }> = [];
  for (const file of readdirSync(folder, { withFileTypes: true })) {
    if (!file.isFile() || file.name.startsWith('.')) continue;
    const path = join(folder, file.name);
    let batchId: number | null = null;
    try {
      batchId = await applyAcknowledgement(db, file.name, parseAcknowledgement(readFileSync(path, 'utf8')));
    } catch (error) {
      mkdirSync(join(folder, 'unreadable'), { recursive: true });
      renameSync(path, join(folder, 'unreadable', file.name));
      out.push({ file: file.name, batchId: null, error: String(error) });
      continue;
    }
    // an acknowledgement of no batch of ours stays where it is, for someone to look at
    if (batchId === null) {
      out.push({ file: file.name, batchId: null, error: 'no batch has this file name' });
      continue;
    }
    mkdirSync(join(folder, 'processed'), { recursive: true });
    renameSync(path, join(folder, 'processed', file.name));
    out.push({ file: file.name, batchId });
  }
  return out;
}

/** Looks in the acknowledgements folder every `everyMs` (`folder`: ServerConfig's filingsAckDir; the data folder's by default). */
export function acknowledgementsTask(everyMs: number, folder?: string): PeriodicTask {
  return {
    name: 'filing-acknowledgements',
    everyMs,
    firstAfterMs: Math.min(everyMs, 5_000),
    run: async ({ db, dataDir }) => void (await readAcknowledgements(db, folder ?? join(dataDir, 'filings', 'acknowledgements'))),
  };
}
