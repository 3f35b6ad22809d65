// The spec's texts for the error pages (part 1, sections 2 and 8), verbatim.

export const NOT_FOUND_TITLE = 'Page not found';
export const TAKE_ME_HOME = 'Take me home';
export const GENERIC_ERROR_TITLE = 'Sorry, Something Went Wrong';
export const GENERIC_ERROR_TEXT = 'An Unexpected Error Has Occurred';
export const CHUNK_ERROR_TEXT = 'Something failed to load, thank you for your patience. Please reload and try again.';
export const RUNTIME_ERROR_TEXT =
  'Something unexpected has happened. We have received the error and are working on it. Please reload or try again. If this issue persists, contact support.';

// Not given by the spec.
export const GO_BACK = 'Go back to the previous page';
export const SUPPORT_HREF = 'mailto:support@vigil.invalid';
export const CONTACT_SUPPORT = 'Contact support';
