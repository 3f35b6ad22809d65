import { createHash, timingSafeEqual } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
  type Stats,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { Server, utils, type Attributes, type Connection, type SFTPWrapper } from 'ssh2';

/**
 * A real SFTP server in the test process (ssh2's Server), standing in for FinCEN's: it serves a
 * temporary folder, knows one user who signs in with a public key, and presents an ed25519 host
 * key. It implements the SFTP requests a client needs to put, rename, list, fetch and remove files
 * (on the real file system), answering as OpenSSH's server does (a rename onto an existing file
 * fails, a missing file is NO_SUCH_FILE).
 */
export interface TestSftpServer {
  port: number;
  /** the served folder: the user's login folder, and `/` */
  root: string;
  username: string;
  /** the file of the client's private key */
  clientKeyFile: string;
  /** the host key's SHA-256 fingerprint, as `ssh-keygen -lf` prints it */
  hostKeyFingerprint: string;
  /** stops listening and drops every connection (a server down) */
  stop: () => Promise<void>;
  /** listens again on the same port */
  start: () => Promise<void>;
  /** how many sessions are open now */
  openConnections: () => number;
  /** the files opened for writing and the renames, in order (paths as the client gave them) */
  writes: string[];
}

const { STATUS_CODE } = utils.sftp;

/** An OpenSSH public key line's SHA-256 fingerprint (what `ssh-keygen -lf` prints). */
export function fingerprintOf(publicKeyLine: string): string {
  const blob = Buffer.from(publicKeyLine.trim().split(/\s+/)[1], 'base64');
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

function attrsOf(stats: Stats): Attributes {
  return {
    mode: stats.mode,
    uid: stats.uid,
    gid: stats.gid,
    size: stats.size,
    atime: Math.floor(stats.atimeMs / 1000),
    mtime: Math.floor(stats.mtimeMs / 1000),
  };
}

function longname(name: string, stats: Stats): string {
  const type = stats.isDirectory() ? 'd' : stats.isSymbolicLink() ? 'l' : '-';
  return `${type}rw-r--r--    1 vigil    vigil    ${String(stats.size).padStart(8)} Jan  1 00:00 ${name}`;
}

type Handle = { kind: 'file'; fd: number } | { kind: 'dir'; path: string; sent: boolean };

/**
 * A fresh ed25519 key pair that ssh2 reads back: now and then ssh2 generates a pair whose public or
 * private key its own parser then rejects ("Malformed OpenSSH public key", thrown or answered), so such a
 * pair is generated again.
 */
function readable(key: string): boolean {
  try {
    return !(utils.parseKey(key) instanceof Error);
  } catch {
    return false;
  }
}

function readableKeyPair(): { private: string; public: string } {
  for (let attempt = 0; ; attempt++) {
    const pair = utils.generateKeyPairSync('ed25519');
    if (readable(pair.public) && readable(pair.private)) return pair;
    if (attempt === 20) throw new Error('ssh2 could not read back any ed25519 key pair it generated');
  }
}

export async function startSftpServer(): Promise<TestSftpServer> {
  const root = mkdtempSync(join(tmpdir(), 'vigil-sftp-'));
  const keys = mkdtempSync(join(tmpdir(), 'vigil-sftp-keys-'));
  const hostKey = readableKeyPair();
  const clientKey = readableKeyPair();
  const clientKeyFile = join(keys, 'id_ed25519');
  writeFileSync(clientKeyFile, clientKey.private, { mode: 0o600 });
  const allowed = utils.parseKey(clientKey.public);
  if (allowed instanceof Error) throw allowed;
  const username = 'vigil';
  const connections = new Set<Connection>();
  const writes: string[] = [];

  /** A request's path on the local file system: relative paths start at the root, and nothing leaves it. */
  const local = (path: string) => join(root, posix.normalize(`/${path}`));

  function serveSftp(sftp: SFTPWrapper) {
    const handles = new Map<string, Handle>();
    let next = 0;
    const newHandle = (h: Handle) => {
      const buffer = Buffer.alloc(4);
      buffer.writeUInt32BE(++next);
      handles.set(buffer.toString('hex'), h);
      return buffer;
    };
    const failed = (reqId: number, error: unknown) => {
      const code = (error as NodeJS.ErrnoException).code;
      sftp.status(reqId, code === 'ENOENT' ? STATUS_CODE.NO_SUCH_FILE : code === 'EACCES' ? STATUS_CODE.PERMISSION_DENIED : STATUS_CODE.FAILURE, String(error));
    };
    const attempt = (reqId: number, work: () => void) => {
      try {
        work();
      } catch (error) {
        failed(reqId, error);
      }
    };
    sftp
      .on('OPEN', (reqId, filename, flags) =>
        attempt(reqId, () => {
          const mode = utils.sftp.flagsToString(flags);
          if (!mode) return sftp.status(reqId, STATUS_CODE.FAILURE, 'unknown open flags');
          if (mode !== 'r') writes.push(`open ${filename}`);
          sftp.handle(reqId, newHandle({ kind: 'file', fd: openSync(local(filename), mode) }));
        }),
      )
      .on('READ', (reqId, handle, offset, length) =>
        attempt(reqId, () => {
          const h = handles.get(handle.toString('hex'));
          if (h?.kind !== 'file') return sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle');
          const buffer = Buffer.alloc(length);
          const read = readSync(h.fd, buffer, 0, length, offset);
          if (read === 0) sftp.status(reqId, STATUS_CODE.EOF);
          else sftp.data(reqId, buffer.subarray(0, read));
        }),
      )
      .on('WRITE', (reqId, handle, offset, data) =>
        attempt(reqId, () => {
          const h = handles.get(handle.toString('hex'));
          if (h?.kind !== 'file') return sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle');
          writeSync(h.fd, data, 0, data.length, offset);
          sftp.status(reqId, STATUS_CODE.OK);
        }),
      )
      .on('FSTAT', (reqId, handle) =>
        attempt(reqId, () => {
          const h = handles.get(handle.toString('hex'));
          if (h?.kind !== 'file') return sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle');
          sftp.attrs(reqId, attrsOf(fstatSync(h.fd)));
        }),
      )
      .on('FSETSTAT', (reqId) => sftp.status(reqId, STATUS_CODE.OK))
      .on('SETSTAT', (reqId) => sftp.status(reqId, STATUS_CODE.OK))
      .on('CLOSE', (reqId, handle) =>
        attempt(reqId, () => {
          const key = handle.toString('hex');
          const h = handles.get(key);
          if (!h) return sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle');
          handles.delete(key);
          if (h.kind === 'file') closeSync(h.fd);
          sftp.status(reqId, STATUS_CODE.OK);
        }),
      )
      .on('OPENDIR', (reqId, path) =>
        attempt(reqId, () => {
          if (!statSync(local(path)).isDirectory()) return sftp.status(reqId, STATUS_CODE.FAILURE, 'not a folder');
          sftp.handle(reqId, newHandle({ kind: 'dir', path: local(path), sent: false }));
        }),
      )
      .on('READDIR', (reqId, handle) =>
        attempt(reqId, () => {
          const h = handles.get(handle.toString('hex'));
          if (h?.kind !== 'dir') return sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle');
          if (h.sent) return sftp.status(reqId, STATUS_CODE.EOF);
          h.sent = true;
          const names = readdirSync(h.path).map((filename) => {
            const stats = lstatSync(join(h.path, filename));
            return { filename, longname: longname(filename, stats), attrs: attrsOf(stats) };
          });
          sftp.name(reqId, names);
        }),
      )
      .on('STAT', (reqId, path) => attempt(reqId, () => sftp.attrs(reqId, attrsOf(statSync(local(path))))))
      .on('LSTAT', (reqId, path) => attempt(reqId, () => sftp.attrs(reqId, attrsOf(lstatSync(local(path))))))
      .on('REMOVE', (reqId, path) =>
        attempt(reqId, () => {
          unlinkSync(local(path));
          sftp.status(reqId, STATUS_CODE.OK);
        }),
      )
      .on('RMDIR', (reqId, path) =>
        attempt(reqId, () => {
          rmdirSync(local(path));
          sftp.status(reqId, STATUS_CODE.OK);
        }),
      )
      .on('MKDIR', (reqId, path) =>
        attempt(reqId, () => {
          mkdirSync(local(path));
          sftp.status(reqId, STATUS_CODE.OK);
        }),
      )
      .on('RENAME', (reqId, from, to) =>
        attempt(reqId, () => {
          // SFTP version 3, as OpenSSH: a rename never replaces a file
          let exists = true;
          try {
            lstatSync(local(to));
          } catch {
            exists = false;
          }
          writes.push(`rename ${from} ${to}`);
          if (exists) return sftp.status(reqId, STATUS_CODE.FAILURE, 'the target exists');
          renameSync(local(from), local(to));
          sftp.status(reqId, STATUS_CODE.OK);
        }),
      )
      .on('REALPATH', (reqId, path) =>
        attempt(reqId, () => {
          const absolute = posix.normalize(`/${path}`);
          const stats = statSync(local(path));
          sftp.name(reqId, [{ filename: absolute, longname: longname(absolute, stats), attrs: attrsOf(stats) }]);
        }),
      );
  }

  const server = new Server({ hostKeys: [hostKey.private] }, (client) => {
    connections.add(client);
    client.on('close', () => connections.delete(client));
    client.on('error', () => connections.delete(client));
    client
      .on('authentication', (ctx) => {
        if (ctx.method !== 'publickey' || ctx.username !== username) return ctx.reject(['publickey']);
        const expected = allowed.getPublicSSH();
        const same = ctx.key.algo === allowed.type && ctx.key.data.length === expected.length && timingSafeEqual(ctx.key.data, expected);
        if (!same) return ctx.reject(['publickey']);
        if (ctx.signature && allowed.verify(ctx.blob!, ctx.signature, ctx.hashAlgo) !== true) return ctx.reject(['publickey']);
        ctx.accept();
      })
      .on('ready', () => {
        client.on('session', (accept) => {
          const session = accept();
          session.on('sftp', (acceptSftp) => serveSftp(acceptSftp()));
        });
      });
  });

  let port = 0;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const c of connections) c.end();
      server.close(() => resolve());
    });
  await start();
  return {
    get port() {
      return port;
    },
    root,
    username,
    clientKeyFile,
    hostKeyFingerprint: fingerprintOf(hostKey.public),
    stop,
    start,
    openConnections: () => connections.size,
    writes,
  };
}
