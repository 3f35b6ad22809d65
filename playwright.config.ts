import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Debian's Chromium where it is installed; Playwright's own browser elsewhere.
const executablePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'list' : 'list',
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'rm -rf .tmp/e2e-data && node scripts/build-if-needed.mjs && node --import tsx server/index.ts',
    url: `http://127.0.0.1:${PORT}/api/app-version`,
    timeout: 180_000,
    reuseExistingServer: false,
    // Specs sign the same demo agents in many times: the per-address magic-link limit is raised.
    env: { PORT: String(PORT), DATA_DIR: '.tmp/e2e-data', LOG_LEVEL: 'warn', SEED_SCALE: 'small', MAGIC_LINK_LIMIT_PER_ADDRESS: '1000', MAGIC_LINK_LIMIT_PER_CLIENT: '10000' },
  },
});
