// The real server for the work widgets' component tests (tests/ui/work-server.ts): a private copy
// of the seeded database behind a Fastify app on a free local port. It runs in its own Node process
// because the jsdom test environment transforms modules for the browser, which the server's
// modules (file URLs, PGlite) do not survive. Commands arrive as lines on stdin ("signin <email>")
// and answers leave as JSON lines on stdout.
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { createTestContext } from '../server/helpers/app';

const ctx = await createTestContext();
const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
const say = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);
say({ ready: true, url: address });

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  // "sql <statement>": state no API call makes (a label edit another writer left unfinished)
  if (line.startsWith('sql ')) {
    ctx.database.db.execute(sql.raw(line.slice(4))).then(
      (result) => say({ rows: (result as { rows?: unknown[] }).rows ?? result }),
      (error: unknown) => say({ error: String(error) }),
    );
    return;
  }
  const [command, arg] = line.trim().split(/\s+/);
  if (command === 'signin' && arg) {
    ctx.signIn(arg).then(
      (token) => say({ token }),
      (error: unknown) => say({ error: String(error) }),
    );
  }
});
lines.on('close', () => {
  void ctx.close().finally(() => process.exit(0));
});
