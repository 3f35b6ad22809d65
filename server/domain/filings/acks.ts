import { mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { firstRow, rows, type SqlRunner } from '../../db/sql.js';
import type { PeriodicTask } from '../../jobs/worker.js';
import type { FilingFolders } from './delivery.js';
import { moveSar } from './jobs.js';
import type { FieldProblem } from './model.js';
import { pullAcknowledgements } from './sftp.js';

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
 * FinCEN's messages file answers the batch before the acknowledgement does: named after the batch
 * file with `.MESSAGES.XML` after it (`<batch file name>.MESSAGES.XML`, any case), it says whether
 * the batch was accepted or rejected, with the submission's tracking id and the batch's errors
 * (`parseMessagesFile`). A rejected batch: each of its SARs FINCEN_REJECTED with those errors, as a
 * rejecting acknowledgement does; an accepted one: its SENT_TO_FINCEN SARs FINCEN_ACCEPTED. The
 * acknowledgement has the last word whichever comes first: its rejection's errors replace the
 * messages file's, and a messages file read after it changes nothing.
 *
 * Reading the same file again changes nothing (a SAR's lifecycle refuses a second answer); a read
 * file moves to `processed/`, one that cannot be read to `unreadable/`. With SFTP configured, the
 * periodic task first brings the server's answers down into the folder (sftp.ts).
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

/** FinCEN's messages file about a batch: accepted (perhaps with warnings) or rejected, with its errors. */
export interface MessagesFile {
  status: 'ACCEPTED' | 'REJECTED';
  trackingId: string | null;
  messages: FieldProblem[];
}

/** A messages file is named after the batch file it answers, with `.MESSAGES.XML` after it (any case). */
export const isMessagesFileName = (fileName: string) => /\.MESSAGES\.XML$/i.test(fileName);

/** A status as FinCEN writes it: a code (A, R) or words (Accepted, Accepted with Warnings, Rejected). */
function statusOf(raw: string): 'ACCEPTED' | 'REJECTED' | null {
  const value = raw.trim().toUpperCase();
  if (value === 'A' || value.startsWith('ACCEPTED')) return 'ACCEPTED';
  if (value === 'R' || value.startsWith('REJECTED')) return 'REJECTED';
  return null;
}

/**
 * Reads a messages file; throws when it is not one. Its root (`EFilingMessagesXML`, in FinCEN's
 * namespace or none) carries the batch's status as a `StatusCode` attribute or child (A or R), or a
 * `SubmissionStatusText` child in words ("Accepted", "Accepted with Warnings", "Rejected"); the
 * submission's tracking id as a `BSATrackingID` child (or a `TrackingID` attribute), and the batch's
 * errors as `EFilingBatchErrorXML` entries with the fields of an acknowledgement's errors, directly
 * under the root or in an `EFilingSubmissionXML`.
 */
export function parseMessagesFile(xml: string): MessagesFile {
  const doc = parser.parse(xml) as Node;
  const roots = Object.entries(doc).filter(([name]) => !name.startsWith('?') && !name.startsWith('#'));
  if (roots.length !== 1) throw new Error('not a FinCEN messages file: no root element');
  const rootName = roots[0][0];
  const root: Node = isNode(roots[0][1]) ? roots[0][1] : {};
  if (rootName !== 'EFilingMessagesXML' && rootName !== 'EFilingBatchXML') throw new Error(`not a FinCEN messages file: the root is ${rootName}`);
  const submissions = list(root.EFilingSubmissionXML);
  const raw = [
    root['@StatusCode'],
    root.StatusCode,
    root.SubmissionStatusText,
    ...submissions.flatMap((s) => [s['@StatusCode'], s.StatusCode, s.SubmissionStatusText]),
  ]
    .map(text)
    .find(Boolean);
  const status = raw ? statusOf(raw) : null;
  if (!status) throw new Error(`the messages file names no batch status${raw ? ` it knows (${JSON.stringify(raw)})` : ''}`);
  const trackingId =
    [root.BSATrackingID, root['@TrackingID'], ...submissions.flatMap((s) => [s.BSATrackingID, s['@TrackingID']])].map(text).find(Boolean) ?? null;
  const errors = [...list(root.EFilingBatchErrorXML), ...submissions.flatMap((s) => list(s.EFilingBatchErrorXML))];
  return { status, trackingId, messages: errorsOf(errors) };
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
 * nothing the second time). FinCEN answers a batch twice: a messages file
 * (`<batch file>.MESSAGES.XML`, read by `parseMessagesFile` for every report type) goes to
 * `messages`, which sets what it says on the batch's filings (the acknowledgement, before or after
 * it, having the last word); without `messages`, a messages file sets the batch's status and errors
 * only.
 */
export interface AcknowledgementReader<T = unknown> {
  parse: (text: string, fileName: string) => T;
  apply: (db: Db, batch: AnsweredBatch, answer: T) => Promise<void>;
  messages?: (db: Db, batch: AnsweredBatch, file: MessagesFile) => Promise<void>;
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
        if (isMessagesFileName(fileName)) parseMessagesFile(text);
        else reader.parse(text, fileName);
        return true;
      } catch {
        return false;
      }
    },
    read: async (db, batch, text, fileName) => {
      if (!isMessagesFileName(fileName)) return reader.apply(db, batch, reader.parse(text, fileName));
      const file = parseMessagesFile(text);
      if (reader.messages) await reader.messages(db, batch, file);
      else await db.transaction((tx) => setBatchMessages(tx, batch, file));
    },
  });
}

registerAcknowledgementReader<Acknowledgement>('SAR', {
  parse: (text) => parseAcknowledgement(text),
  apply: (db, batch, ack) => applySarAcknowledgement(db, batch, ack),
  messages: (db, batch, file) => applySarMessages(db, batch, file),
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
    if (ack.status === 'REJECTED') await rejectSars(tx, orgId, sars, ack.batchMessages, { replacing: true });
    for (const sar of ack.status === 'REJECTED' ? [] : sars) {
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
          sql`update sars set bsa_id = ${answer.bsaId}, bsa_tracking_id = coalesce(${ack.trackingId}, bsa_tracking_id),
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

/**
 * A rejected batch's SARs: FINCEN_REJECTED, with the batch's errors. `replacing`: the SARs already
 * rejected (by the messages file) take these errors instead (the acknowledgement has the last word).
 */
async function rejectSars(tx: SqlRunner, orgId: number, sars: BatchSar[], messages: FieldProblem[], { replacing = false } = {}) {
  for (const sar of sars) {
    if ((await moveSar(tx, orgId, sar.id, 'fincen.reject')) || (replacing && sar.status === 'FINCEN_REJECTED')) await setMessages(tx, orgId, sar.id, messages);
  }
}

/**
 * A messages file's word on the batch itself, whatever its report type: its status (ACCEPTED,
 * ACCEPTED_WITH_WARNINGS or REJECTED) and errors, unless its acknowledgement came first.
 */
export async function setBatchMessages(tx: SqlRunner, batch: AnsweredBatch, file: MessagesFile): Promise<void> {
  const status = file.status === 'ACCEPTED' && file.messages.length ? 'ACCEPTED_WITH_WARNINGS' : file.status;
  await tx.execute(
    sql`update filing_batches set ack_status = ${status}, ack_messages = ${JSON.stringify(file.messages)}::jsonb
      where org_id = ${batch.org_id} and id = ${batch.id} and acknowledged_at is null`,
  );
}

/**
 * Applies FinCEN's messages file to the SAR batch it answers: rejected, its SARs FINCEN_REJECTED
 * with the errors; accepted, its SENT_TO_FINCEN SARs FINCEN_ACCEPTED, each with the submission's
 * tracking id. The batch takes the status and errors unless its acknowledgement came first.
 */
async function applySarMessages(db: Db, batch: AnsweredBatch, file: MessagesFile): Promise<void> {
  const orgId = batch.org_id;
  await db.transaction(async (tx) => {
    const sars = await rows<BatchSar>(tx, sql`select id, batch_seq, status from sars where org_id = ${orgId} and batch_id = ${batch.id} order by id`);
    if (file.status === 'REJECTED') await rejectSars(tx, orgId, sars, file.messages);
    else for (const sar of sars) await moveSar(tx, orgId, sar.id, 'fincen.accept');
    if (file.trackingId)
      await tx.execute(
        sql`update sars set bsa_tracking_id = ${file.trackingId} where org_id = ${orgId} and batch_id = ${batch.id} and bsa_tracking_id is null`,
      );
    await setBatchMessages(tx, batch, file);
    await tx.execute(
      sql`update filing_batches b set rejected_count = (select count(*)::int from sars s where s.org_id = b.org_id and s.batch_id = b.id
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

/**
 * Every `everyMs`: with SFTP configured, brings the server's answers down into the acknowledgements
 * folder (a file that cannot be fetched stays on the server for the next run), then reads the folder
 * (`folders`: ServerConfig's; the data folder's by default). A server that cannot be reached does not
 * stop the folder being read; the failure is then the task's, for the log.
 */
export function acknowledgementsTask(everyMs: number, folders?: FilingFolders): PeriodicTask {
  return {
    name: 'filing-acknowledgements',
    everyMs,
    firstAfterMs: Math.min(everyMs, 5_000),
    run: async ({ db, dataDir, log }) => {
      const folder = folders?.acknowledgements ?? join(dataDir, 'filings', 'acknowledgements');
      let unreachable: Error | null = null;
      if (folders?.sftp) {
        try {
          for (const pulled of await pullAcknowledgements(folders.sftp, folder))
            if (pulled.error) log?.('warn', 'an answer on the SFTP server could not be fetched; it stays there for the next run', { ...pulled });
        } catch (error) {
          unreachable = error instanceof Error ? error : new Error(String(error));
        }
      }
      await readAcknowledgements(db, folder);
      if (unreachable) throw unreachable;
    },
  };
}
