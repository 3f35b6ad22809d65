/** Documents attached to objects: uploading, reading their bytes, deleting; an object's documents. */
export { attachmentsHandlers as documentsHandlers } from './attachments.js';

export { mapDocument, type DocumentRow } from './documents.mappers.js';
export { ownerDocuments } from './documents.queries.js';
export { ATTACHMENT_TYPES } from './attachments.js';
