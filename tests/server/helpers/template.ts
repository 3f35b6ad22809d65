import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import postgres from 'postgres';
import { migrateDatabase, openDatabase, type Database } from '../../../server/db/client.js';
import { seedDatabase } from '../../../server/seed/index.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const CACHE = join(ROOT, '.tmp');
export const TEMPLATE_DB = 'vigil_test_template';
/** The field key of every test server (testConfig): the template's ENCRYPTED values are encrypted with it. */
export const TEST_FIELD_KEY = Buffer.from('vigil-test-field-key-32-bytes!!!', 'utf8');

/** Changes whenever the migrations or the seed change, so a stale template is rebuilt. */
function fingerprint(): string {
  const hash = createHash('sha256');
  // the seed writes FINTRAC reports with the filings code (server/seed/fintrac.ts)
  for (const dir of ['server/db/migrations', 'server/db/schema', 'server/seed', 'server/domain/permissions', 'server/domain/filings']) {
    const walk = (path: string) => {
      for (const name of readdirSync(path, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        const full = join(path, name.name);
        if (name.isDirectory()) walk(full);
        else hash.update(name.name).update(readFileSync(full));
      }
    };
    if (existsSync(join(ROOT, dir))) walk(join(ROOT, dir));
  }
  hash.update(readFileSync(join(ROOT, 'openapi/components/permissions.yaml')));
  return hash.digest('hex').slice(0, 16);
}

export function templateFile() {
  return join(CACHE, `test-template-${fingerprint()}.tar.gz`);
}

/**
 * PGlite: a seeded database dumped to a tarball, loaded into memory by each test file.
 * PostgreSQL (DATABASE_URL): a seeded template database that each test file copies.
 */
export async function prepareTemplate() {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`drop database if exists ${TEMPLATE_DB} with (force)`);
      await admin.unsafe(`create database ${TEMPLATE_DB}`);
    } finally {
      await admin.end();
    }
    const database = await openDatabase({ databaseUrl: withDatabase(url, TEMPLATE_DB) });
    await migrateDatabase(database);
    await seedDatabase(database, { scale: 'small', fieldKey: TEST_FIELD_KEY });
    await database.close();
    return;
  }
  const file = templateFile();
  if (existsSync(file)) return;
  mkdirSync(CACHE, { recursive: true });
  const database = await openDatabase({});
  await migrateDatabase(database);
  await seedDatabase(database, { scale: 'small', fieldKey: TEST_FIELD_KEY });
  const dump = await database.dumpDataDir!();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}

export function withDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A private copy of the seeded database for one test file. */
export async function cloneTemplate(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `vigil_test_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`create database ${name} template ${TEMPLATE_DB}`);
    } finally {
      await admin.end();
    }
    const database = await openDatabase({ databaseUrl: withDatabase(url, name) });
    const close = database.close;
    return {
      ...database,
      close: async () => {
        await close();
        const cleanup = postgres(url, { max: 1, onnotice: () => {} });
        await cleanup.unsafe(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const blob = new Blob([readFileSync(templateFile())]);
  return openDatabase({ loadDataDir: blob });
}
