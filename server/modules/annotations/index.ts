/** The tags, documents and comments of investigation objects, read for a page of objects at once. */
export { loadAnnotations } from './annotations.js';
