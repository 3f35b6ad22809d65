// Runs the test identity provider on its own, for the end-to-end suite and for trying "Continue
// with Google" locally (README, "Sign in with an identity provider"). Tests and development only.
import { startIdentityProvider } from './identity-provider.js';

const env = process.env;
const port = Number(env.IDP_PORT ?? 3101);
const host = env.IDP_HOST ?? 'localhost';
const consoleUrl = (env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/$/, '');

const idp = await startIdentityProvider({
  port,
  host,
  clientId: env.OIDC_CLIENT_ID ?? 'vigil-console',
  clientSecret: env.OIDC_CLIENT_SECRET ?? 'local-identity-provider-secret',
  redirectUri: `${consoleUrl}/api/agents/oidc/callback`,
});
console.log(`Test identity provider at ${idp.issuer} for ${consoleUrl}`);

const stop = () => void idp.close().finally(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
