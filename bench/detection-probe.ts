/**
 * The detection phase's probe: imported into the real server's process (`node --import tsx
 * --import ./bench/detection-probe.ts server/index.ts`); the server's code is not changed. It
 * answers SQL over the process's IPC channel, on the server's own database: on PGlite the server's
 * instance (found on its first query; a query waits for any transaction in progress, as PGlite runs
 * one at a time), on PostgreSQL a connection of its own. The bench asks it whether detection jobs
 * are still queued or running, for the counts of what detection wrote, and to set rules live.
 */
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';

export interface ProbeQuestion {
  probe: 'sql';
  seq: number;
  text: string;
}

export interface ProbeAnswer {
  probe: 'sql';
  seq: number;
  rows?: Array<Record<string, unknown>>;
  error?: string;
}

let lite: PGlite | null = null;
const proto = PGlite.prototype as unknown as Record<'query' | 'exec' | 'transaction', (...args: unknown[]) => unknown>;
for (const method of ['query', 'exec', 'transaction'] as const) {
  const original = proto[method];
  proto[method] = function (this: PGlite, ...args: unknown[]) {
    // the server's one instance, kept to ask it questions (the probe has no other way to reach it)
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    lite ??= this;
    return original.apply(this, args);
  };
}

const url = process.env.DATABASE_URL;
const pg = url ? postgres(url, { max: 1, onnotice: () => {} }) : null;

async function run(text: string): Promise<Array<Record<string, unknown>>> {
  if (pg) return [...(await pg.unsafe(text))] as Array<Record<string, unknown>>;
  if (!lite) throw new Error('the server has not opened its database yet');
  return (await lite.query<Record<string, unknown>>(text)).rows;
}

process.on('message', (received: unknown) => {
  const message = received as ProbeQuestion;
  if (message?.probe !== 'sql') return;
  run(message.text).then(
    (rows) => process.send?.({ probe: 'sql', seq: message.seq, rows } satisfies ProbeAnswer),
    (error: unknown) => process.send?.({ probe: 'sql', seq: message.seq, error: error instanceof Error ? error.message : String(error) } satisfies ProbeAnswer),
  );
});
