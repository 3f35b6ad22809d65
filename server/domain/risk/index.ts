/** The risk scoring engine (spec part 2 sections 3-9). */
export { scoreEntities, scoreOrganisation, runValidation, writeScores, activeModel, loadModel, type ScoreOptions } from './engine.js';
export { enqueueRescoreAll, enqueueScoreEntities, riskJobHandlers, rescoreStep, scheduleDailyRescores } from './jobs.js';
export { engineModel } from './model.js';
export { categoryOf, scoreOne, compare } from './evaluate.js';
export * from './constants.js';
export type * from './types.js';
