/** Rules: the detection rules' list, pages, lifecycle, validations and hits; rule silencing; the rules admin dashboard. */
import { detectionModelHandlers } from './detection-models.js';
import { ruleHandlers } from './rules.js';
import { silenceHandlers } from './silences.js';
import { rulesAdminHandlers } from './admin.js';

export const rulesHandlers = { ...detectionModelHandlers, ...ruleHandlers, ...silenceHandlers, ...rulesAdminHandlers };
export { visibleRule } from './detection-models.js';
export { listRules, listRuleValidations } from './rules.js';
