// Texts and constants of the entity page (spec part 2, sections 4, 8 and 9), used verbatim.

export const ENTITY_FAILED = 'Failed to retrieve entity.';
export const CHECK_IMAGES_FAILED = 'Failed to fetch check image transactions for entity. Please try again.';
export const NO_CHECK_IMAGES = 'There are no check images';
export const NO_VALID_CHECK_IMAGES = 'There is no valid transactions with check images';
export const NOTHING_TO_DISPLAY = 'No information to display';
export const NO_DOCUMENTS = 'No documents available.';
export const UNSCORED_TOOLTIP =
  'This entity has not been scored yet. It may be new and will be scored within 24 hours, or it may be excluded by the active risk model’s filters.';

/** Spec part 2, section 9: default thresholds, used when no risk model is active. */
export const DEFAULT_HIGH_RISK_FLOOR = 80;
export const DEFAULT_LOW_RISK_CEILING = 40;
