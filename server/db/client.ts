import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema/index.js';

export type Schema = typeof schema;

/**
 * The Drizzle database both drivers share for query building. PgliteDatabase and PostgresJsDatabase
 * differ only in their query-result type (which `execute()` returns), so the instance is widened to
 * the common base class here, once. Raw `execute()` answers `{ rows }` on PGlite and an array on
 * postgres-js: use `rows()` from server/db/sql.ts, or `Database.query()` below.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

// The Drizzle instances backed by the embedded database, for the few queries written differently there.
const embedded = new WeakSet<Db>();
const addresses = new WeakMap<Db, string>();

/** The PostgreSQL address `db` was opened with (for a second driver on the same database); null on PGlite. */
export function databaseUrlOf(db: Db): string | null {
  return addresses.get(db) ?? null;
}

/** Whether `db` is the embedded database (PGlite) rather than PostgreSQL. */
export function isEmbedded(db: Db): boolean {
  return embedded.has(db);
}

/** Raw SQL on either driver. Parameters are $1, $2...; cast int8 results (`count(*)::int`) in SQL. */
export interface SqlExecutor {
  /** one statement with parameters; returns its rows */
  query: <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
  /** one or more statements without parameters */
  exec: (sql: string) => Promise<void>;
}

export interface Database extends SqlExecutor {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** runs fn in one transaction on one connection; rolls back if it throws */
  transaction: <T>(fn: (tx: SqlExecutor) => Promise<T>) => Promise<T>;
  /** applies server/db/migrations (see migrateDatabase) */
  migrate: () => Promise<void>;
  /** PGlite only: the whole data directory as a gzipped tarball (for test templates and backups) */
  dumpDataDir?: () => Promise<Blob>;
}

export interface OpenDatabaseOptions {
  /** PGlite data directory; undefined keeps the database in memory */
  dataDir?: string;
  /** when set, PostgreSQL through postgres-js (and dataDir is ignored) */
  databaseUrl?: string;
  /** PGlite only: start from a tarball made by dumpDataDir() */
  loadDataDir?: Blob;
  /** PGlite only: the buffer pool (see pgliteSettings) */
  sharedBuffers?: string;
}

/** Resolved from this module, so migrations are found whatever the working directory. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Serialises migrations of concurrently starting servers on one PostgreSQL database. */
const MIGRATION_LOCK_ID = 7_524_411;

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir, opts.loadDataDir, opts.sharedBuffers);
}

/** Applies every pending migration in server/db/migrations with drizzle's migrate(). */
export async function migrateDatabase(database: Database): Promise<void> {
  await database.migrate();
}

/**
 * The embedded database's settings. Its buffer pool is 32 MB rather than PGlite's 128 MB, which
 * would be most of a laptop server's memory: the database's files sit in the operating system's
 * page cache behind it (measured: 110 MB less resident memory, the same ingestion and list speeds).
 * PGLITE_SHARED_BUFFERS overrides it (ServerConfig.pgliteSharedBuffers, passed by the server).
 */
export function pgliteSettings(sharedBuffers = '32MB'): string[] {
  return [`shared_buffers = ${sharedBuffers}`];
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined, sharedBuffers: string | undefined): Promise<Database> {
  // The options-object form: PGlite(undefined, options) would drop the options (and the extensions).
  const client = new PGlite({ dataDir, loadDataDir, extensions: { pg_trgm, pgcrypto }, postgresqlconf: pgliteSettings(sharedBuffers) });
  await client.waitReady;
  // PGlite has been seen to spin forever, or fail with "bad buffer ID", in bitmap scans over
  // trigram (GIN) indexes when queries come concurrently. The embedded database therefore plans
  // without bitmap scans for its one connection; PostgreSQL is unaffected.
  await client.exec('set enable_bitmapscan = off');
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  embedded.add(db);
  const executor = (c: Pick<PGlite, 'query' | 'exec'>): SqlExecutor => ({
    async query<T>(text: string, params: unknown[] = []) {
      return (await c.query<T>(text, params)).rows;
    },
    async exec(sql: string) {
      await c.exec(sql);
    },
  });
  return {
    db,
    kind: 'pglite',
    ...executor(client),
    async close() {
      if (!client.closed) await client.close();
    },
    transaction: (fn) => client.transaction((tx) => fn(executor(tx))),
    dumpDataDir: () => client.dumpDataDir('gzip'),
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const options = { max: 10, onnotice: () => {} } as const;
  const client = postgres(url, options);
  const db = drizzlePostgres({ client, schema }) as unknown as Db;
  addresses.set(db, url);
  const executor = (c: postgres.Sql | postgres.TransactionSql): SqlExecutor => ({
    async query<T>(text: string, params: unknown[] = []) {
      return (await c.unsafe(text, params as postgres.ParameterOrJSON<never>[])) as unknown as T[];
    },
    async exec(sql: string) {
      // without parameters postgres-js uses the simple protocol, which accepts several statements
      await c.unsafe(sql).simple();
    },
  });
  await client`select 1`;
  return {
    db,
    kind: 'postgres',
    ...executor(client),
    async close() {
      await client.end({ timeout: 5 });
    },
    transaction: (fn) => client.begin((tx) => fn(executor(tx))) as Promise<Awaited<ReturnType<typeof fn>>>,
    async migrate() {
      // One dedicated connection holds the advisory lock for the whole migration.
      const single = postgres(url, { ...options, max: 1 });
      try {
        await single`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
        await migratePostgres(drizzlePostgres({ client: single }), { migrationsFolder: MIGRATIONS_FOLDER });
        await single`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
      } finally {
        await single.end({ timeout: 5 });
      }
    },
  };
}
