/** The risk scoring engine (spec part 2 sections 3-9). */
export { evaluateEntities, scoreEntities, scoreOrganisation, runValidation, writeScores, activeModel, loadModel, type ScoreOptions } from './engine.js';
export { enqueueRescoreAll, enqueueScoreEntities, riskJobHandlers, rescoreStep, scheduleDailyRescores } from './jobs.js';
export { engineModel } from './model.js';
export { categoryOf, compare, evaluateOne } from './evaluate.js';
export { expandSnapshot, isStoredSnapshot, scoreOne, withTrace } from './trace.js';
export * from './constants.js';
export type * from './types.js';
