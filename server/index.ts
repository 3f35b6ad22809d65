import { sql } from 'drizzle-orm';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { migrateDatabase, openDatabase } from './db/client.js';
import { startJobWorker } from './jobs/index.js';
import { firstRow } from './db/sql.js';
import { seedDatabase } from './seed/index.js';
import { seedScale } from './seed/scale.js';

/** Starts Vigil: open the database, migrate, seed on first run, serve the console and the API. */
async function main() {
  const started = performance.now();
  const config = loadConfig();
  const database = await openDatabase({
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    databaseUrl: config.databaseUrl,
    sharedBuffers: config.pgliteSharedBuffers,
  });
  await migrateDatabase(database);
  const seeded = await firstRow<{ n: number }>(database.db, sql`select count(*)::int as n from organisations`);
  if (!seeded?.n) {
    console.log('First start: creating the demo data (Demo Bank and Northwind Credit Union)...');
    await seedDatabase(database, { scale: seedScale(config.seedScale), fieldKey: config.fieldKey });
  }
  const app = await buildApp({ db: database.db, config });
  // Durable background work (cold-storage rehydration and sweeps): one loop in this process.
  const worker = startJobWorker({
    db: database.db,
    dataDir: config.dataDir,
    sweepEveryMs: config.coldStorageSweepMinutes * 60_000,
    leaseSeconds: config.jobLeaseSeconds,
    ingestBatchRows: config.ingestBatchRows,
    fieldKey: config.fieldKey,
    exportRetentionDays: config.fileExportRetentionDays,
    filings: { outbox: config.filingsOutboxDir, acknowledgements: config.filingsAckDir, sftp: config.filingsSftp },
    log: (level, message, details) => app.log[level](details ?? {}, message),
  });
  const close = async () => {
    await worker.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close());
  process.once('SIGTERM', () => void close());
  await app.listen({ port: config.port, host: config.host });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  app.log.info(
    { database: database.kind, seconds: Number(seconds) },
    `Vigil is serving at ${config.publicUrl} on ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'} (ready in ${seconds} s)`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
