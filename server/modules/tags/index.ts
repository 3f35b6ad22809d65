/** Tags: the organisation's tags, editing an object's tags, and the label edits that record it. */
export { tagsHandlers } from './tags.js';

export { tag, tags } from './tags.mappers.js';
export { tagFilter, tagsJson } from './tags.queries.js';
