// The risk display pieces every area may use (the entity pages, lists of entities, risk ratings).
export { RiskGauge } from './RiskGauge';
export { NotScored, RiskScore, useLatestScore } from './RiskScore';
export { RiskScoreDetail } from './RiskScoreDetail';
export { RiskTrace } from './RiskTrace';
export { DEFAULT_THRESHOLDS, formatScore, riskCategory, type RiskCategory, type RiskThresholds, type RiskTone } from './risk-category';
export { useCanReadRisk, useRiskThresholds } from './use-risk';
export { UNSCORED_TOOLTIP } from './risk.constants';
