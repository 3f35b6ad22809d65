import type { Db } from '../db/client.js';
import { censorshipJobHandlers } from '../domain/censorship/reencrypt.js';
import { coldStorageJobHandlers, sweepTask } from '../domain/cold-storage/jobs.js';
import { detectionJobHandlers, orphanedValidationsTask } from '../domain/detection/index.js';
import { acknowledgementsTask } from '../domain/filings/acks.js';
import { continuingActivityTask } from '../domain/filings/continuing.js';
import { ctrBatchesTask, ctrTransportJobHandlers } from '../domain/filings/ctr-transport.js';
import '../domain/filings/fintrac/acks.js';
import { fintracBatchesTask, fintracJobHandlers } from '../domain/filings/fintrac/jobs.js';
import { lctrDraftingTask } from '../domain/filings/fintrac/lctr.js';
import { filingJobHandlers } from '../domain/filings/jobs.js';
import { sarBatchesTask, transportJobHandlers, type FilingFolders } from '../domain/filings/transport.js';
import { ingestionJobHandlers } from '../domain/ingestion/job.js';
import { orphanedExecutionsTask } from '../domain/ingestion/reconcile.js';
import { dailyRescoreTask, riskJobHandlers } from '../domain/risk/jobs.js';
import { exportJobHandlers, exportRetentionTask } from '../modules/exports/index.js';
import { riskValidationJobHandlers } from './risk-validation.js';
import { startWorker, type Worker, type WorkerOptions } from './worker.js';

/** The worker's settings; server/index.ts passes those of the server's configuration (ServerConfig). */
export interface JobWorkerOptions {
  db: Db;
  dataDir: string;
  /** how often organisations with cold storage on are swept (default 60 minutes) */
  sweepEveryMs?: number;
  pollMs?: number;
  /** how long a dead worker's job waits before another claims it (default 15 s; tests shorten it) */
  leaseSeconds?: number;
  /** rows an ingestion run writes per transaction (default 5,000) */
  ingestBatchRows?: number;
  /** the key of ENCRYPTED data settings, for an ingestion run in a process that has not set it */
  fieldKey?: Buffer;
  /** how often submitted SARs are put in a batch (default 1 minute) and the acknowledgements folder is read (default 30 s) */
  sarBatchEveryMs?: number;
  /** the submissions and acknowledgements folders (the data folder's when unset), and the SFTP server batches go to when one is configured */
  filings?: FilingFolders;
  acknowledgementsEveryMs?: number;
  /** days an export's file is kept after it finished (default 7) */
  exportRetentionDays?: number;
  log?: WorkerOptions['log'];
}

/** The server's one worker loop, with every kind of job it runs. Started by server/index.ts. */
export function startJobWorker(options: JobWorkerOptions): Worker {
  return startWorker({
    db: options.db,
    dataDir: options.dataDir,
    handlers: {
      ...coldStorageJobHandlers,
      ...riskJobHandlers,
      ...ingestionJobHandlers({ batchRows: options.ingestBatchRows, fieldKey: options.fieldKey }),
      ...riskValidationJobHandlers,
      ...censorshipJobHandlers,
      ...detectionJobHandlers,
      ...filingJobHandlers,
      ...transportJobHandlers(options.filings),
      ...ctrTransportJobHandlers(options.filings),
      ...fintracJobHandlers(options.filings),
      ...exportJobHandlers(),
    },
    periodic: [
      sweepTask(options.sweepEveryMs ?? 60 * 60_000),
      dailyRescoreTask(24 * 3600_000),
      orphanedExecutionsTask(5 * 60_000),
      orphanedValidationsTask(5 * 60_000),
      sarBatchesTask(options.sarBatchEveryMs ?? 60_000),
      acknowledgementsTask(options.acknowledgementsEveryMs ?? 30_000, options.filings),
      continuingActivityTask(15 * 60_000),
      ctrBatchesTask(15 * 60_000),
      fintracBatchesTask(options.sarBatchEveryMs ?? 60_000),
      lctrDraftingTask(60 * 60_000),
      exportRetentionTask(60 * 60_000, options.exportRetentionDays ?? 7),
    ],
    pollMs: options.pollMs,
    leaseSeconds: options.leaseSeconds,
    log: options.log,
  });
}
