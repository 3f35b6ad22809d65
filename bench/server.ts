import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

export interface RunningServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the real server on the production build with the default demo data in a fresh data folder,
 * and resolves once GET /api/app-version answers 200.
 */
export async function startDemoServer(port: number, dataDir: string): Promise<RunningServer> {
  rmSync(dataDir, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    // The bench signs the same demo agent in more than once.
    MAGIC_LINK_LIMIT_PER_ADDRESS: '1000',
    MAGIC_LINK_LIMIT_PER_CLIENT: '1000',
  };
  delete env.SEED_SCALE; // the default scale is the demo data
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = performance.now() + 180_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the bench server exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/app-version`)).ok) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('the bench server was not serving within 180 s');
}
