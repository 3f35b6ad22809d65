import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

/**
 * One bench at a time on this machine: two runs would share the server port, the bench's own
 * PostgreSQL and the cached large databases (a second run could reseed one under the first). A
 * lock folder holds the owner's pid; a lock whose process is gone is taken over.
 */
const LOCK_DIR = '.tmp/bench.lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function acquireBenchLock(): Promise<() => void> {
  mkdirSync('.tmp', { recursive: true });
  let told = false;
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      writeFileSync(`${LOCK_DIR}/pid`, String(process.pid));
      const release = () => rmSync(LOCK_DIR, { recursive: true, force: true });
      process.once('exit', release);
      return release;
    } catch {
      let owner = 0;
      try {
        owner = Number(readFileSync(`${LOCK_DIR}/pid`, 'utf8'));
      } catch {
        // the owner has not written its pid yet
      }
      if (owner && !alive(owner)) {
        rmSync(LOCK_DIR, { recursive: true, force: true });
        continue;
      }
      if (!told) console.log(`bench: another bench (pid ${owner || '?'}) is running; waiting for it to finish`);
      told = true;
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
}
