// Runs the test identity provider on its own, for the end-to-end suite and for trying "Continue
// with Google" locally (README, "Sign in with an identity provider"). Tests and development only.
import { startIdentityProvider } from './identity-provider.js';

const env = process.env;
const port = Number(env.IDP_PORT ?? 3101);
const host = env.IDP_HOST ?? 'localhost';
// PUBLIC_URL of the console, or several separated by commas (consoles sharing the client).
const consoleUrls = (env.PUBLIC_URL ?? 'http://localhost:3000').split(',').map((u) => u.trim().replace(/\/$/, ''));

const idp = await startIdentityProvider({
  port,
  host,
  clientId: env.OIDC_CLIENT_ID ?? 'vigil-console',
  clientSecret: env.OIDC_CLIENT_SECRET ?? 'local-identity-provider-secret',
  redirectUris: consoleUrls.map((u) => `${u}/api/agents/oidc/callback`),
});
console.log(`Test identity provider at ${idp.issuer} for ${consoleUrls.join(', ')}`);

const stop = () => void idp.close().finally(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
