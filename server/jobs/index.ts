import type { Db } from '../db/client.js';
import { censorshipJobHandlers } from '../domain/censorship/reencrypt.js';
import { coldStorageJobHandlers, sweepTask } from '../domain/cold-storage/jobs.js';
import { ingestionJobHandlers } from '../domain/ingestion/job.js';
import { orphanedExecutionsTask } from '../domain/ingestion/reconcile.js';
import { dailyRescoreTask, riskJobHandlers } from '../domain/risk/jobs.js';
import { riskValidationJobHandlers } from './risk-validation.js';
import { startWorker, type Worker, type WorkerOptions } from './worker.js';

export interface JobWorkerOptions {
  db: Db;
  dataDir: string;
  /** how often organisations with cold storage on are swept (default COLD_STORAGE_SWEEP_MINUTES, 60) */
  sweepEveryMs?: number;
  pollMs?: number;
  leaseSeconds?: number;
  log?: WorkerOptions['log'];
}

function sweepMinutes(): number {
  const raw = Number(process.env.COLD_STORAGE_SWEEP_MINUTES ?? 60);
  return Number.isFinite(raw) && raw > 0 ? raw : 60;
}

/** JOB_LEASE_SECONDS: how long a dead worker's job waits before another claims it (default 15 s; tests shorten it). */
function leaseFromEnv(): number | undefined {
  const raw = Number(process.env.JOB_LEASE_SECONDS);
  return Number.isFinite(raw) && raw > 0 ? raw : undefined;
}

/** The server's one worker loop, with every kind of job it runs. Started by server/index.ts. */
export function startJobWorker(options: JobWorkerOptions): Worker {
  return startWorker({
    db: options.db,
    dataDir: options.dataDir,
    handlers: { ...coldStorageJobHandlers, ...riskJobHandlers, ...ingestionJobHandlers, ...riskValidationJobHandlers, ...censorshipJobHandlers },
    periodic: [sweepTask(options.sweepEveryMs ?? sweepMinutes() * 60_000), dailyRescoreTask(24 * 3600_000), orphanedExecutionsTask(5 * 60_000)],
    pollMs: options.pollMs,
    leaseSeconds: options.leaseSeconds ?? leaseFromEnv(),
    log: options.log,
  });
}
