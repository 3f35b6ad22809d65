import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import SftpClient from 'ssh2-sftp-client';

/**
 * The SFTP leg of FinCEN's Secure Direct Transfer Mode: batch files go up into the server's
 * submissions folder, and FinCEN's answers (messages files and acknowledgements) come down from its
 * acknowledgements folder into the local acknowledgements folder, where acks.ts reads them.
 *
 * The server is always verified: its host key's SHA-256 fingerprint must be the one configured
 * (`FILINGS_SFTP_HOST_KEY`, as `ssh-keygen -lf` prints it), or nothing is sent or fetched. Every
 * call opens one connection (with a timeout) and closes it, whatever happens. The remote folders are
 * FinCEN's: they are never created here (a missing one is a configuration error, reported).
 */
export interface SftpSettings {
  host: string;
  port: number;
  username: string;
  /** the private key's file (read at each connection, never kept in the environment) */
  keyFile: string;
  /** the server's host key fingerprint, `SHA256:` and the unpadded base64 of its SHA-256 */
  hostKey: string;
  /** the remote folders, relative to the login folder unless absolute */
  submissionsDir: string;
  acknowledgementsDir: string;
  /** how long connecting may take (20 s) */
  timeoutMs?: number;
}

/** The fingerprint OpenSSH prints for a host key: `SHA256:` and the unpadded base64 of the key blob's SHA-256. */
export function hostKeyFingerprint(keyBlob: Buffer): string {
  return `SHA256:${createHash('sha256').update(keyBlob).digest('base64').replace(/=+$/, '')}`;
}

/**
 * A configured fingerprint in the form `hostKeyFingerprint` answers, or null when it is not a
 * SHA-256 fingerprint (the `SHA256:` prefix and base64 padding are optional).
 */
export function normaliseHostKeyFingerprint(raw: string): string | null {
  const value = raw
    .trim()
    .replace(/^SHA256:/i, '')
    .replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]{43}$/.test(value)) return null;
  return `SHA256:${value}`;
}

const quiet = { error: () => {}, end: () => {}, close: () => {} };

/** Runs `work` on one verified connection to the server, closed afterwards whatever happens. */
async function withSftp<T>(settings: SftpSettings, work: (client: SftpClient) => Promise<T>): Promise<T> {
  const client = new SftpClient('vigil-filings', quiet);
  // the key the server presented, set while connecting
  const seen: { key: string | null } = { key: null };
  try {
    await client.connect({
      host: settings.host,
      port: settings.port,
      username: settings.username,
      privateKey: readFileSync(settings.keyFile),
      readyTimeout: settings.timeoutMs ?? 20_000,
      keepaliveInterval: 10_000,
      keepaliveCountMax: 3,
      hostVerifier: (key: Buffer) => {
        seen.key = hostKeyFingerprint(key);
        return seen.key === settings.hostKey;
      },
    });
  } catch (error) {
    await client.end().catch(() => {});
    if (seen.key !== null && seen.key !== settings.hostKey)
      throw new Error(
        `the SFTP server ${settings.host}:${settings.port} presented the host key ${seen.key}, not FILINGS_SFTP_HOST_KEY (${settings.hostKey}): not connecting`,
      );
    throw new Error(`cannot connect to the SFTP server ${settings.host}:${settings.port}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

async function requireFolder(client: SftpClient, folder: string, what: string) {
  if ((await client.exists(folder)) !== 'd') throw new Error(`the SFTP server has no ${what} folder "${folder}"`);
}

/**
 * Puts one file, whole, into the remote submissions folder: written under a temporary name
 * (`.{name}.part`) then renamed, so FinCEN never picks up half a file. A file of that name and size
 * already there is the same batch sent before a crash: it is left alone ('already there'). A file of
 * that name and another size is not ours to replace: that throws, as does anything that fails.
 */
export async function uploadWhole(settings: SftpSettings, name: string, content: string): Promise<'uploaded' | 'already there'> {
  const bytes = Buffer.from(content, 'utf8');
  return withSftp(settings, async (client) => {
    const folder = settings.submissionsDir;
    await requireFolder(client, folder, 'submissions');
    const target = posix.join(folder, name);
    const found = await client.exists(target);
    if (found) {
      const size = found === '-' ? (await client.stat(target)).size : null;
      if (size === bytes.length) return 'already there';
      throw new Error(`the SFTP submissions folder already holds another file named ${name} (${size ?? 'not a file'} bytes, the batch is ${bytes.length})`);
    }
    const temporary = posix.join(folder, `.${name}.part`);
    await client.put(bytes, temporary);
    await client.rename(temporary, target);
    const written = await client.stat(target);
    if (written.size !== bytes.length) throw new Error(`the SFTP server holds ${written.size} bytes of ${name}, not ${bytes.length}`);
    return 'uploaded';
  });
}

export interface PulledFile {
  file: string;
  error?: string;
}

/**
 * Brings every file of the remote acknowledgements folder into `localFolder` (through a temporary
 * name, then renamed; a file already there with the same content is not written again), then
 * removes it from the server: the local folder (and its `processed/`) is the record. A file that
 * cannot be fetched whole stays on the server for the next run. Throws when the server cannot be
 * reached or has no acknowledgements folder.
 */
export async function pullAcknowledgements(settings: SftpSettings, localFolder: string): Promise<PulledFile[]> {
  return withSftp(settings, async (client) => {
    const folder = settings.acknowledgementsDir;
    await requireFolder(client, folder, 'acknowledgements');
    mkdirSync(localFolder, { recursive: true });
    const out: PulledFile[] = [];
    const entries = (await client.list(folder)).filter((e) => e.type === '-' && !e.name.startsWith('.')).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const remote = posix.join(folder, entry.name);
      try {
        const data = await client.get(remote);
        if (!Buffer.isBuffer(data)) throw new Error('the server sent no content');
        if (data.length !== entry.size) throw new Error(`fetched ${data.length} bytes of ${entry.size}`);
        const local = join(localFolder, entry.name);
        if (!(existsSync(local) && readFileSync(local).equals(data))) {
          const temporary = join(localFolder, `.${entry.name}.part`);
          writeFileSync(temporary, data);
          renameSync(temporary, local);
        }
        await client.delete(remote);
        out.push({ file: entry.name });
      } catch (error) {
        out.push({ file: entry.name, error: error instanceof Error ? error.message : String(error) });
      }
    }
    return out;
  });
}
