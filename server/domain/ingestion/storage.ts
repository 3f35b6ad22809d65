import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';

/** Uploaded files live under <dataDir>/uploads/<org>/<file id>.csv; the database keeps the relative path. */

export const MAX_UPLOAD_BYTES = Number(process.env.FLAT_FILE_MAX_BYTES) > 0 ? Number(process.env.FLAT_FILE_MAX_BYTES) : 1024 ** 3;

export class UploadTooLarge extends Error {}

export function relativePath(orgId: number, fileId: number): string {
  return join('uploads', String(orgId), `${fileId}.csv`);
}

export function absolutePath(dataDir: string, relative: string): string {
  const root = resolve(dataDir);
  const full = resolve(root, relative);
  if (!full.startsWith(root)) throw new Error('stored path leaves the data directory');
  return full;
}

/**
 * Streams a request body to disk: written to a temporary name and renamed when complete, so a
 * broken upload never leaves a half file where a finished one is expected. Memory stays at the
 * stream's buffers whatever the size. Answers the bytes written.
 */
export async function saveUpload(body: Readable, dataDir: string, relative: string, maxBytes = MAX_UPLOAD_BYTES): Promise<number> {
  const target = absolutePath(dataDir, relative);
  const partial = `${target}.part`;
  await mkdir(dirname(target), { recursive: true });
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) done(new UploadTooLarge(`The file is larger than ${maxBytes} bytes.`));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(body, counter, createWriteStream(partial, { highWaterMark: 1 << 20 }));
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  await rename(partial, target);
  return bytes;
}

export function openStored(dataDir: string, relative: string): Readable {
  return createReadStream(absolutePath(dataDir, relative), {
    highWaterMark: 1 << 20,
  });
}

export async function removeStored(dataDir: string, relative: string | null): Promise<void> {
  if (relative) await rm(absolutePath(dataDir, relative), { force: true });
}
