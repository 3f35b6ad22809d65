import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';

/** Uploaded files live under <dataDir>/uploads/<org>/<file id>.csv; the database keeps the relative path. */

/** The largest flat file unless the server's configuration says otherwise (ServerConfig.flatFileMaxBytes). */
export const DEFAULT_MAX_UPLOAD_BYTES = 1024 ** 3;

export class UploadTooLarge extends Error {}

/** The upload's first bytes are not text: a compressed, archive, document or image format, or mostly control bytes. */
export class UploadNotText extends Error {}

export const NOT_TEXT = 'This file looks binary or compressed. Upload a plain CSV text file.';

/** How much of the start of an upload is looked at before any of it is kept. */
const SNIFF_BYTES = 8192;

/** Formats a flat file is sometimes sent as by mistake, by their magic numbers. */
const MAGIC: readonly Buffer[] = [
  [0x1f, 0x8b], // gzip
  [0x50, 0x4b, 0x03, 0x04], // zip (and xlsx, docx)
  [0x50, 0x4b, 0x05, 0x06], // empty zip
  [0x50, 0x4b, 0x07, 0x08], // spanned zip
  [0x42, 0x5a, 0x68], // bzip2
  [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], // xz
  [0x28, 0xb5, 0x2f, 0xfd], // zstd
  [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], // 7z
  [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], // rar
  [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF8
  [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], // OLE2: xls, doc
].map((m) => Buffer.from(m));

/**
 * Whether the start of an upload is something other than text: a known binary format's magic
 * number, or more than one byte in ten a control character (tab, line feed, carriage return and
 * form feed aside). A NUL or a stray control byte in a text file stays under that and is the error
 * of its row (rows.ts).
 */
export function looksBinary(head: Buffer): boolean {
  if (MAGIC.some((m) => head.length >= m.length && head.subarray(0, m.length).equals(m))) return true;
  let control = 0;
  for (const b of head) if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) || b === 0x7f) control++;
  return control * 10 > head.length;
}

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
 * stream's buffers whatever the size. Answers the bytes written. The first bytes are looked at
 * before anything is written: a body that is not text fails with UploadNotText.
 */
export async function saveUpload(body: Readable, dataDir: string, relative: string, maxBytes = DEFAULT_MAX_UPLOAD_BYTES): Promise<number> {
  const target = absolutePath(dataDir, relative);
  const partial = `${target}.part`;
  await mkdir(dirname(target), { recursive: true });
  let bytes = 0;
  let head: Buffer | null = Buffer.alloc(0);
  /** passes the head on once it is known to be text */
  const sniffed = (stream: Transform): Error | null => {
    if (!head) return null;
    if (looksBinary(head)) return new UploadNotText(NOT_TEXT);
    if (head.length) stream.push(head);
    head = null;
    return null;
  };
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) return done(new UploadTooLarge(`The file is larger than ${maxBytes} bytes.`));
      if (!head) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      done(head.length >= SNIFF_BYTES ? sniffed(this) : null);
    },
    flush(done) {
      done(sniffed(this));
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
