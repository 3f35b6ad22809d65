// Risk display texts and constants (spec part 2, sections 4, 7, 8 and 9), used verbatim.

/** Spec part 2, section 8: why an entity may have no score. */
export const UNSCORED_TOOLTIP =
  'This entity has not been scored yet. It may be new and will be scored within 24 hours, or it may be excluded by the active risk model’s filters.';

/** Spec part 2, section 9: risk bounds and the default thresholds (used when no risk model is active), shared with the server. */
export { DEFAULT_HIGH_RISK_FLOOR, DEFAULT_LOW_RISK_CEILING, RISK_MAX, RISK_MIN } from '../../../core/risk/constants';

/** The gauge's marks. */
export const GAUGE_MARKS = [0, 50, 100] as const;

/** Not in the spec's error catalogue: the risk tab's own failure text. */
export const SCORE_FAILED = 'Failed to load the risk score.';

export const NOT_SCORED = 'Not scored';
