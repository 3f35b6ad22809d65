import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit is used only to generate migrations (`npx drizzle-kit generate`). They are applied
 * by the server at start with drizzle's migrate() (server/db/client.ts), never by drizzle-kit.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
