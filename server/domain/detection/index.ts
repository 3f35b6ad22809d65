/** The detection engine: rules evaluated against stored events, raising alerts (see detect.ts). */
export { detectEvents, type DetectionSummary } from './detect.js';
export { enqueueDetection, enqueueRuleValidation, detectionJobHandlers, DETECT_JOB, orphanedValidationsTask, requeueOrphanedValidations } from './jobs.js';
export { RULE_VALIDATION_JOB, runRuleValidation, backtest } from './backtest.js';
