import { flatFilesHandlers } from './flat-files.js';
import { streamMappingHandlers } from './stream-mapping.js';

/** Ingestion: flat files (upload, run, errors) and the data streams' column mappings. */
export const ingestionHandlers = { ...flatFilesHandlers, ...streamMappingHandlers };

export { FLAT_FILE_MEDIA_TYPES } from './flat-files.js';
