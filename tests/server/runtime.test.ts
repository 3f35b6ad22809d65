import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { openDatabase, pgliteSettings } from '../../server/db/client.js';
import { SERVER_NODE_FLAGS, serverNodeFlags } from '../../server/runtime.js';
import { TEST_SECRET, testConfig } from './helpers/app.js';
import { TEST_FIELD_KEY } from './helpers/template.js';

/** How the server process and its embedded database are run. */

describe('the server process', () => {
  it('npm start and the e2e server start Node with the server flags for their database', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toContain('node --import tsx scripts/start-server.ts');
    expect(readFileSync('scripts/start-server.ts', 'utf8')).toContain(
      "serverNodeFlags(process.env.DATABASE_URL || undefined), '--import', 'tsx', 'server/index.ts'",
    );
    expect(readFileSync('playwright.config.ts', 'utf8')).toContain("node ${serverNodeFlags(undefined).join(' ')} --import tsx server/index.ts");
    expect(serverNodeFlags('postgres://db.invalid/vigil')).toEqual([...SERVER_NODE_FLAGS]);
    expect(serverNodeFlags(undefined)).toEqual([...SERVER_NODE_FLAGS, '--max-semi-space-size=4']);
  });
});

describe('the embedded database', () => {
  it('runs with a 32 MB buffer pool unless PGLITE_SHARED_BUFFERS says otherwise', async () => {
    expect(testConfig().pgliteSharedBuffers).toBe('32MB');
    const configured = loadConfig({
      JWT_SECRET: TEST_SECRET,
      DATA_DIR: '.tmp/unused',
      FIELD_ENCRYPTION_KEY: TEST_FIELD_KEY.toString('base64'),
      PGLITE_SHARED_BUFFERS: ' 64MB ',
    });
    expect(configured.pgliteSharedBuffers).toBe('64MB');
    expect(pgliteSettings()).toEqual(['shared_buffers = 32MB']);
    expect(pgliteSettings(configured.pgliteSharedBuffers)).toEqual(['shared_buffers = 64MB']);
    for (const sharedBuffers of [undefined, configured.pgliteSharedBuffers]) {
      const database = await openDatabase({ sharedBuffers });
      try {
        const [row] = await database.query<{ shared_buffers: string }>('show shared_buffers');
        expect(row?.shared_buffers).toBe(sharedBuffers ?? '32MB');
      } finally {
        await database.close();
      }
    }
  });
});
