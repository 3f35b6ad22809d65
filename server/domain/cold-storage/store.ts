import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { ColdObjectType } from './kinds.js';

/**
 * The cold store: gzip-compressed JSON-lines files under DATA_DIR/cold-storage, one file per
 * archive batch and kind, one record (the whole row as JSON) per line. Files are written to a
 * temporary name and renamed, so a file that exists is complete.
 */

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export function coldRoot(dataDir: string): string {
  return join(dataDir, 'cold-storage');
}

/** The absolute path of a stored relative name; refuses names that would leave the store. */
function resolveInStore(dataDir: string, file: string): string {
  const root = coldRoot(dataDir);
  const full = normalize(join(root, file));
  if (!full.startsWith(root + sep)) throw new Error(`cold-storage file outside the store: ${file}`);
  return full;
}

/** Writes one archive file and answers its name relative to the store. */
export async function writeArchive(dataDir: string, orgId: number, type: ColdObjectType, records: readonly unknown[]): Promise<string> {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
  const file = `org-${orgId}/${type.toLowerCase()}/${stamp}-${randomUUID().slice(0, 8)}.jsonl.gz`;
  const full = resolveInStore(dataDir, file);
  await mkdir(dirname(full), { recursive: true });
  const body = records.map((r) => JSON.stringify(r)).join('\n') + '\n';
  const temporary = `${full}.${process.pid}.tmp`;
  await writeFile(temporary, await gzipAsync(body));
  await rename(temporary, full);
  return file;
}

/** Reads the records of one archive file (every line). */
export async function readArchive(dataDir: string, file: string): Promise<Record<string, unknown>[]> {
  const raw = await gunzipAsync(await readFile(resolveInStore(dataDir, file)));
  return raw
    .toString('utf8')
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

export async function removeArchive(dataDir: string, file: string): Promise<void> {
  await rm(resolveInStore(dataDir, file), { force: true });
}
