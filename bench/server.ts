import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { serverNodeFlags } from '../server/runtime.js';

export interface RunningServer {
  baseUrl: string;
  /** the server's Node process (its pid; its IPC channel when started with `ipc`) */
  process: ChildProcess;
  stop: () => Promise<void>;
}

export interface ServerOptions {
  port: number;
  /** PGlite data folder (ignored with databaseUrl) */
  dataDir?: string;
  /** PostgreSQL instead of PGlite */
  databaseUrl?: string;
  /** start from an empty data folder, removed again on stop (the demo data is seeded at start) */
  fresh: boolean;
  /** Node flags after the server's own (e.g. `--import` of a bench probe) */
  nodeArgs?: string[];
  /** an IPC channel to the server process (the probe of the load phase answers on it) */
  ipc?: boolean;
}

/**
 * Starts the real server on the production build and resolves once GET /api/app-version answers
 * 200. On an empty database the server seeds the default demo data first.
 */
export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  if (opts.fresh && opts.dataDir) rmSync(opts.dataDir, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(opts.port),
    DATA_DIR: opts.dataDir ?? '',
    LOG_LEVEL: 'warn',
    DATABASE_URL: opts.databaseUrl ?? '',
    // The bench signs the same demo agent in more than once.
    MAGIC_LINK_LIMIT_PER_ADDRESS: '1000',
    MAGIC_LINK_LIMIT_PER_CLIENT: '1000',
  };
  delete env.SEED_SCALE; // the default scale is the demo data
  const args = [...serverNodeFlags(opts.databaseUrl), '--import', 'tsx', ...(opts.nodeArgs ?? []), 'server/index.ts'];
  const child = spawn(process.execPath, args, { env, stdio: opts.ipc ? ['ignore', 'ignore', 'inherit', 'ipc'] : ['ignore', 'ignore', 'inherit'] });
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    if (opts.fresh && opts.dataDir) rmSync(opts.dataDir, { recursive: true, force: true });
  };

  const deadline = performance.now() + 180_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the bench server exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/app-version`)).ok) return { baseUrl, process: child, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('the bench server was not serving within 180 s');
}

/** The server with the default demo data in a fresh data folder. */
export function startDemoServer(port: number, dataDir: string): Promise<RunningServer> {
  return startServer({ port, dataDir, fresh: true });
}
