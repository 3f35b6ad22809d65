import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { ACTIVE_CLIENT_URL, CONSOLE_URL, E2E_DATA_DIR, HOST, IDENTITY_PROVIDER_URL, IDP_PORT, OIDC_CLIENT, PORT } from './e2e/env';
import { serverNodeFlags } from './server/runtime';

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
    baseURL: CONSOLE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      // A real OpenID Connect provider standing in for Google (tests/support/identity-provider.ts).
      command: 'node --import tsx tests/support/identity-provider-cli.ts',
      url: `${IDENTITY_PROVIDER_URL}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { IDP_PORT: String(IDP_PORT), IDP_HOST: HOST, PUBLIC_URL: `${CONSOLE_URL},${ACTIVE_CLIENT_URL}`, ...OIDC_CLIENT },
    },
    {
      command: `rm -rf ${E2E_DATA_DIR} && node scripts/build-if-needed.mjs && node ${serverNodeFlags(undefined).join(' ')} --import tsx server/index.ts`,
      url: `${CONSOLE_URL}/api/app-version`,
      timeout: 180_000,
      reuseExistingServer: false,
      // Specs sign the same demo agents in many times: the per-address magic-link limit is raised.
      env: {
        PORT: String(PORT),
        PUBLIC_URL: CONSOLE_URL,
        DATA_DIR: E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        SEED_SCALE: 'small',
        MAGIC_LINK_LIMIT_PER_ADDRESS: '1000',
        MAGIC_LINK_LIMIT_PER_CLIENT: '10000',
        OIDC_ISSUER: IDENTITY_PROVIDER_URL,
        ...OIDC_CLIENT,
      },
    },
  ],
});
