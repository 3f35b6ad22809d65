import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
