import { loadSeedConfig } from '../config.js';
import { migrateDatabase, openDatabase } from '../db/client.js';
import { seedDatabase } from './index.js';
import type { SeedScale } from './scale.js';

/**
 * `npm run db:seed [-- --scale small|demo|large]`: migrates, then replaces all data with the demo
 * data. Uses DATABASE_URL when set, else the PGlite database in DATA_DIR (default .data).
 */
function parseScale(argv: string[], configured: string | undefined): SeedScale {
  let value = configured || 'demo';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--scale') value = argv[++i] ?? '';
    else if (arg.startsWith('--scale=')) value = arg.slice('--scale='.length);
  }
  if (value !== 'small' && value !== 'demo' && value !== 'large') throw new Error(`--scale must be small, demo or large, got "${value}"`);
  return value;
}

async function main() {
  const config = loadSeedConfig();
  const scale = parseScale(process.argv.slice(2), config.seedScale);
  const databaseUrl = config.databaseUrl;
  const dataDir = databaseUrl ? undefined : config.dataDir;
  const started = performance.now();
  const database = await openDatabase({ dataDir, databaseUrl });
  try {
    await migrateDatabase(database);
    const migrated = performance.now();
    console.log(`Seeding ${scale} data into ${databaseUrl ? 'PostgreSQL' : `PGlite at ${dataDir}`}...`);
    // the key the server will read them with: FIELD_ENCRYPTION_KEY, or the one kept in DATA_DIR
    const summary = await seedDatabase(database, { scale, fieldKey: config.fieldKey, log: (line) => console.log(line) });
    const width = Math.max(...Object.keys(summary.counts).map((t) => t.length));
    for (const [table, count] of Object.entries(summary.counts)) console.log(`  ${table.padEnd(width)}  ${count.toLocaleString('en-US')}`);
    console.log(
      `Done: open+migrate ${((migrated - started) / 1000).toFixed(1)} s, seed ${(summary.durationMs / 1000).toFixed(1)} s, total ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
