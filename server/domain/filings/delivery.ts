import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { firstRow, type SqlRunner } from '../../db/sql.js';
import { uploadWhole, type SftpSettings } from './sftp.js';

/**
 * Where filing batch files go and where the regulators' answers come from: the submissions folder
 * (`FILINGS_OUTBOX_DIR`) and the acknowledgements folder (`FILINGS_ACK_DIR`), both under the data
 * folder by default (ServerConfig's filingsOutboxDir and filingsAckDir). Every report type (FinCEN
 * SAR and CTR batches, FINTRAC reports) is delivered through `deliverBatchFile`. With `sftp` set
 * (`FILINGS_SFTP_HOST` and the others; sftp.ts), batch files also go up to the SFTP server's
 * submissions folder, and the acknowledgements task first brings the server's answers down into the
 * acknowledgements folder.
 */
export interface FilingFolders {
  outbox: string;
  acknowledgements: string;
  sftp?: SftpSettings;
}

/** The folders under a data folder, when the configuration names none (tests). */
export const defaultFolders = (dataDir: string): FilingFolders => ({
  outbox: join(dataDir, 'filings', 'outbox'),
  acknowledgements: join(dataDir, 'filings', 'acknowledgements'),
});

/** Writes `content` to `folder/name` through a temporary file, so the folder never shows half a file. */
export function writeWhole(folder: string, name: string, content: string) {
  mkdirSync(folder, { recursive: true });
  const target = join(folder, name);
  // a send repeated after a crash finds the file written: the same batch, not a second submission
  if (existsSync(target) && readFileSync(target, 'utf8') === content) return;
  const temporary = join(folder, `.${name}.part`);
  writeFileSync(temporary, content);
  renameSync(temporary, target);
}

/**
 * Delivers one batch file, whole: to the submissions folder (the record of what was sent), then,
 * when SFTP is configured, to the SFTP server's submissions folder (a temporary name, then renamed).
 * Delivering the same file again (a send repeated after a crash) leaves one file in each, never a
 * second submission. Throws when it cannot, for the send job to mark the filings failed and retry.
 */
export async function deliverBatchFile(folders: FilingFolders, name: string, content: string): Promise<void> {
  writeWhole(folders.outbox, name, content);
  if (folders.sftp) await uploadWhole(folders.sftp, name, content);
}

/**
 * What a report type's filings do while their batch is sent, each step in the batch's own
 * transaction: `sending` before the attempt (filings a failed attempt left behind send again),
 * `failed` after a failed one (`lastAttempt`: the retries have run out), `sent` once the file is
 * delivered.
 */
export interface SendSteps {
  sending: (tx: SqlRunner) => Promise<void>;
  failed: (tx: SqlRunner, lastAttempt: boolean) => Promise<void>;
  sent: (tx: SqlRunner) => Promise<void>;
}

/**
 * Sends a batch of `reportType` whose file was written when it was built: delivers it, counts the
 * attempt and moves the batch's filings by `steps`. A failure is recorded and thrown again, for the
 * job queue to retry; a batch already sent is not sent again.
 */
export async function sendBatchFile(
  db: Db,
  batch: { orgId: number; id: number; reportType: string },
  folders: FilingFolders,
  lastAttempt: boolean,
  steps: SendSteps,
): Promise<'sent' | 'already sent'> {
  const { orgId, id } = batch;
  const file = await firstRow<{ file_name: string | null; content: string | null; sent_at: unknown }>(
    db,
    sql`select file_name, content, sent_at from filing_batches where org_id = ${orgId} and id = ${id} and report_type = ${batch.reportType}`,
  );
  if (!file?.file_name || !file.content) throw new Error(`${batch.reportType} batch ${id} of organisation ${orgId} has no file to send`);
  if (file.sent_at) return 'already sent';
  await db.transaction((tx) => steps.sending(tx));
  try {
    await deliverBatchFile(folders, file.file_name, file.content);
  } catch (error) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`update filing_batches set send_attempts = send_attempts + 1, last_error = ${String(error)} where org_id = ${orgId} and id = ${id}`);
      await steps.failed(tx, lastAttempt);
    });
    throw error;
  }
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update filing_batches set send_attempts = send_attempts + 1, sent_at = now(), last_error = null where org_id = ${orgId} and id = ${id}`,
    );
    await steps.sent(tx);
  });
  return 'sent';
}
