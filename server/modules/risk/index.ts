import { entityScoresHandlers } from './entity-scores.js';
import { riskModelHandlers } from './risk-models.js';

/** Risk ratings: the risk models' lifecycle (draft, validate, activate, archive) and entities' scores. */
export const riskHandlers = { ...riskModelHandlers, ...entityScoresHandlers };
export { listRiskModels } from './risk-models.js';
