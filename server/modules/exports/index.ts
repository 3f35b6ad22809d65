import { exportHandlers } from './exports.js';

/** File exports: the list, exports of the alert and transaction lists, cancel, download; the job that writes them and the retention task. */
export const exportsHandlers = { ...exportHandlers };

export { EXPORT_JOB, exportJobHandlers, generateExport, type GenerateOptions } from './job.js';
export { deleteExpiredExports, exportRetentionTask } from './retention.js';
