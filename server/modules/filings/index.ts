import { ctrBatchHandlers } from './ctr-batches.js';

/** Filings: the grouped filing batches and a batch's FinCEN file (SARs are read with their case, in cases/). */
export const filingsHandlers = { ...ctrBatchHandlers };
