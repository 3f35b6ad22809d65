import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { serverNodeFlags } from '../server/runtime.js';

export interface StartupResult {
  label: string;
  seconds: number;
}

/** Starts the real server as `npm start` does and measures until /api/app-version answers. */
async function timeStart(dataDir: string, port: number, label: string): Promise<StartupResult> {
  const started = performance.now();
  const child = spawn(process.execPath, [...serverNodeFlags(undefined), '--import', 'tsx', 'server/index.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const deadline = started + 180_000;
    while (performance.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} during ${label}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/app-version`);
        if (res.ok) return { label, seconds: (performance.now() - started) / 1000 };
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`${label}: not serving within 180 s`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

export async function measureStartup(): Promise<StartupResult[]> {
  const dataDir = '.tmp/bench-startup';
  rmSync(dataDir, { recursive: true, force: true });
  const first = await timeStart(dataDir, 3201, 'first start: create, migrate and seed the demo data on PGlite');
  const again = await timeStart(dataDir, 3202, 'start on the existing database');
  rmSync(dataDir, { recursive: true, force: true });
  return [first, again];
}
