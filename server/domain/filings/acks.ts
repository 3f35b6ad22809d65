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

/** The batch a file answers: the one whose file name starts the answer's name (the longest such). */
export interface AnsweredBatch {
  id: number;
  org_id: number;
  report_type: string;
  file_name: string;
}

async function batchAnswered(db: SqlRunner, fileName: string): Promise<AnsweredBatch | null> {
  const batch = await firstRow<AnsweredBatch>(
    db,
    sql`select id, org_id, report_type, file_name from filing_batches where file_name is not null
      and ${fileName} like file_name || '%' order by length(file_name) desc limit 1`,
  );
  return batch ?? null;
}

/**
 * How the answers to one report type's batches are read: `parse` throws when the text is not such
 * an answer; `apply` sets what it says on the batch and its filings (applying it twice changes
 * nothing the second time).
 */
export interface AcknowledgementReader<T = unknown> {
  parse: (text: string, fileName: string) => T;
  apply: (db: Db, batch: AnsweredBatch, answer: T) => Promise<void>;
}

/** A reader with its answer's type erased: reads a file's text and applies it, or says whether it parses. */
interface StoredReader {
  parses: (text: string, fileName: string) => boolean;
  read: (db: Db, batch: AnsweredBatch, text: string, fileName: string) => Promise<void>;
}

const readers = new Map<string, StoredReader>();

/** Registers how the answers to a report type's batches are read (CTR and FINTRAC batches register theirs). */
export function registerAcknowledgementReader<T>(reportType: string, reader: AcknowledgementReader<T>) {
  readers.set(reportType, {
    parses: (text, fileName) => {
      try {
        reader.parse(text, fileName);
        return true;
      } catch {
        return false;
      }
    },
    read: (db, batch, text, fileName) => reader.apply(db, batch, reader.parse(text, fileName)),
  });
}

registerAcknowledgementReader<Acknowledgement>('SAR', {
  parse: (text) => parseAcknowledgement(text),
  apply: (db, batch, ack) => applySarAcknowledgement(db, batch, ack),
});

/** Applies a FinCEN acknowledgement to the SAR batch whose file it answers; answers the batch id, or null when no SAR batch has that file. */
export async function applyAcknowledgement(db: Db, fileName: string, ack: Acknowledgement): Promise<number | null> {
  const batch = await batchAnswered(db, fileName);
  if (!batch || batch.report_type !== 'SAR') return null;
  await applySarAcknowledgement(db, batch, ack);
  return batch.id;
}

async function applySarAcknowledgement(db: Db, batch: AnsweredBatch, ack: Acknowledgement): Promise<void> {
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
    const batch = await batchAnswered(db, file.name);
    const reader = batch && readers.get(batch.report_type);
    let problem: string | null = null;
    try {
      const text = readFileSync(path, 'utf8');
      if (reader && batch) await reader.read(db, batch, text, file.name);
      else if (![...readers.values()].some((r) => r.parses(text, file.name))) throw new Error('not an acknowledgement of any report type');
      else problem = 'no batch has this file name';
    } catch (error) {
      mkdirSync(join(folder, 'unreadable'), { recursive: true });
      renameSync(path, join(folder, 'unreadable', file.name));
      out.push({ file: file.name, batchId: null, error: String(error) });
      continue;
    }
    // an acknowledgement of no batch of ours stays where it is, for someone to look at
    if (problem || !batch) {
      out.push({ file: file.name, batchId: null, error: problem ?? 'no batch has this file name' });
      continue;
    }
    const batchId = batch.id;
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
