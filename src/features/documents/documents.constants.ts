// Texts and limits of the documents widgets (spec part 2, sections 2, 4, 8 and 9), used verbatim.
export const NO_DOCUMENTS = 'No documents available.';
export const PREVIEW_UNAVAILABLE = 'Preview unavailable';
export const NO_CHECK_IMAGES = 'There are no check images';
export const NO_VALID_CHECK_IMAGES = 'There is no valid transactions with check images';
export const DELETE_SUCCESS = 'Successfully deleted attachment.';
export const DELETE_FAILED = 'Failed to delete attachment. Please try again.';
export const CHECKS_FAILED = 'Failed to fetch check image transactions for entity. Please try again.';

/** The chip list shows this many documents, then "+N more". */
export const CHIPS_SHOWN = 2;
/** An embedded preview is loaded again up to 10 times, every 10 s. */
export const PREVIEW_RETRY_MAX = 10;
export const PREVIEW_RETRY_MS = 10_000;

export const MODE_LABELS = {
  view: 'View Documents',
  compareDocuments: 'Image Comparison against other documents',
  compareChecks: 'Image Comparison against other checks',
} as const;

/** Attaching a document (POST /attachments; our texts, in the spec's manner). */
export const ATTACH_FAILED = 'Failed to attach document. Please try again.';
export const ATTACH_TYPE_REFUSED = 'Attach a PNG, JPEG, WebP or GIF image, a PDF, a CSV or text file, or an Excel workbook.';
export const ATTACH_TOO_LARGE = 'The file is larger than 10 MiB.';
export const ATTACH_EMPTY = 'The file is empty.';
/** The server keeps a document of at most 10 MiB. */
export const ATTACH_MAX_BYTES = 10 * 2 ** 20;
