import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../../server/app.js';
import { loadConfig, type ServerConfig } from '../../../server/config.js';
import type { Database } from '../../../server/db/client.js';
import { firstRow, rows } from '../../../server/db/sql.js';
import { cloneTemplate, TEST_FIELD_KEY } from './template.js';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({
      JWT_SECRET: TEST_SECRET,
      FIELD_ENCRYPTION_KEY: TEST_FIELD_KEY.toString('base64'),
      DATA_DIR: '.tmp/unused',
      NODE_ENV: 'test',
      PORT: '3999',
    }),
    magicLinkLimitPerClient: 10_000,
    ...overrides,
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: ServerConfig;
  /** Signs in through the real magic-link flow and returns the access token. */
  signIn: (email: string) => Promise<string>;
  call: (options: InjectOptions & { token?: string | null }) => Promise<LightMyRequestResponse>;
  /** One request as a demo agent, signed in through the magic link on first use. */
  callAs: (email: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => Promise<LightMyRequestResponse>;
  one: <T>(query: ReturnType<typeof sql>) => Promise<T>;
  all: <T>(query: ReturnType<typeof sql>) => Promise<T[]>;
  close: () => Promise<void>;
}

/** A real server on a private copy of the seeded database, driven through inject. */
export async function createTestContext(overrides: Partial<ServerConfig> = {}): Promise<TestContext> {
  const database = await cloneTemplate();
  const config = testConfig(overrides);
  const app = await buildApp({ db: database.db, config, logger: process.env.TEST_LOG ? { level: 'error' } : false });
  await app.ready();
  const tokens = new Map<string, string>();
  let client = 0;

  const ctx: TestContext = {
    app,
    database,
    config,
    async signIn(email) {
      const cached = tokens.get(email);
      if (cached) return cached;
      const remoteAddress = `10.0.${Math.floor(++client / 250)}.${client % 250}`;
      const requested = await app.inject({ method: 'POST', url: '/api/agents/magic-link', payload: { email }, remoteAddress });
      if (requested.statusCode !== 202) throw new Error(`magic link for ${email}: ${requested.statusCode} ${requested.body}`);
      const mailbox = await app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` });
      const link: string | undefined = mailbox.json().messages[0]?.link;
      if (!link) throw new Error(`no magic link mailed to ${email}`);
      const token = new URL(link).searchParams.get('token');
      const exchanged = await app.inject({ method: 'POST', url: '/api/agents/email-login', payload: { token } });
      if (exchanged.statusCode !== 200) throw new Error(`exchange for ${email}: ${exchanged.statusCode} ${exchanged.body}`);
      const jwt: string = exchanged.json().jwt;
      tokens.set(email, jwt);
      return jwt;
    },
    call({ token, headers, ...options }) {
      return app.inject({ ...options, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    },
    async callAs(email, method, url, payload) {
      return ctx.call({ method, url, payload: payload as never, token: await ctx.signIn(email) });
    },
    async one<T>(query: ReturnType<typeof sql>) {
      const row = await firstRow<T>(database.db, query);
      if (row === undefined) throw new Error('query returned no row');
      return row;
    },
    all<T>(query: ReturnType<typeof sql>) {
      return rows<T>(database.db, query);
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
  return ctx;
}
