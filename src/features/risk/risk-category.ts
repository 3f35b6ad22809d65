// The risk category of a score (spec part 2, section 4) and how a score reads.
import { DEFAULT_HIGH_RISK_FLOOR, DEFAULT_LOW_RISK_CEILING, RISK_MAX, RISK_MIN } from './risk.constants';

export type RiskTone = 'error' | 'warning' | 'success';

export interface RiskCategory {
  label: 'High risk' | 'Medium risk' | 'Low risk';
  tone: RiskTone;
}

export interface RiskThresholds {
  high_risk_floor: number;
  low_risk_ceiling: number;
}

export const DEFAULT_THRESHOLDS: RiskThresholds = { high_risk_floor: DEFAULT_HIGH_RISK_FLOOR, low_risk_ceiling: DEFAULT_LOW_RISK_CEILING };

/**
 * Above the high-risk floor is High risk (error colour), below the low-risk ceiling Low risk
 * (success), otherwise Medium risk (warning). A score on a threshold is Medium.
 */
export function riskCategory(score: number, thresholds: RiskThresholds = DEFAULT_THRESHOLDS): RiskCategory {
  if (score > thresholds.high_risk_floor) return { label: 'High risk', tone: 'error' };
  if (score < thresholds.low_risk_ceiling) return { label: 'Low risk', tone: 'success' };
  return { label: 'Medium risk', tone: 'warning' };
}

/** Scores are kept to two decimals; they read as whole numbers, as the lists show them. */
export function formatScore(score: number): string {
  return String(Math.round(score));
}

/** A score held inside the risk bounds, for drawing. */
export function clampRisk(score: number): number {
  return Math.min(RISK_MAX, Math.max(RISK_MIN, score));
}
