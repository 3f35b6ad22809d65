import { ctrBatchHandlers } from './ctr-batches.js';
import { ctrDataHandlers } from './ctr-data.js';
import { filingSettingsHandlers } from './settings.js';
import { sarWriteHandlers } from './sars.js';

/** Filings: the grouped filing batches and a batch's FinCEN file, and writing SARs (a SAR's summary is read with its case, in cases/). */
export const filingsHandlers = { ...ctrBatchHandlers, ...ctrDataHandlers, ...sarWriteHandlers, ...filingSettingsHandlers };
