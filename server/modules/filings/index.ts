import { ctrBatchHandlers } from './ctr-batches.js';
import { ctrDataHandlers } from './ctr-data.js';
import { fintracHandlers } from './fintrac.js';
import { filingSettingsHandlers } from './settings.js';
import { sarWriteHandlers } from './sars.js';

/** Filings: the grouped filing batches and a batch's FinCEN file, writing SARs and FINTRAC reports (a SAR's summary is read with its case, in cases/). */
export const filingsHandlers = { ...ctrBatchHandlers, ...ctrDataHandlers, ...sarWriteHandlers, ...filingSettingsHandlers, ...fintracHandlers };
export { listGroupedFilings } from './ctr-batches.js';
