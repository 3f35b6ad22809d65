import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The `--scale large` database the list budgets are measured on. Seeding it takes minutes, so a
 * database seeded by an earlier run is reused while the seed's sources are unchanged (a marker
 * file records their fingerprint and how long the seed took). Migrations added since are applied
 * by the server when it starts, as on any existing database.
 */

export interface SeedRecord {
  fingerprint: string;
  /** `npm run db:seed -- --scale large` wall time: open, migrate and seed */
  seconds: number;
  /** ISO date of the seeding */
  date: string;
  /** whether this run seeded (false: reused) */
  seededNow: boolean;
  /** rows written per table, from the seed's summary */
  counts: Record<string, number>;
}

const SEED_DIR = 'server/seed';

/** A hash of every seed source: a change to any of them means a new seed. */
export function seedFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(SEED_DIR)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    hash.update(file);
    hash.update(readFileSync(join(SEED_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

function readRecord(marker: string): SeedRecord | null {
  if (!existsSync(marker)) return null;
  try {
    return { ...(JSON.parse(readFileSync(marker, 'utf8')) as SeedRecord), seededNow: false };
  } catch {
    return null;
  }
}

/** Runs the seed CLI as `npm run db:seed -- --scale large` does; resolves with its output. */
function runSeed(env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/seed/cli.ts', '--scale', 'large'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      process.stdout.write(chunk);
    });
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`the large seed exited with ${code}`))));
  });
}

/** Row counts from the seed's summary lines ("  alerts   100,123"). */
function parseCounts(out: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const m of out.matchAll(/^ {2}([a-z_]+)\s+([\d,]+)$/gm)) counts[m[1]] = Number(m[2].replace(/,/g, ''));
  return counts;
}

/**
 * Makes sure the large data is in the database (PGlite folder or PostgreSQL URL): reuses it when
 * the marker matches the seed's sources, else seeds and writes the marker.
 */
export async function ensureLargeData(target: { dataDir: string } | { databaseUrl: string }, marker: string, force: boolean): Promise<SeedRecord> {
  const fingerprint = seedFingerprint();
  const previous = readRecord(marker);
  if (!force && previous?.fingerprint === fingerprint && ('databaseUrl' in target || existsSync(target.dataDir))) return previous;
  rmSync(marker, { force: true });
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: '', DATA_DIR: '' };
  if ('databaseUrl' in target) env.DATABASE_URL = target.databaseUrl;
  else {
    rmSync(target.dataDir, { recursive: true, force: true });
    env.DATA_DIR = target.dataDir;
  }
  const started = performance.now();
  const out = await runSeed(env);
  const record: SeedRecord = {
    fingerprint,
    seconds: (performance.now() - started) / 1000,
    date: new Date().toISOString().slice(0, 10),
    seededNow: true,
    counts: parseCounts(out),
  };
  writeFileSync(marker, JSON.stringify(record, null, 2));
  return record;
}
