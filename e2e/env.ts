// Where the end-to-end servers listen; shared by playwright.config.ts and the specs.
export const HOST = '127.0.0.1';
export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const CONSOLE_URL = `http://${HOST}:${PORT}`;
/** The console's data folder, one per port, so consoles started on different E2E_PORTs never share a database (relative to the repository). */
export const E2E_DATA_DIR = `.tmp/e2e-data-${PORT}`;
/** The local OpenID Connect provider (tests/support/identity-provider.ts). */
export const IDP_PORT = PORT + 1;
export const IDENTITY_PROVIDER_URL = `http://${HOST}:${IDP_PORT}`;
/** A second console, started by e2e/identity-provider.spec.ts, where the provider is the active client. */
export const ACTIVE_CLIENT_PORT = PORT + 2;
export const ACTIVE_CLIENT_URL = `http://${HOST}:${ACTIVE_CLIENT_PORT}`;
/** The consoles and the provider share the client's registration. */
export const OIDC_CLIENT = { OIDC_CLIENT_ID: 'vigil-console', OIDC_CLIENT_SECRET: 'e2e-identity-provider-secret' };
