import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/client.js';
import { claimJob, completeJob, failJob, heartbeat, type ClaimedJob } from './queue.js';

/**
 * One worker loop in the server process: claims due jobs one at a time and runs their handler,
 * sleeping between polls. Reads that enqueue work call wakeWorkers() so a job starts at once
 * rather than at the next poll; the poll only matters for retries and for jobs enqueued by
 * another process. Periodic tasks (the cold-storage sweep) ride on the same loop.
 */

/** The server log (app.log in server/index.ts): where a job's detail goes that no answer may show. */
export type JobLog = (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void;

export interface JobContext {
  db: Db;
  dataDir: string;
  workerId: string;
  log?: JobLog;
}

export type JobHandler = (job: ClaimedJob, ctx: JobContext) => Promise<unknown>;

export interface PeriodicTask {
  name: string;
  everyMs: number;
  /** the first run comes this long after start (default everyMs) */
  firstAfterMs?: number;
  run: (ctx: JobContext) => Promise<void>;
}

export interface WorkerOptions {
  db: Db;
  dataDir: string;
  handlers: Record<string, JobHandler>;
  periodic?: PeriodicTask[];
  /** between polls when idle (default 500 ms) */
  pollMs?: number;
  /** a running job not heartbeaten for this long is claimed again (default 15 s) */
  leaseSeconds?: number;
  log?: JobLog;
}

export interface Worker {
  readonly id: string;
  /** runs a poll now instead of waiting for the next one */
  wake: () => void;
  /** stops after the job in hand; resolves when the loop has ended */
  stop: () => Promise<void>;
}

const live = new Set<Worker>();

/** Tells every worker of this process that work was just enqueued. */
export function wakeWorkers(): void {
  for (const worker of live) worker.wake();
}

export function startWorker(options: WorkerOptions): Worker {
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const pollMs = options.pollMs ?? 500;
  const leaseSeconds = options.leaseSeconds ?? 15;
  const kinds = Object.keys(options.handlers);
  const log = options.log ?? (() => {});
  const ctx: JobContext = { db: options.db, dataDir: options.dataDir, workerId: id, log };
  const started = Date.now();
  const lastRun = new Map<string, number>((options.periodic ?? []).map((t) => [t.name, started - t.everyMs + (t.firstAfterMs ?? t.everyMs)]));
  let stopped = false;
  let wakeUp: (() => void) | null = null;
  let woken = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopped) {
        woken = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        woken = false;
        resolve();
      }
      wakeUp = done;
    });

  async function runPeriodic() {
    for (const task of options.periodic ?? []) {
      const now = Date.now();
      if (now - lastRun.get(task.name)! < task.everyMs) continue;
      lastRun.set(task.name, now);
      try {
        await task.run(ctx);
      } catch (err) {
        log('error', `periodic task ${task.name} failed`, { err: String(err) });
      }
    }
  }

  async function runJob(job: ClaimedJob) {
    const handler = options.handlers[job.kind];
    // the lease is renewed while the handler works, so only a dead process loses its claim
    const beat = setInterval(() => void heartbeat(options.db, job.id, id).catch(() => {}), (leaseSeconds * 1000) / 3);
    try {
      const result = await handler(job, ctx);
      await completeJob(options.db, job.id, id, result);
    } catch (err) {
      const outcome = await failJob(options.db, job, id, err).catch(() => 'unrecorded');
      log(outcome === 'failed' ? 'error' : 'warn', `job ${job.kind} #${job.id} attempt ${job.attempts} failed (${outcome})`, { err: String(err) });
    } finally {
      clearInterval(beat);
    }
  }

  async function loop() {
    while (!stopped) {
      try {
        await runPeriodic();
        const job = kinds.length ? await claimJob(options.db, id, kinds, leaseSeconds) : undefined;
        if (job) {
          await runJob(job);
          // On PGlite the jobs share the server's thread and its one connection: between two jobs
          // requests get a turn (a file's detection batches would otherwise hold them for seconds).
          await new Promise<void>((resolve) => setImmediate(resolve));
          continue;
        }
      } catch (err) {
        if (stopped) break;
        log('error', 'job worker poll failed', { err: String(err) });
      }
      await sleep(pollMs);
    }
  }

  const worker: Worker = {
    id,
    wake() {
      woken = true;
      wakeUp?.();
    },
    async stop() {
      stopped = true;
      live.delete(worker);
      wakeUp?.();
      await finished;
    },
  };
  live.add(worker);
  const finished = loop();
  return worker;
}
