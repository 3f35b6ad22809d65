// Texts and constants of the entity page (spec part 2, sections 4, 8 and 9), used verbatim.

export const ENTITY_FAILED = 'Failed to retrieve entity.';
export const CHECK_IMAGES_FAILED = 'Failed to fetch check image transactions for entity. Please try again.';
export const NO_CHECK_IMAGES = 'There are no check images';
export const NO_VALID_CHECK_IMAGES = 'There is no valid transactions with check images';
export const NOTHING_TO_DISPLAY = 'No information to display';
export const NO_DOCUMENTS = 'No documents available.';
/** The risk texts and defaults are the shared risk display's (src/features/risk). */
export { DEFAULT_HIGH_RISK_FLOOR, DEFAULT_LOW_RISK_CEILING, UNSCORED_TOOLTIP } from '../../../features/risk/risk.constants';
