/** Rules: a detection model and its validation runs. */
export { detectionModelHandlers as rulesHandlers } from './detection-models.js';
export { visibleRule } from './detection-models.js';
