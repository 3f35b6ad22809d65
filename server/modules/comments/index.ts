/** Comments on any object (alerts, cases, SARs, data objects, rules): reading, writing, mentions. */
export { commentsHandlers } from './comments.js';

export { comment, comments, type CommentJson } from './comments.mappers.js';
export { commentsJson, loadComments } from './comments.queries.js';
