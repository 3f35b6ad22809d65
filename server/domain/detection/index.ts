/** The detection engine: rules evaluated against stored events, raising alerts (see detect.ts). */
export { detectEvents, type DetectionSummary } from './detect.js';
export { enqueueDetection, detectionJobHandlers, DETECT_JOB } from './jobs.js';
