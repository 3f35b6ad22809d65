import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDatabase, pgliteSettings } from '../../server/db/client.js';
import { SERVER_NODE_FLAGS } from '../../server/runtime.js';

/** How the server process and its embedded database are run. */

describe('the server process', () => {
  it('npm start and the e2e server start Node with the server flags', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} --import tsx server/index.ts`);
    expect(readFileSync('playwright.config.ts', 'utf8')).toContain("node ${SERVER_NODE_FLAGS.join(' ')} --import tsx server/index.ts");
  });
});

describe('the embedded database', () => {
  it('runs with a 32 MB buffer pool unless PGLITE_SHARED_BUFFERS says otherwise', async () => {
    expect(pgliteSettings({})).toEqual(['shared_buffers = 32MB']);
    expect(pgliteSettings({ PGLITE_SHARED_BUFFERS: ' 64MB ' })).toEqual(['shared_buffers = 64MB']);
    const database = await openDatabase({});
    try {
      const [row] = await database.query<{ shared_buffers: string }>('show shared_buffers');
      expect(row?.shared_buffers).toBe(process.env.PGLITE_SHARED_BUFFERS?.trim() || '32MB');
    } finally {
      await database.close();
    }
  });
});
