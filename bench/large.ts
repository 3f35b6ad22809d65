import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { measureAlertDetail } from './browser-detail.js';
import { launchChromium, type Timing } from './browser.js';
import { ensureLargeData, type SeedRecord } from './large-data.js';
import { measureLists, type CallResult } from './lists.js';
import { startPostgres } from './postgres.js';
import { startServer } from './server.js';

/**
 * The large-data phase of `npm run bench` (`--only lists`): on PGlite and on PostgreSQL, the
 * `--scale large` database (seeded, or reused from an earlier run), the real server on the
 * production build, the list calls, and the alert detail page in Chromium.
 */

export interface EngineResult {
  engine: 'PGlite' | 'PostgreSQL';
  /** PostgreSQL's version line; PGlite's package version */
  version: string;
  seed: SeedRecord;
  calls: CallResult[];
  /** null when the alert detail page does not exist yet */
  detail: Timing | null;
}

const PGLITE_DIR = '.tmp/bench-large-pglite';
/** Outside the work tree: the postgres user must be able to reach it. */
const PG_DIR = join(tmpdir(), 'vigil-bench-pg-large');
const PG_PORT = 55439;
const SERVER_PORT = 3230;

function pgliteVersion(): string {
  const pkg = JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')) as { version: string };
  return `PGlite ${pkg.version}`;
}

async function measureOn(engine: EngineResult['engine'], target: { dataDir: string } | { databaseUrl: string }, browser: Browser) {
  const server = await startServer({ port: SERVER_PORT, fresh: false, ...target });
  try {
    console.log(`bench: list calls on ${engine}`);
    const calls = await measureLists(server.baseUrl);
    console.log(`bench: alert detail on ${engine}`);
    const detail = await measureAlertDetail(browser, server.baseUrl);
    return { calls, detail };
  } finally {
    await server.stop();
  }
}

/** `fresh`: seed again even when the databases of an earlier run match the seed's sources. */
export async function measureLarge(fresh: boolean): Promise<EngineResult[]> {
  const results: EngineResult[] = [];
  const browser = await launchChromium();
  try {
    console.log('bench: large data on PGlite');
    const pglite = { dataDir: PGLITE_DIR };
    const pgliteSeed = await ensureLargeData(pglite, `${PGLITE_DIR}.seed.json`, fresh);
    results.push({ engine: 'PGlite', version: pgliteVersion(), seed: pgliteSeed, ...(await measureOn('PGlite', pglite, browser)) });

    console.log('bench: large data on PostgreSQL');
    const pg = startPostgres(PG_DIR, PG_PORT);
    try {
      const target = { databaseUrl: pg.url };
      const pgSeed = await ensureLargeData(target, join(PG_DIR, 'seed.json'), fresh || pg.created);
      results.push({ engine: 'PostgreSQL', version: pg.version, seed: pgSeed, ...(await measureOn('PostgreSQL', target, browser)) });
    } finally {
      pg.stop();
    }
  } finally {
    await browser.close();
  }
  return results;
}
