// A real OpenID Connect provider (panva's oidc-provider) standing in for Google in tests and local
// development. Its sign-in page asks only for an email address: whoever types one is that person,
// so it must never face the internet.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { interactionPolicy, type Configuration } from 'oidc-provider';
import { escapeMarkup } from '../../server/lib/markup.js';

export interface IdentityProviderOptions {
  port?: number;
  /** The host it listens on and names in its issuer; keep it the console's site so silent renewal's frame is same-site. */
  host?: string;
  clientId: string;
  clientSecret: string;
  /** The console's callback, e.g. http://localhost:3000/api/agents/oidc/callback; several consoles may share the client. */
  redirectUris: string[];
  /** Addresses whose email the provider reports as unverified. */
  unverified?: string[];
}

export interface IdentityProvider {
  issuer: string;
  close: () => Promise<void>;
}

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

function signInPage(uid: string, clientId: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body><main><h1>Sign in to the test identity provider</h1>
<p>${escapeMarkup(clientId)} asks who you are. Any address is accepted: this provider is for tests only.</p>
<form method="post" action="/interaction/${escapeMarkup(uid)}/login">
<label>Email <input name="email" type="email" autocomplete="off" required autofocus></label>
<button type="submit" name="action" value="allow">Sign in</button>
<button type="submit" name="action" value="deny" formnovalidate>Deny</button>
</form></main></body></html>`;
}

/** Starts the provider on `port` (0 picks a free one); the issuer is http://<host>:<port>. */
export async function startIdentityProvider(options: IdentityProviderOptions): Promise<IdentityProvider> {
  const unverified = new Set((options.unverified ?? []).map((e) => e.toLowerCase()));
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'test-signing-key', alg: 'RS256', use: 'sig' };

  // The issuer needs the port, which is known only once the server listens.
  let provider: Provider | undefined;
  const server: Server = createServer((req, res) => {
    if (!provider) return void res.writeHead(503).end();
    if (req.url?.startsWith('/interaction/')) return void interaction(provider, req, res).catch((err: unknown) => fail(res, err));
    return void provider.callback()(req, res);
  });
  const host = options.host ?? 'localhost';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;

  // Google's account chooser: requested with prompt=select_account, it shows the sign-in page even
  // when the provider already knows someone.
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);

  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: ['test-identity-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The account is the address typed on the sign-in page.
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: sub, email_verified: !unverified.has(sub), name: sub.split('@')[0] }),
    }),
    interactions: { policy, url: (_ctx, details) => `/interaction/${details.uid}` },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    // Lifetimes in seconds: long enough for a test run, short as a real provider's.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, AuthorizationCode: 60, IdToken: 600 },
  };
  provider = new Provider(issuer, configuration);

  return {
    issuer,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

/** The sign-in page, and its answer: signing in grants every scope asked for, so there is no consent step. */
async function interaction(provider: Provider, req: IncomingMessage, res: ServerResponse) {
  const details = await provider.interactionDetails(req, res);
  const clientId = String(details.params.client_id);
  if (req.method === 'GET') {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(signInPage(details.uid, clientId));
    return;
  }
  const form = await readForm(req);
  const email = (form.get('email') ?? '').trim().toLowerCase();
  if (form.get('action') === 'deny' || email === '') {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'You declined to share your identity.' },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const grant = new provider.Grant({ accountId: email, clientId });
  grant.addOIDCScope(String(details.params.scope));
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { select_account: {}, login: { accountId: email }, consent: { grantId } }, { mergeWithLastSubmission: false });
}

function fail(res: ServerResponse, err: unknown) {
  if (!res.headersSent) res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(err instanceof Error ? err.message : 'interaction failed');
}
